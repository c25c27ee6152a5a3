// ClipStage: the product of a command's clips over a tile, exact area
// coverage like every other edge (mirrors the clip helpers of the GL
// shaders). A rounded-rect clip is its outline projected to target pixels.
// A convex clip is a fragment of the 3D sort: local half-planes that,
// through the inverse homography, become half-planes of target pixels
// ((X, Y, 1)·H⁻¹ is proportional to (x, y, 1) with a positive factor where
// w > 0). A fragment's cut is not anti-aliased: a pixel belongs to the
// fragment whose half-planes hold its centre (ties go to the side whose
// line normal points right, or down), so the fragments of one layer tile
// it with no seam and no overlap, as Chromium's compositor leaves split
// edges un-anti-aliased. Anti-aliased cuts had drawn the two halves with
// coverages k and 1 − k, which source-over composites to 1 − k(1 − k): a
// seam of up to a quarter of the layer's alpha along every cut.
//
// A region wholly inside a clip is not rasterized: its product would be 1
// at every pixel (a convex polygon holding the region's four corners, 10⁻⁶
// pixel in, holds every pixel square whole, whose accumulated area
// `resolve` writes as exactly 1; half-planes holding the four corner
// centres clear of the tie band hold every centre, d being linear), so the
// tile's values stay what they were, bit for bit. A card's text is many
// draws under the card's clip: in a steady S7 frame the clip's accumulation
// per draw and tile was 45 % of LaminaCPU's time.
import Lamina

/// Flattening tolerance of curved edges, in target pixels.
let flatteningTolerance = 0.001

/// A rounded rectangle's outline in target pixels.
func projectedOutline(_ shape: RoundedRect, _ h: Homography) -> [SIMD2<Double>] {
  let scale = h.maxScale(over: shape.rect)
  return h.project(shape.outline(tolerance: flatteningTolerance / scale))
}

/// One clip, ready to rasterize.
enum PreparedClip: Sendable {
  /// A polygon in target pixels; `turn` is the sign of its corners' turn
  /// when it is convex (a rounded rectangle through a homography with
  /// w > 0), else 0.
  case polygon([SIMD2<Double>], turn: Double)
  /// Half-planes A·X + B·Y + C ≥ 0 in target pixels (the first is w > 0).
  case halfPlanes([SIMD3<Double>])
}

/// The clips of one command.
struct PreparedClips: Sendable {
  var clips: [PreparedClip]
  /// Where the product can be non-zero.
  var bounds: PixelRect

  init(_ clips: [Clip], within limit: PixelRect) {
    var bounds = limit
    var prepared: [PreparedClip] = []
    for clip in clips {
      let h = Homography(clip.matrix)
      switch clip.shape {
      case .roundedRect(let shape):
        let polygon = projectedOutline(shape, h)
        bounds = bounds.intersection(pixelBounds(polygon, within: limit))
        prepared.append(.polygon(polygon, turn: Self.turn(polygon)))
      case .convex(let planes):
        guard let inv = h.inverse else {
          bounds = .empty
          continue
        }
        let m = inv.m
        var lines = [SIMD3(m.2, m.5, m.8)]  // w > 0
        for p in planes {
          lines.append(
            SIMD3(
              p.a * m.0 + p.b * m.1 + p.c * m.2,
              p.a * m.3 + p.b * m.4 + p.c * m.5,
              p.a * m.6 + p.b * m.7 + p.c * m.8))
        }
        let box = Self.cut(Self.square(limit), by: lines)
        bounds = bounds.intersection(pixelBounds(box, within: limit))
        prepared.append(.halfPlanes(lines))
      }
    }
    self.clips = prepared
    self.bounds = bounds
  }

  var isEmpty: Bool { clips.isEmpty }

