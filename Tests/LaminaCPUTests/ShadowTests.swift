// Shadows against the integral they stand for: the closed form of a
// rectangle against numeric 2D integration, rounded corners (circular and
// continuous) against brute force, and the renderer's pixels (stamped and
// direct paths) against the shared evaluator.
import Foundation
import Testing
import LaminaTestSupport
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct ShadowTests {
  /// ∫∫_shape G_σ(p − q) dq: the midpoint rule over 2000 rows of p ± 5σ,
  /// each row's inside span found by bisection on `contains` (the shape is
  /// convex) and integrated across exactly with erf.
  func bruteForce(x: Double, y: Double, sigma: Double, shape: RoundedRect) -> Double {
    let rows = 2000, h = 10 * sigma / Double(rows)
    let r = shape.rect
    var total = 0.0
    for k in 0..<rows {
      let qy = y - 5 * sigma + (Double(k) + 0.5) * h
      guard qy > Double(r.minY), qy < Double(r.maxY), shape.contains(x: Double(r.midX), y: qy) else { continue }
      func edge(from outside: Double) -> Double {
        if shape.contains(x: outside, y: qy) { return outside }
        var (out, inside) = (outside, Double(r.midX))
        for _ in 0..<50 {
          let mid = (out + inside) / 2
          if shape.contains(x: mid, y: qy) { inside = mid } else { out = mid }
        }
        return (out + inside) / 2
      }
      let left = edge(from: Double(r.minX)), right = edge(from: Double(r.maxX))
      total += gaussianDensity(qy - y, sigma: sigma) * h * gaussianIntegral(from: left - x, to: right - x, sigma: sigma)
    }
    return total
  }

  @Test func rectangleIsTheProductOfErfDifferences() {
    let shape = RoundedRect(rect: F.rect(10, 20, 30, 12))
    let shadow = RoundedRectShadow(shape: shape, sigma: 3)
    for (x, y) in [(10.0, 20.0), (25, 26), (5, 18), (41.5, 33), (0, 0), (12, 31)] {
      let reference = bruteForce(x: x, y: y, sigma: 3, shape: shape)
      #expect(abs(shadow.value(x: x, y: y) - reference) < 1.0 / 255, "at \(x), \(y)")
    }
  }

  @Test(arguments: [CornerCurve.circular, .continuous], [1.5, 4.0])
  func roundedRectMatchesBruteForce(curve: CornerCurve, sigma: Double) {
    let shape = RoundedRect(rect: F.rect(0, 0, 60, 40), radii: [12, 6, 0, 10], curve: curve)
    let shadow = RoundedRectShadow(shape: shape, sigma: sigma)
    let points = [(0.0, 0.0), (3, 3), (2, 8), (57, 2), (60, 40), (58, 38), (1, 39), (30, 20), (-4, -3), (5, 44)]
    for (x, y) in points {
      let reference = bruteForce(x: x, y: y, sigma: sigma, shape: shape)
      #expect(abs(shadow.value(x: x, y: y) - reference) < 1.0 / 255, "\(curve) σ \(sigma) at \(x), \(y)")
    }
  }

  func shadowPlan(matrix: Transform3D, sigma: Double) -> (RenderPlan, RoundedRectShadow, ShadowDraw) {
    let shape = RoundedRect(rect: F.rect(4, 5, 20, 14), radii: [6, 6, 6, 6])
    let draw = ShadowDraw(
      matrix: matrix, shape: shape, sigma: sigma, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 1),
      extent: shape.rect.insetBy(dx: -4 * sigma, dy: -4 * sigma), clips: [], name: "shadow")
    return (F.plan(40, 36, [.shadow(draw)]), RoundedRectShadow(shape: shape, sigma: sigma), draw)
  }

  @Test(arguments: [false, true])
  func renderedPixelsAreTheEvaluatorAtPixelCentres(rotated: Bool) {
    // Axis-aligned matrices go through a stamp, rotated ones are direct.
    let m = rotated
      ? Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1).concatenating(Transform3D(translationX: 9.5, y: 2.25))
      : Transform3D(translationX: 6.3, y: 5.6)
    let (p, shadow, _) = shadowPlan(matrix: m, sigma: 2.5)
    let a = F.alphas(CPURenderer().render(p))
    let inv = m.inverted!
    var worst = 0
    for j in 0..<36 {
      for i in 0..<40 {
        guard let q = F.unproject(Double(i) + 0.5, Double(j) + 0.5, inv: inv, matrix: m) else { continue }
        // Inside the extent (4σ beyond the shape), away from its AA edge.
        guard q.x > -4, q.x < 32, q.y > -3, q.y < 27 else { continue }
        let expected = Int((shadow.value(x: q.x, y: q.y) * 255).rounded())
        worst = max(worst, abs(a[j * 40 + i] - expected))
      }
    }
    #expect(worst <= 1)
  }

  @Test func stampsAreReusedForEqualShadows() {
    let (p1, _, draw) = shadowPlan(matrix: Transform3D(translationX: 2.5, y: 1), sigma: 2)
    var moved = draw
    moved.matrix = Transform3D(translationX: 12.5, y: 9)
    let p2 = F.plan(40, 36, [.shadow(moved)])
    let renderer = CPURenderer()
    let a = F.alphas(renderer.render(p1)), b = F.alphas(renderer.render(p2))
    // Same pixels, moved by whole pixels (10, 8).
    for j in 0..<20 { for i in 0..<20 { #expect(a[j * 40 + i] == b[(j + 8) * 40 + i + 10]) } }
  }

  @Test func zeroSigmaIsPlainCoverage() {
    let rr = RoundedRect(rect: F.rect(2.5, 3.25, 20, 12), radii: [5, 5, 5, 5])
    let draw = ShadowDraw(
      matrix: .identity, shape: rr, sigma: 0, color: F.white, extent: rr.rect, clips: [], name: "s")
    let a = F.alphas(CPURenderer().render(F.plan(26, 18, [.shadow(draw)])))
    let b = F.alphas(CPURenderer().render(F.plan(26, 18, [F.roundedRect(rr)])))
    #expect(a == b)
  }
  /// The grid evaluation (stamps) gives the bits of point-by-point
  /// evaluation: corners circular and continuous, some square, σ from narrow
  /// (many quadrature panels) to wide, points on both sides of zero and far
  /// outside (skipped corners).
  @Test(arguments: [CornerCurve.circular, .continuous], [0.7, 2, 9, 32])
  func gridEvaluationIsPointEvaluationBitForBit(curve: CornerCurve, sigma: Double) {
    let shape = RoundedRect(rect: F.rect(-7.25, 3.5, 61, 37), radii: [12, 0, 18.5, 4], curve: curve)
    let shadow = RoundedRectShadow(shape: shape, sigma: sigma)
    let xs = (0..<47).map { -40.3 + Double($0) * 2.71 }
    let ys = (0..<39).map { -35.9 + Double($0) * 2.33 } + [3.5, 40.5, 21]
    let grid = UnsafeMutablePointer<Double>.allocate(capacity: xs.count * ys.count)
    defer { grid.deallocate() }
    shadow.values(xs: xs, ys: ys, into: grid)
    var differing = 0, inside = 0
    for (j, y) in ys.enumerated() {
      for (i, x) in xs.enumerated() {
        let point = shadow.value(x: x, y: y)
        if grid[j * xs.count + i].bitPattern != point.bitPattern { differing += 1 }
        if point > 0.25 && point < 0.75 { inside += 1 }
      }
    }
    #expect(differing == 0, "\(curve) σ \(sigma): \(differing) values differ")
    #expect(inside > 20, "the points reach the shadow's edge")
    // Parts of the grid that some corners cannot reach (a tile beside a
    // card's edge): those corners are passed over whole, the same bits.
    for (px, py) in [(xs.prefix(9), ys.prefix(7)), (xs.suffix(9), ys.prefix(30)), (xs[20..<26], ys.suffix(12))] {
      let (px, py) = (Array(px), Array(py))
      shadow.values(xs: px, ys: py, into: grid)
      for (j, y) in py.enumerated() {
        for (i, x) in px.enumerated() where grid[j * px.count + i].bitPattern != shadow.value(x: x, y: y).bitPattern {
          Issue.record("\(curve) σ \(sigma): part differs at (\(x), \(y))")
        }
      }
    }
  }
}
