// GradientStage's rows (GradientKernel's AVX2 rows where the CPU has them,
// and the Swift rows of four: GradientRow, vectorAtan2; OutlineCoverage)
// against the per-pixel definition they replaced: every
// covered pixel's centre mapped back, `Gradient.Evaluator.t` (libm's
// atan2) and `premultipliedColor`, the outline accumulated whole over each
// tile, `blendPixel` with coverage × clips × opacity. Random gradients of
// every type with hard stops and translucent stops, under translations,
// rotations, shears and perspective, clipped and faded, over a backdrop
// the blend reads, drawn tile by tile (interior regions and edges).
import CLaminaBlend
import Foundation
import Testing
@testable import Lamina
@testable import LaminaCPU

@Suite struct GradientFastPathTests {
  /// SplitMix64: the cases are the same on every run.
  struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
  }

  static let width = 200, height = 168

  /// The per-pixel definition GradientStage drew before its rows of four.
  static func definition(_ draw: GradientDraw, into target: Raster) {
    let limit = PixelRect(x0: 0, y0: 0, x1: target.width, y1: target.height)
    let h = Homography(draw.matrix)
    guard let inverse = h.inverse, draw.opacity > 0, let evaluator = Gradient.Evaluator(draw.gradient) else { return }
    let clips = PreparedClips(draw.clips, within: limit)
    let outline = projectedOutline(draw.shape, h)
    let bounds = pixelBounds(outline, within: clips.bounds)
    let opacity = min(1, draw.opacity), m = inverse.m, scratch = TileScratch()
    for y0 in stride(from: 0, to: target.height, by: 64) {
      for x0 in stride(from: 0, to: target.width, by: 64) {
        let region = bounds.intersection(
          PixelRect(x0: x0, y0: y0, x1: min(target.width, x0 + 64), y1: min(target.height, y0 + 64)))
        guard !region.isEmpty else { continue }
        if !clips.isEmpty { clips.render(region, scratch) }
        scratch.accumulator.begin(region)
        scratch.accumulator.add(outline)
        scratch.accumulator.resolve(into: scratch.coverage)
        forEachCoveredPixel(
          region, skipping: .empty, width: target.width, scratch: scratch, clipped: !clips.isEmpty
        ) { index, X, Y, k in
          let z = X * m.2 + Y * m.5 + m.8
          guard z > 0 else { return }
          let x = (X * m.0 + Y * m.3 + m.6) / z, y = (X * m.1 + Y * m.4 + m.7) / z
          let t = evaluator.t(x, y)
          guard !t.isNaN else { return }
          blendPixel(target.pixels + index * 4, evaluator.premultipliedColor(at: t), k * opacity)
        }
      }
    }
  }

  /// A random gradient draw: 2–5 stops (some locations repeated: hard
  /// stops; some alphas below 1), a rounded rectangle up to 170 × 150, one
  /// of five kinds of matrix, a clip in a third of the cases, opacity < 1 in
  /// a quarter.
  static func randomDraw(_ r: inout Random, type: GradientType, matrixKind: Int) -> GradientDraw {
    let w = r.range(20, 170), h = r.range(20, 150)
    let rect = CGRect(x: r.range(-10, 30), y: r.range(-10, 20), width: w, height: h)
    let radius = r.range(0, min(w, h) / 2)
    let shape = RoundedRect(rect: rect, radii: [radius, radius * r.unit(), radius, radius * r.unit()])
    let count = 2 + Int(r.next() % 4)
    var locations = (0..<count).map { _ in r.unit() }.sorted()
    if count > 2 && r.next() % 2 == 0 { locations[1] = locations[2] }  // a hard stop
    if r.next() % 3 == 0 { locations[0] = 0; locations[count - 1] = 1 }
    let translucent = r.next() % 3 == 0
    let stops = locations.map {
      GradientStop(
        location: $0,
        color: Color(red: r.unit(), green: r.unit(), blue: r.unit(), alpha: translucent ? r.unit() : 1))
    }
    let start = CGPoint(x: rect.minX + r.range(0, w), y: rect.minY + r.range(0, h))
    let end = CGPoint(x: start.x + r.range(-w, w), y: start.y + r.range(-h, h))
    let gradient = Gradient(type: type, start: start, end: end, stops: stops)
    let matrix: Transform3D
    switch matrixKind {
    case 0: matrix = Transform3D(translationX: r.range(0, 20).rounded(), y: r.range(0, 20).rounded())
    case 1: matrix = Transform3D(translationX: r.range(0, 20), y: r.range(0, 20))
    case 2:
      matrix = Transform3D(rotationAngle: r.range(-3, 3), x: 0, y: 0, z: 1)
        .concatenating(Transform3D(scaleX: r.range(0.6, 1.3), y: r.range(0.6, 1.3)))
        .concatenating(Transform3D(translationX: 100, y: 84))
    case 3:
      var shear = CGAffineTransform.identity
      shear.c = r.range(-0.5, 0.5)
      matrix = Transform3D(shear).concatenating(Transform3D(translationX: r.range(10, 40), y: 12))
    default:
      matrix = Transform3D(translationX: -80, y: -70).concatenating(
        Transform3D(rotationAngle: r.range(-0.9, 0.9), x: r.range(-1, 1), y: 1, z: 0)
      ).concatenating(Transform3D(perspective: r.range(150, 400))).concatenating(Transform3D(translationX: 100, y: 84))
    }
    var clips: [Clip] = []
    if r.next() % 3 == 0 {
      let c = RoundedRect(
        rect: CGRect(x: r.range(0, 80), y: r.range(0, 60), width: r.range(40, 140), height: r.range(40, 120)),
        radii: [12, 12, 12, 12])
      clips.append(Clip(matrix: Transform3D(translationX: r.range(0, 2), y: r.range(0, 2)), shape: .roundedRect(c)))
    }
    let opacity: Float = r.next() % 4 == 0 ? Float(r.range(0.2, 0.95)) : 1
    return GradientDraw(
      matrix: matrix, shape: shape, gradient: gradient, opacity: opacity, clips: clips, name: "random")
  }

  /// Pixels a conic case may differ in: vectorAtan2 is within 2 ulps of
  /// libm's atan2 (t within 2.3e-16), which moves a byte only where t lies
  /// that close to a rounding boundary of a colour or to a hard stop
  /// (a chance near 1e-13 a pixel): in practice none.
  static let conicPixelsThatMayDiffer = 1

  /// A row path: GradientRow's Swift rows, GradientKernel's AVX2 rows, or
  /// those compiled for AVX-512 (gradient_wide.c).
  enum RowPath: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case swift, avx2, avx512
    var testDescription: String { rawValue }
    func stage(_ draw: GradientDraw, limit: PixelRect) -> GradientStage? {
      GradientStage(draw, limit: limit, vectorKernel: self != .swift, wideKernel: self == .avx512)
    }
  }

  /// The row paths to check: the Swift rows, and the kernels where the CPU runs them.
  static let kernels: [RowPath] =
    [.swift] + (GradientKernel.available ? [.avx2] : []) + (GradientKernel.wideAvailable ? [.avx512] : [])

  @Test(arguments: GradientType.allCases, kernels)
  func rowsEqualTheDefinition(_ type: GradientType, path: RowPath) throws {
    var r = Random(state: 0x5EED + UInt64(GradientType.allCases.firstIndex(of: type)!))
    let limit = PixelRect(x0: 0, y0: 0, x1: Self.width, y1: Self.height)
    var drawn = 0
    for n in 0..<60 {
      let draw = Self.randomDraw(&r, type: type, matrixKind: n % 5)
      let backdrop = PremultipliedColor(r: 0.2, g: 0.35, b: 0.1, a: 0.6)
      let fast = Raster(width: Self.width, height: Self.height, fill: backdrop)
      let slow = Raster(width: Self.width, height: Self.height, fill: backdrop)
      guard let stage = path.stage(draw, limit: limit) else { continue }
      StageHarness.drawInTiles(stage, into: fast)
      Self.definition(draw, into: slow)
      // Drawn again, from the coverage planes the first draw kept (CoverageTiles).
      let again = Raster(width: Self.width, height: Self.height, fill: backdrop)
      StageHarness.drawInTiles(stage, into: again)
      #expect(StageHarness.firstDifference(fast, again) == nil, "case \(n): drawn again")
      var differing = 0, changed = 0
      for p in 0..<(Self.width * Self.height) {
        let a = fast.pixels + 4 * p, b = slow.pixels + 4 * p
        if (0..<4).contains(where: { a[$0] != b[$0] }) { differing += 1 }
        if (0..<4).contains(where: { b[$0] != packedByte(backdrop, $0) }) { changed += 1 }
      }
      drawn += changed
      let allowed = type == .conic ? Self.conicPixelsThatMayDiffer : 0
      #expect(differing <= allowed, "case \(n) (matrix kind \(n % 5)): \(differing) pixels differ")
    }
    // The cases draw: an empty draw on both sides proves nothing.
    #expect(drawn > 60 * 1500, "only \(drawn) pixels drawn")
  }

  /// The conic's t of the C rows (AVX2, and AVX-512 where the CPU has it)
  /// against GradientRow's Swift lanes, bit for bit (an operation changed
  /// or reordered shows in the last bits of many t long before it moves
  /// a byte): random conic gradients under the five kinds of matrix.
  @Test func conicTMatchesTheSwiftRowsBitForBit() throws {
    guard GradientKernel.available else { return }
    var r = Random(state: 0xC0_41C)
    let ts = UnsafeMutablePointer<Double>.allocate(capacity: 64), colors = UnsafeMutablePointer<Float>.allocate(
      capacity: 4 * 64)
    let c = UnsafeMutablePointer<Double>.allocate(capacity: 64)
    defer { ts.deallocate(); colors.deallocate(); c.deallocate() }
    var compared = 0
    for n in 0..<40 {
      let draw = Self.randomDraw(&r, type: .conic, matrixKind: n % 5)
      guard let inverse = Homography(draw.matrix).inverse, let evaluator = Gradient.Evaluator(draw.gradient) else {
        continue
      }
      let row = GradientRow(evaluator, inverse: inverse)
      for wide in GradientKernel.wideAvailable ? [false, true] : [false] {
        let kernel = GradientKernel(evaluator, inverse: inverse, opacity: 1, gradientRow: row, wide: wide)
        for y in stride(from: 0, to: Self.height, by: 7) {
          let x0 = y % 13, count = 64 - y % 5
          row.shade(row: y, x0: x0, count: count, ts: ts, colors: colors)
          lamina_gradient_conic_t(kernel.row, y, x0, count, c)
          for i in 0..<count where ts[i].bitPattern != c[i].bitPattern && !(ts[i].isNaN && c[i].isNaN) {
            Issue.record("case \(n), wide \(wide), row \(y), pixel \(x0 + i): \(ts[i]) vs \(c[i])")
            return
          }
          compared += count
        }
      }
    }
    #expect(compared > 40 * 20 * 59)
  }

  func packedByte(_ c: PremultipliedColor, _ channel: Int) -> UInt8 {
    withUnsafeBytes(of: packed(c)) { $0[channel] }
  }

  /// The fast path's own seams: a span that starts or ends mid-group, a
  /// group straddling a stop, a hard stop exactly on pixel centres (t =
  /// 0.5 at x = 50.5 of an axis 0…101), the clamped ends, and a region
  /// left of and right of the outline's edges, against the definition.
  @Test func hardStopsOnCentresAndSpanEnds() {
    let limit = PixelRect(x0: 0, y0: 0, x1: 130, y1: 70)
    let stops = [
      GradientStop(location: 0.2, color: .red), GradientStop(location: 0.5, color: .blue),
      GradientStop(location: 0.5, color: Color(red: 0, green: 1, blue: 0)), GradientStop(location: 0.8, color: .white),
    ]
    for x0 in [0.0, 0.25, 1, 3.5] {
      for path in Self.kernels {
        let draw = GradientDraw(
          matrix: Transform3D(translationX: x0, y: 2),
          shape: RoundedRect(rect: CGRect(x: 1, y: 0, width: 117, height: 61), radii: [9, 9, 9, 9]),
          gradient: Gradient(type: .axial, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 101, y: 0), stops: stops),
          opacity: 1, clips: [], name: "hard")
        let fast = Raster(width: 130, height: 70, fill: PremultipliedColor(r: 0, g: 0, b: 0, a: 0))
        let slow = Raster(width: 130, height: 70, fill: PremultipliedColor(r: 0, g: 0, b: 0, a: 0))
        guard let stage = path.stage(draw, limit: limit) else {
          Issue.record("no stage")
          continue
        }
        StageHarness.drawInTiles(stage, into: fast)
        Self.definition(draw, into: slow)
        #expect(StageHarness.firstDifference(fast, slow) == nil, "x0 \(x0), path \(path)")
      }
    }
  }
}