  /// The sign of a convex polygon's turn (every corner turning one way,
  /// none straight back), or 0.
  static func turn(_ polygon: [SIMD2<Double>]) -> Double {
    let n = polygon.count
    guard n >= 3 else { return 0 }
    var sign = 0.0
    for i in 0..<n {
      let a = polygon[i], b = polygon[(i + 1) % n], c = polygon[(i + 2) % n]
      let u = b - a, v = c - b
      let cross = u.x * v.y - u.y * v.x
      guard cross.isFinite else { return 0 }
      if cross == 0 { continue }
      if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0) != (sign > 0) { return 0 }
    }
    return sign
  }

  /// Whether `clip` is 1 over every pixel of `region` (false when unsure).
  static func holdsWhole(_ clip: PreparedClip, _ region: PixelRect) -> Bool {
    switch clip {
    case .polygon(let polygon, let turn):
      guard turn != 0 else { return false }
      let corners = square(region)
      var a = polygon[polygon.count - 1]
      for b in polygon {
        let e = b - a
        let length = (e.x * e.x + e.y * e.y).squareRoot()
        for p in corners {
          let q = p - a
          guard turn * (e.x * q.y - e.y * q.x) > 1e-6 * length else { return false }
        }
        a = b
      }
      return true
    case .halfPlanes(let lines):
      let xs = (Double(region.x0) + 0.5, Double(region.x1) - 0.5)
      let ys = (Double(region.y0) + 0.5, Double(region.y1) - 0.5)
      for l in lines {
        for (x, y) in [(xs.0, ys.0), (xs.1, ys.0), (xs.0, ys.1), (xs.1, ys.1)] {
          let d = l.x * x + l.y * y + l.z
          // Clear of the tie band by far more than the roundings of d.
          let margin = 1e-9 * (abs(l.x) + abs(l.y)) + 1e-12 * (abs(l.x * x) + abs(l.y * y) + abs(l.z))
          guard d > 2 * margin else { return false }
        }
      }
      return true
    }
  }

  static func square(_ r: PixelRect) -> [SIMD2<Double>] {
    [
      SIMD2(Double(r.x0), Double(r.y0)), SIMD2(Double(r.x1), Double(r.y0)),
      SIMD2(Double(r.x1), Double(r.y1)), SIMD2(Double(r.x0), Double(r.y1)),
    ]
  }

  /// Sutherland–Hodgman: the part of `polygon` where every A·X + B·Y + C ≥ 0.
  static func cut(_ polygon: [SIMD2<Double>], by lines: [SIMD3<Double>]) -> [SIMD2<Double>] {
    var poly = polygon
    for line in lines {
      guard !poly.isEmpty else { break }
      var out: [SIMD2<Double>] = []
      for i in poly.indices {
        let p = poly[i], q = poly[(i + 1) % poly.count]
        let dp = line.x * p.x + line.y * p.y + line.z, dq = line.x * q.x + line.y * q.y + line.z
        if dp >= 0 { out.append(p) }
        if (dp >= 0) != (dq >= 0) { out.append(p + (q - p) * (dp / (dp - dq))) }
      }
      poly = out.count >= 3 ? out : []
    }
    return poly
  }

  /// True when the pixel centre (x, y) is inside every half-plane. A centre
  /// within 10⁻⁹ pixels of a line is on it, and goes to the side the line's
  /// normal points to, right (or, for a horizontal line, down): cut lines
  /// often pass exactly through pixel centres, and a tie decided by the last
  /// bits of the arithmetic would change when the layer moves by whole
  /// pixels or is drawn through a group. A normal's component under 10⁻⁹ of
  /// the other counts as zero, so noise cannot turn a horizontal line's tie.
  @inline(__always)
  static func holds(_ lines: [SIMD3<Double>], _ x: Double, _ y: Double) -> Bool {
    for l in lines {
      let d = l.x * x + l.y * y + l.z
      if abs(d) <= 1e-9 * (abs(l.x) + abs(l.y)) {
        let nx = abs(l.x) <= 1e-9 * abs(l.y) ? 0 : l.x
        if !(nx > 0 || (nx == 0 && l.y > 0)) { return false }
      } else if d < 0 {
        return false
      }
    }
    return true
  }

  /// Zeroes the pixels of row `j` of `region` whose centre `holds` leaves
  /// out, testing only those within 2 pixels of a line's crossing of the
  /// row: d is linear in x, and 2 pixels from the crossing |d| ≥ 2|a|,
  /// far beyond the tie band and the roundings of d, so the pixels there
  /// are decided as `holds` would decide them. A line nearly along the
  /// row (|a| below 10⁻³ of |a| + |b|) has its row tested pixel by pixel.
  /// A fragment's cut through a card's text had cost 40 % of a steady S7
  /// frame tested at every pixel.
  static func cutRow(_ lines: [SIMD3<Double>], _ region: PixelRect, row j: Int, _ out: UnsafeMutablePointer<Float>) {
    let y = Double(region.y0 + j) + 0.5
    let x0 = region.x0, x1 = region.x1
    // Pixels [sureLo, sureHi) hold every line; those outside
    // [possibleLo, possibleHi) fail one.
    var sureLo = x0, sureHi = x1, possibleLo = x0, possibleHi = x1
    var everyPixel = false
    let reach = Double(max(abs(x0), abs(x1)) + 1)
    for l in lines {
      let c = l.y * y + l.z
      let scale = abs(l.x) * reach + abs(l.y * y) + abs(l.z)
      guard abs(l.x) >= 1e-3 * (abs(l.x) + abs(l.y)), 2 * abs(l.x) > 1e-6 * scale, c.isFinite, scale.isFinite else {
        everyPixel = true
        break
      }
      // The centre position where d = 0, clamped to what a row can ask.
      let crossing = max(Double(x0) - 8, min(Double(x1) + 8, -c / l.x))
      let holdsFrom = Int((crossing + 1.5).rounded(.up)), failsTo = Int((crossing - 2.5).rounded(.down))
      if l.x > 0 {
        // Holds right of the crossing.
        sureLo = max(sureLo, holdsFrom)
        possibleLo = max(possibleLo, failsTo + 1)
      } else {
        // Holds left of it: the mirror image.
        sureHi = min(sureHi, failsTo + 1)
        possibleHi = min(possibleHi, holdsFrom)
      }
    }
    let w = region.width
    if everyPixel {
      for i in 0..<w where !holds(lines, Double(x0 + i) + 0.5, y) { out[i] = 0 }
      return
    }
    possibleLo = min(possibleLo, x1)
    possibleHi = max(possibleLo, min(possibleHi, x1))
    for x in x0..<possibleLo { out[x - x0] = 0 }
    for x in possibleHi..<x1 { out[x - x0] = 0 }
    for x in possibleLo..<possibleHi where (x < sureLo || x >= sureHi) && !holds(lines, Double(x) + 0.5, y) {
      out[x - x0] = 0
    }
  }

  /// Writes the clips' product over the scratch's current region into
  /// `scratch.clip`. Uses the accumulator.
  func render(_ region: PixelRect, _ scratch: TileScratch) {
    let n = region.width * region.height
    scratch.clip.update(repeating: 1, count: n)
    for clip in clips where !Self.holdsWhole(clip, region) {
      scratch.accumulator.begin(region)
      switch clip {
      case .polygon(let polygon, _): scratch.accumulator.add(polygon)
      case .halfPlanes(let lines):
        for j in 0..<region.height {
          Self.cutRow(lines, region, row: j, scratch.clip + j * region.width)
        }
        continue
      }
      scratch.accumulator.resolve(into: scratch.temp)
      for i in 0..<n { scratch.clip[i] *= scratch.temp[i] }
    }
  }
}
