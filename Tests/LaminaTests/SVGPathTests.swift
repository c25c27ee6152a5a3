// SVG path data: every command, implicit repeats, packed numbers and flags,
// arcs (SVG 1.1 F.6) including degenerate ones, and errors with offsets.
import Testing

@testable import Lamina

@Suite struct SVGPathTests {
  private func points(_ svg: String) throws -> [Path.Element] { try Path(svg: svg).elements }
  private func p(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

  @Test func absoluteAndRelativeLines() throws {
    #expect(
      try points("M 10 10 L 20 10 l 0 5 H 0 h 5 V 0 v 2 Z") == [
        .move(p(10, 10)), .line(p(20, 10)), .line(p(20, 15)), .line(p(0, 15)), .line(p(5, 15)),
        .line(p(5, 0)), .line(p(5, 2)), .close,
      ])
  }

  @Test func implicitRepeatsAfterMoveAreLines() throws {
    #expect(try points("M0 0 10 0 10 10") == [.move(p(0, 0)), .line(p(10, 0)), .line(p(10, 10))])
    #expect(try points("m1 1 2 0 0 2") == [.move(p(1, 1)), .line(p(3, 1)), .line(p(3, 3))])
    #expect(
      try points("M0 0 L1 1, 2 2 3 3") == [
        .move(p(0, 0)), .line(p(1, 1)), .line(p(2, 2)), .line(p(3, 3)),
      ])
  }

  @Test func packedNumbers() throws {
    #expect(try points("M1.5.5L-1-2") == [.move(p(1.5, 0.5)), .line(p(-1, -2))])
    #expect(try points("M1e2-2E-1l.5.5") == [.move(p(100, -0.2)), .line(p(100.5, 0.3))])
    #expect(try points("M+1,+2L3.,4") == [.move(p(1, 2)), .line(p(3, 4))])
  }

  @Test func curvesAndSmoothReflections() throws {
    #expect(
      try points("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0") == [
        .move(p(0, 0)), .cubic(control1: p(0, 10), control2: p(10, 10), to: p(10, 0)),
        .cubic(control1: p(10, -10), control2: p(20, -10), to: p(20, 0)),
      ])
    #expect(
      try points("M0 0 Q 5 10 10 0 T 20 0 t 10 0") == [
        .move(p(0, 0)), .quad(control: p(5, 10), to: p(10, 0)),
        .quad(control: p(15, -10), to: p(20, 0)),
        .quad(control: p(25, 10), to: p(30, 0)),
      ])
    // S after a non-cubic uses the current point as its first control point.
    #expect(
      try points("M0 0 L 10 0 s 10 10 10 0") == [
        .move(p(0, 0)), .line(p(10, 0)),
        .cubic(control1: p(10, 0), control2: p(20, 10), to: p(20, 0)),
      ])
  }

  @Test func drawingAfterCloseStartsAtTheSubpathStart() throws {
    #expect(
      try points("M5 5 L10 5 z l 1 1") == [
        .move(p(5, 5)), .line(p(10, 5)), .close, .move(p(5, 5)), .line(p(6, 6)),
      ])
    #expect(
      try points("M5 5 L10 5 Z m 1 1") == [.move(p(5, 5)), .line(p(10, 5)), .close, .move(p(6, 6))])
  }

  @Test func halfCircleArc() throws {
    // From (0,0) to (20,0) with radius 10, sweep 1 (increasing angle, clockwise
    // on a y-down screen): through (10, −10), the upper half on screen.
    let path = try Path(svg: "M0 0 A 10 10 0 0 1 20 0")
    let polyline = try #require(path.flattened(tolerance: 0.001).first)
    for q in polyline {
      #expect(abs(hypot(Double(q.x) - 10, Double(q.y)) - 10) < 0.005)
    }
    #expect(polyline.contains { Double($0.y) < -9.99 })
    #expect(polyline.allSatisfy { Double($0.y) <= 1e-9 })
    #expect(polyline.last == p(20, 0))
  }

  @Test func arcFlagsMayBePacked() throws {
    #expect(try points("M0 0a10 10 0 0120 0") == points("M0 0 a 10 10 0 0 1 20 0"))
    let large = try Path(svg: "M0 0 A 10 10 0 1 0 10 10").boundingBox
    // The large arc of a circle through (0,0) and (10,10) centred at (10,0) or (0,10).
    #expect(abs(Double(large.width) - 20) < 1e-6 && abs(Double(large.height) - 20) < 1e-6)
  }

  @Test func degenerateArcs() throws {
    // Coincident endpoints: nothing. Zero radius: a line.
    #expect(try points("M5 5 A 10 10 0 0 1 5 5") == [.move(p(5, 5))])
    #expect(try points("M0 0 A 0 10 0 0 1 7 7") == [.move(p(0, 0)), .line(p(7, 7))])
    // Radii too small are scaled up to a half ellipse: no NaN.
    let path = try Path(svg: "M0 0 A 1 1 30 0 1 100 0")
    for e in path.elements {
      if case .cubic(let a, let b, let c) = e {
        #expect([a, b, c].allSatisfy { $0.x.isFinite && $0.y.isFinite })
      }
    }
    #expect(abs(Double(path.boundingBox.height) - 50) < 1e-6)
    let huge = try Path(svg: "M0 0 A 1e200 1e200 0 0 1 1 1")
    #expect(
      huge.elements.allSatisfy { element in
        if case .cubic(let a, let b, let c) = element {
          return [a, b, c].allSatisfy { $0.x.isFinite && $0.y.isFinite }
        }
        return true
      })
  }

  @Test func emptyDataIsAnEmptyPath() throws {
    #expect(try points("") == [])
    #expect(try points(" \n\t") == [])
  }

  @Test(arguments: [
    ("L 0 0", 0, "must begin with a move"),
    ("M 0", 3, "expected a number"),
    ("M 0 0 L 1 1,", 12, "expected a number"),
    ("M 0 0 X 1", 6, "expected a command letter"),
    ("M 0 0 A 1 1 0 2 0 3 3", 14, "arc flag"),
    ("M 1e 2", 3, "exponent"),
    ("M 1e999 0", 2, "out of range"),
    ("M 0 0 Z 1", 8, "expected a command letter"),
    ("M,0 0", 1, "expected a number"),
    ("M 0 0 L é", 8, "found 'é'"),
  ])
  func errorsNameTheOffset(input: String, offset: Int, message: String) {
    #expect {
      try Path(svg: input)
    } throws: { error in
      guard let error = error as? PathParseError else { return false }
      return error.offset == offset && error.message.contains(message)
    }
  }

  @Test func tooManyCommandsAreRejected() throws {
    // The limit itself (1,000,000) is checked with a small one to stay fast.
    var parser = SVGPathParser("M0 0 h1 h1 h1", maximumCommands: 3)
    #expect(
      throws: PathParseError(message: "path data has more than 3 commands, found 'h'", offset: 11)
    ) {
      try parser.parse()
    }
    var fits = SVGPathParser("M0 0 h1 h1", maximumCommands: 3)
    #expect(try fits.parse().count == 3)
    #expect(Path.maximumSVGCommands == 1_000_000)
  }
}
