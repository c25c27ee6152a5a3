// The gradient rules both renderers follow (Shared/Gradient.swift), in
// closed form: t for each type at chosen points, the colour at t (clamped,
// interpolated in straight alpha, hard stops), and the degenerate cases
// that paint one colour. Exact to the last bit where the arithmetic is
// exact (whole numbers and halves); 1e-12 where it divides.

import Foundation
import Testing

@testable import Lamina

@Suite struct GradientMathTests {
  static func evaluator(
    _ type: GradientType, _ start: (Double, Double), _ end: (Double, Double), _ stops: [(Double, Color)]
  ) throws -> Gradient.Evaluator {
    try #require(
      Gradient.Evaluator(
        Gradient(
          type: type, start: CGPoint(x: start.0, y: start.1), end: CGPoint(x: end.0, y: end.1),
          stops: stops.map { GradientStop(location: $0.0, color: $0.1) })))
  }

  static let blackToWhite: [(Double, Color)] = [(0, .black), (1, .white)]

  @Test func axialTIsTheProjectionOntoStartToEnd() throws {
    let e = try Self.evaluator(.axial, (10, 20), (50, 20), Self.blackToWhite)
    #expect(e.t(10, 20) == 0 && e.t(50, 20) == 1 && e.t(20, 99) == 0.25 && e.t(0, 0) == -0.25)
    // A diagonal: points on one perpendicular share t.
    let d = try Self.evaluator(.axial, (0, 0), (30, 40), Self.blackToWhite)
    #expect(abs(d.t(30, 40) - 1) < 1e-12 && abs(d.t(-40, 30)) < 1e-12)
    #expect(abs(d.t(15 + 40, 20 - 30) - 0.5) < 1e-12)
  }

  @Test func radialTIsTheEllipticalDistance() throws {
    // Centre (50, 40), half-axes 40 and 10.
    let e = try Self.evaluator(.radial, (50, 40), (90, 30), Self.blackToWhite)
    #expect(e.t(50, 40) == 0 && e.t(90, 40) == 1 && e.t(50, 30) == 1 && e.t(10, 40) == 1)
    #expect(e.t(70, 40) == 0.5 && e.t(50, 45) == 0.5)
    #expect(abs(e.t(70, 45) - 0.5.squareRoot()) < 1e-12)
  }

  @Test func conicTIsTheClockwiseAngleFromTheEndPointsDirection() throws {
    // Centre (0, 0), t = 0 towards +x; y grows down, so +y is a quarter turn clockwise.
    let e = try Self.evaluator(.conic, (0, 0), (5, 0), Self.blackToWhite)
    #expect(e.t(10, 0) == 0 && e.t(0, 10) == 0.25 && e.t(-10, 0) == 0.5 && e.t(0, -10) == 0.75)
    #expect(abs(e.t(10, 10) - 0.125) < 1e-12)
    #expect(e.t(0, 0) == 0, "the centre itself")
    // Just before the seam, t nears 1.
    #expect(e.t(10, -1e-9) > 0.999999)
    // Starting towards the top-left, a point to the right is 3/8 of a turn on.
    let f = try Self.evaluator(.conic, (0, 0), (-3, -3), Self.blackToWhite)
    #expect(abs(f.t(10, 0) - 0.375) < 1e-12)
  }

  @Test func coloursClampAndInterpolateInStraightAlpha() throws {
    let e = try Self.evaluator(.axial, (0, 0), (1, 0), [(0.2, .red), (0.6, Color(red: 0, green: 0, blue: 1, alpha: 0))])
    #expect(e.straightColor(at: -5) == SIMD4(1, 0, 0, 1))
    #expect(e.straightColor(at: 0.2) == SIMD4(1, 0, 0, 1))
    #expect(e.straightColor(at: 0.9) == SIMD4(0, 0, 1, 0))
    let mid = e.straightColor(at: 0.4)
    #expect(abs(mid.x - 0.5) < 1e-6 && mid.y == 0 && abs(mid.z - 0.5) < 1e-6 && abs(mid.w - 0.5) < 1e-6)
    // White to clear black: grey half-way, premultiplied (0.25, 0.25, 0.25, 0.5).
    let w = try Self.evaluator(.axial, (0, 0), (1, 0), [(0, .white), (1, .clear)])
    #expect(w.straightColor(at: 0.5) == SIMD4(0.5, 0.5, 0.5, 0.5))
    #expect(w.premultipliedColor(at: 0.5) == SIMD4(0.25, 0.25, 0.25, 0.5))
  }

  @Test func aLocationGivenTwiceIsAHardStop() throws {
    let e = try Self.evaluator(
      .axial, (0, 0), (1, 0), [(0, .red), (0.5, .red), (0.5, .green), (0.5, .blue), (1, .white)])
    #expect(e.straightColor(at: 0.4999999) == SIMD4(1, 0, 0, 1))
    // At the location and above: the colours after the last stop there (green never shows).
    #expect(e.straightColor(at: 0.5) == SIMD4(0, 0, 1, 1))
    let after = e.straightColor(at: 0.75)
    #expect(abs(after.x - 0.5) < 1e-6 && abs(after.z - 1) < 1e-6)
  }

  @Test func degenerateGeometryPaintsTheLastColour() {
    func gradient(_ type: GradientType, _ end: CGPoint, _ colors: [Color] = [.red, .blue]) -> Gradient {
      Gradient(
        type: type, start: CGPoint(x: 5, y: 5), end: end,
        stops: colors.enumerated().map { GradientStop(location: Double($0.offset), color: $0.element) })
    }
    let same = CGPoint(x: 5, y: 5)
    for g in [gradient(.axial, same), gradient(.conic, same), gradient(.radial, CGPoint(x: 5, y: 9)),
      gradient(.radial, CGPoint(x: 9, y: 5)), gradient(.axial, CGPoint(x: 5, y: 5 + 1e-200))]
    {
      #expect(Gradient.Evaluator(g) == nil && g.solidColor == .blue, "\(g.type) \(g.end)")
    }
    #expect(gradient(.radial, CGPoint(x: 9, y: 9)).solidColor == nil)
    #expect(gradient(.conic, CGPoint(x: 9, y: 5), [.green]).solidColor == .green)
    #expect(gradient(.axial, CGPoint(x: 9, y: 5), [.green, .green]).solidColor == .green)
    #expect(Gradient(type: .axial, start: same, end: same, stops: []).solidColor == nil)
  }
}
