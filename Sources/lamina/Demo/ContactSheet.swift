// The contact sheet `gallery.png`: every figure's CPU render shrunk to a
// thumbnail and laid out on a grid with a gap. Shrinking is a box filter
// by a whole factor k (each thumbnail pixel is the mean of a k×k block of
// premultiplied pixels, partial blocks at the edges averaged over what
// they hold), k the smallest that fits the cell, so thumbnails are sharp
// enough to recognise and cost one pass.
//
// Rejected: bilinear shrinking (skips pixels and aliases at factors > 2)
// and text labels (would need a font; the HTML page carries the captions).
import Lamina

enum ContactSheet {
  /// Shrinks `image` by the smallest whole factor that fits `maxWidth`×`maxHeight`.
  static func thumbnail(_ image: Image, maxWidth: Int, maxHeight: Int) -> Image {
    let k = max(
      1, (image.width + maxWidth - 1) / maxWidth, (image.height + maxHeight - 1) / maxHeight)
    guard k > 1 else { return image }
    let w = (image.width + k - 1) / k
    let h = (image.height + k - 1) / k
    var out = [UInt8](repeating: 0, count: w * h * 4)
    image.pixels.withUnsafeBufferPointer { src in
      for ty in 0..<h {
        let y0 = ty * k
        let y1 = min(image.height, y0 + k)
        for tx in 0..<w {
          let x0 = tx * k
          let x1 = min(image.width, x0 + k)
          var sum = (0, 0, 0, 0)
          for y in y0..<y1 {
            var i = (y * image.width + x0) * 4
            for _ in x0..<x1 {
              sum.0 += Int(src[i])
              sum.1 += Int(src[i + 1])
              sum.2 += Int(src[i + 2])
              sum.3 += Int(src[i + 3])
              i += 4
            }
          }
          let n = (y1 - y0) * (x1 - x0)
          let o = (ty * w + tx) * 4
          out[o] = UInt8((sum.0 + n / 2) / n)
          out[o + 1] = UInt8((sum.1 + n / 2) / n)
          out[o + 2] = UInt8((sum.2 + n / 2) / n)
          out[o + 3] = UInt8((sum.3 + n / 2) / n)
        }
      }
    }
    return Image(width: w, height: h, premultipliedPixels: out)
  }

  /// Lays `images` out row by row, `columns` to a row, each shrunk into a
  /// `cellWidth`×`cellHeight` cell and centred in it, `gap` pixels apart and
  /// around, on an opaque `background`.
  static func sheet(
    _ images: [Image], columns: Int = 5, cellWidth: Int = 240, cellHeight: Int = 152, gap: Int = 12,
    background: (UInt8, UInt8, UInt8) = (255, 255, 255)
  ) -> Image {
    let columns = max(1, min(columns, images.count))
    let rows = (images.count + columns - 1) / columns
    let width = gap + columns * (cellWidth + gap)
    let height = gap + max(rows, 1) * (cellHeight + gap)
    var out = [UInt8](repeating: 255, count: width * height * 4)
    for i in stride(from: 0, to: out.count, by: 4) {
      (out[i], out[i + 1], out[i + 2]) = background
    }
    for (index, image) in images.enumerated() {
      let thumb = thumbnail(image, maxWidth: cellWidth, maxHeight: cellHeight)
      let left = gap + (index % columns) * (cellWidth + gap) + (cellWidth - thumb.width) / 2
      let top = gap + (index / columns) * (cellHeight + gap) + (cellHeight - thumb.height) / 2
      for y in 0..<thumb.height {
        for x in 0..<thumb.width {
          let s = (y * thumb.width + x) * 4
          let d = ((top + y) * width + left + x) * 4
          // Premultiplied source-over onto the opaque background.
          let inverse = 255 - Int(thumb.pixels[s + 3])
          for c in 0..<3 {
            out[d + c] = UInt8(
              min(255, Int(thumb.pixels[s + c]) + (Int(out[d + c]) * inverse + 127) / 255))
          }
        }
      }
    }
    return Image(width: width, height: height, premultipliedPixels: out)
  }
}
