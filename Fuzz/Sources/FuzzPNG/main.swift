// libFuzzer target: the PNG reader (libpng's simplified API behind
// `StraightImage(pngData:)`). Any bytes must decode to an image whose pixel
// buffer matches its size, or throw `PNGError`. A decoded image must
// re-encode and decode to the same pixels.
import FuzzDriver
import Lamina

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  let limits = RenderLimits(maxDimension: 2048, maxPixelBytes: 8 << 20)
  guard let image = try? StraightImage(pngData: bytes, limits: limits) else { return 0 }
  precondition(image.width > 0 && image.height > 0)
  precondition(image.pixels.count == image.width * image.height * 4, "pixel buffer size mismatch")
  if let again = try? StraightImage(pngData: image.pngData(), limits: limits) {
    precondition(again == image, "PNG round trip changed the image")
  } else {
    preconditionFailure("a decoded image does not re-encode")
  }
  return 0
}

// The driver runs from here with the command line. The function is also
// exported as `LLVMFuzzerTestOneInput`, which libFuzzer's own `main`
// (linked from its archive) refers to.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in fuzzPNG(data, count) })
