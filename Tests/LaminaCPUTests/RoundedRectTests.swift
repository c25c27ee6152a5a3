// Rounded rectangles (RoundedRectStage): exact coverage against 64×64 supersampling: rounded rectangles (circular
// and continuous, per-corner radii), rings and clips at fractional positions
// under identity, scale 2, rotation and perspective.
import Foundation
import Testing
import LaminaTestSupport
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct RoundedRectTests {
  static let matrices: [(String, Transform3D)] = [
    ("identity", .identity),
    ("scale 2", Transform3D(scaleX: 2, y: 2)),
    ("rotation", Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1).concatenating(Transform3D(translationX: 10.3, y: -3.2))),
    (
      "perspective",
      Transform3D(translationX: -14, y: -13).concatenating(Transform3D(rotationAngle: 0.6, x: 0.3, y: 1, z: 0))
        .concatenating(Transform3D(perspective: 60)).concatenating(Transform3D(translationX: 16.6, y: 15.2))
    ),
  ]

  /// Largest difference, in levels, between rendered alpha and supersampling:
  /// 64×64 samples on every partly covered pixel, 16×16 on their full or
  /// empty neighbours, the centre sample elsewhere.
  func worstError(_ outer: RoundedRect, border: RoundedRect? = nil, matrix: Transform3D, size: Int = 32) -> Int {
    let image = CPURenderer(threads: 2).render(F.plan(size, size, [F.roundedRect(outer, border: border, matrix: matrix)]))
    let a = F.alphas(image)
    let inside = { (x: Double, y: Double) in
      outer.contains(x: x, y: y) && !(border?.contains(x: x, y: y) ?? false)
    }
    func partial(_ i: Int, _ j: Int) -> Bool {
      i >= 0 && j >= 0 && i < size && j < size && a[j * size + i] > 0 && a[j * size + i] < 255
    }
    var worst = 0
    for j in 0..<size {
      for i in 0..<size {
        let n: Int
        if partial(i, j) {
          n = 64
        } else if (-1...1).contains(where: { dj in (-1...1).contains { di in partial(i + di, j + dj) } }) {
          n = 16
        } else {
          n = 1
        }
        let ref = F.supersampled(i, j, matrix: matrix, n: n, inside: inside)
        worst = max(worst, abs(a[j * size + i] - Int((ref * 255).rounded())))
      }
    }
    return worst
  }

  @Test(arguments: [CornerCurve.circular, .continuous], [0, 1, 2, 3])
  func roundedRectMatchesSupersampling(curve: CornerCurve, matrixIndex: Int) {
    let (name, m) = Self.matrices[matrixIndex]
    let rr = RoundedRect(rect: F.rect(3.3, 4.7, 22.4, 18.6), radii: [7.7, 3.2, 0, 5.1], curve: curve)
    let error = worstError(rr, matrix: m)
    #expect(error <= 1, "\(curve) under \(name): \(error) levels")
  }

  @Test func borderRingMatchesSupersampling() {
    let outer = RoundedRect(rect: F.rect(2.25, 3.7, 24, 22.5), radii: [8, 8, 8, 8])
    let border = RoundedRect(rect: F.rect(5.25, 6.7, 18, 16.5), radii: [5, 5, 5, 5], curve: .continuous)
    for (name, m) in Self.matrices {
      let error = worstError(outer, border: border, matrix: m)
      #expect(error <= 1, "ring under \(name): \(error) levels")
    }
  }

  @Test func axisAlignedEdgesGetExactArea() {
    // A rect from 1.25 to 4.75: edge pixels are exactly 0.75 and 0.25 covered.
    let image = CPURenderer().render(F.plan(6, 1, [F.roundedRect(RoundedRect(rect: F.rect(1.25, -1, 3.5, 3)))]))
    #expect(F.alphas(image) == [0, 191, 255, 255, 191, 0])
  }

  @Test func convexClipCutsAlongItsHalfPlane() {
    // Keep x + y ≥ 8: a 3D-sort cut is not anti-aliased, so a pixel is in
    // when its centre is; the centres on the diagonal (i + j = 7) go to the
    // side the normal (1, 1) points to.
    let clip = Clip(matrix: .identity, shape: .convex([HalfPlane(a: 1, b: 1, c: -8)]))
    let image = CPURenderer().render(F.plan(8, 8, [F.roundedRect(RoundedRect(rect: F.rect(0, 0, 8, 8)), clips: [clip])]))
    let a = F.alphas(image)
    for j in 0..<8 {
      for i in 0..<8 {
        #expect(a[j * 8 + i] == (i + j >= 7 ? 255 : 0), "pixel \(i),\(j): \(a[j * 8 + i])")
      }
    }
  }

  /// The two fragments of a cut tile the layer: every pixel once, no seam
  /// (anti-aliased cuts composited to 1 − k(1 − k) along the line).
  @Test func complementaryFragmentsLeaveNoSeam() {
    for (a, b, c) in [(1.0, 1.0, -8.0), (0.3, -1.0, 4.1), (1.0, 0.0, -4.0)] {
      let keep = Clip(matrix: .identity, shape: .convex([HalfPlane(a: a, b: b, c: c)]))
      let rest = Clip(matrix: .identity, shape: .convex([HalfPlane(a: -a, b: -b, c: -c)]))
      let square = RoundedRect(rect: F.rect(0, 0, 8, 8))
      let image = CPURenderer().render(
        F.plan(8, 8, [F.roundedRect(square, clips: [keep]), F.roundedRect(square, clips: [rest])]))
      #expect(F.alphas(image) == [Int](repeating: 255, count: 64), "cut \(a)x + \(b)y + \(c)")
    }
  }

  @Test func roundedClipMultipliesCoverage() {
    let clipShape = RoundedRect(rect: F.rect(2.5, 2.5, 20, 20), radii: [8, 8, 8, 8])
    let clip = Clip(matrix: Transform3D(translationX: 0.3, y: 0.2), shape: .roundedRect(clipShape))
    let image = CPURenderer().render(F.plan(26, 26, [F.roundedRect(RoundedRect(rect: F.rect(0, 0, 26, 13)), clips: [clip])]))
    let a = F.alphas(image)
    var worst = 0
    for j in 0..<26 {
      for i in 0..<26 {
        let c = F.supersampled(i, j, matrix: .identity) { x, y in
          clipShape.contains(x: x - 0.3, y: y - 0.2)
        }
        let s = max(0, min(1, 13 - Double(j)))
        worst = max(worst, abs(a[j * 26 + i] - Int((c * s * 255).rounded())))
      }
    }
    #expect(worst <= 1)
  }

  @Test func pointsBehindTheViewerAreNotDrawn() {
    // A plane tilted so that its far half lies behind the eye.
    let m = Transform3D(rotationAngle: 1.2, x: 0, y: 1, z: 0).concatenating(Transform3D(perspective: 10))
      .concatenating(Transform3D(translationX: 16, y: 16))
    let image = CPURenderer().render(F.plan(32, 32, [F.roundedRect(RoundedRect(rect: F.rect(-1000, -8, 2000, 16)), matrix: m)]))
    let a = F.alphas(image)
    #expect(a.contains(255))
    #expect(a.contains(0))
  }
}
