// Helpers that build render plans by hand (the lowering is tested on its
// own) and read results back.
import Foundation
@testable import Lamina
@testable import LaminaCPU

let white = PremultipliedColor(r: 1, g: 1, b: 1, a: 1)

func shape(
  _ outer: RoundedRect, inner: RoundedRect? = nil, matrix: Transform3D = .identity,
  color: PremultipliedColor = white, clips: [Clip] = []
) -> DrawCommand {
  .shape(ShapeDraw(matrix: matrix, outer: outer, inner: inner, color: color, clips: clips, name: "shape"))
}

func plan(width: Int, height: Int, background: PremultipliedColor = .transparent, _ commands: [DrawCommand],
  more: [Surface] = []) -> RenderPlan
{
  RenderPlan(
    width: width, height: height, background: background,
    surfaces: [Surface(width: width, height: height, label: "canvas", commands: commands)] + more)
}

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> CGRect {
  CGRect(x: x, y: y, width: w, height: h)
}

/// Alpha of every pixel, 0…255.
func alphas(_ image: Image) -> [Int] {
  stride(from: 3, to: image.pixels.count, by: 4).map { Int(image.pixels[$0]) }
}

/// Coverage of pixel (i, j) by `inside`, mapped back through `matrix`, with
/// n×n stratified samples: one per cell of an n×n grid, at a fixed
/// pseudo-random place in its cell (a plain grid errs by up to 1/(2n) on
/// axis-aligned edges at fractional positions; a sheared lattice errs as
/// much on 45° edges).
func supersampled(
  _ i: Int, _ j: Int, matrix: Transform3D, n: Int = 64, inside: (Double, Double) -> Bool
) -> Double {
  let inv = matrix.inverted!
  var hits = 0
  var state: UInt32 = 12345
  func next() -> Double {
    state = 1_664_525 &* state &+ 1_013_904_223
    return Double(state) / 4_294_967_296
  }
  for sy in 0..<n {
    for sx in 0..<n {
      let X = Double(i) + (Double(sx) + (n == 1 ? 0.5 : next())) / Double(n)
      let Y = Double(j) + (Double(sy) + (n == 1 ? 0.5 : next())) / Double(n)
      // Back-project the pixel point onto the plane z = 0 of local space.
      let p = unproject(X, Y, inv: inv, matrix: matrix)
      if let p, inside(p.x, p.y) { hits += 1 }
    }
  }
  return Double(hits) / Double(n * n)
}

/// The local point of the plane z = 0 that `matrix` maps to pixel (X, Y).
func unproject(_ X: Double, _ Y: Double, inv: Transform3D, matrix m: Transform3D) -> (x: Double, y: Double)? {
  // Solve (x, y, 1)·H = w·(X, Y, 1) with H the x, y, w rows/columns.
  let a = m.m11 - X * m.m14, b = m.m21 - X * m.m24, c = X * m.m44 - m.m41
  let d = m.m12 - Y * m.m14, e = m.m22 - Y * m.m24, f = Y * m.m44 - m.m42
  let det = a * e - b * d
  guard det != 0 else { return nil }
  let x = (c * e - b * f) / det, y = (a * f - c * d) / det
  guard x * m.m14 + y * m.m24 + m.m44 > 0 else { return nil }
  return (x, y)
}
