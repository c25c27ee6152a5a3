// Gradient layers against closed forms, for any renderer (LaminaCPU's
// GradientTests and LaminaGL's GradientGLTests run the same cases): each
// case is a small scene and pixels whose value follows from the format's
// definitions alone, computed here without Lamina's gradient code: t from
// the geometry at the pixel centre, the colour interpolated between the
// stops in straight alpha, premultiplied, composited over the canvas.
//
// Tolerance: 1 level per channel (`levels`): the expected value is exact,
// and a renderer rounds it once to 8 bits (½ level) after Float32
// arithmetic (t and the colour in the GL shader: under 10⁻⁴ of a level
// here). A wrong location, direction, clamp or interpolation space is
// tens of levels off (white to clear black in premultiplied space would
// give 128 where straight alpha gives 64).
import Foundation
import Lamina

public enum GradientChecks {
  /// One pixel and its expected premultiplied value, 0…255 per channel.
  public struct Probe: Sendable {
    public let x: Int, y: Int
    public let expected: [Double]
    public let what: String
  }

  /// A scene and the probes its render must hit (made in this module).
  public struct Case {
    public let name: String
    public let scene: Scene
    public let probes: [Probe]
  }

  /// Per channel, how far a rendered byte may be from the exact value.
  public static let levels = 1.0

  /// The probes that `cases`' case named `name` misses when drawn by
  /// `render`, as messages (a missing case is one too).
  public static func failures(named name: String, in cases: [Case], render: (Scene) throws -> Image) rethrows
    -> [String]
  {
    guard let c = cases.first(where: { $0.name == name }) else { return ["no case named \(name)"] }
    return failures(of: c, in: try render(c.scene))
  }

  /// The probes `image` misses, as messages.
  public static func failures(of c: Case, in image: Image) -> [String] {
    c.probes.compactMap { p in
      let px = image.pixel(x: p.x, y: p.y)
      let got = [px.r, px.g, px.b, px.a].map(Double.init)
      let off = zip(got, p.expected).map { abs($0 - $1) }.max() ?? 0
      guard off > levels else { return nil }
      let expected = p.expected.map { String(format: "%.2f", $0) }.joined(separator: ", ")
      return "\(c.name): pixel (\(p.x), \(p.y)) \(p.what): got \(got.map { Int($0) }), expected (\(expected))"
    }
  }

  // MARK: Closed forms

  /// The straight colour at t: the end colours outside the stops, else the
  /// segment after the last stop at or below t, interpolated linearly.
  static func straight(_ t: Double, _ stops: [(Double, Color)]) -> [Double] {
    func rgba(_ c: Color) -> [Double] { [c.red, c.green, c.blue, c.alpha] }
    var last = -1
    for (i, s) in stops.enumerated() where s.0 <= t { last = i }
    if last < 0 { return rgba(stops[0].1) }
    if last == stops.count - 1 { return rgba(stops[last].1) }
    let (a, b) = (stops[last], stops[last + 1])
    let f = (t - a.0) / (b.0 - a.0)
    return zip(rgba(a.1), rgba(b.1)).map { $0 + ($1 - $0) * f }
  }

  /// A straight colour × `fade`, premultiplied, over `background`, in 0…255.
  static func composite(_ c: [Double], over background: Color?, fade: Double = 1) -> [Double] {
    let a: Double = c[3] * fade
    let src: [Double] = [c[0] * a, c[1] * a, c[2] * a, a]
    var bg: [Double] = [0, 0, 0, 0]
    if let b = background { bg = [b.red * b.alpha, b.green * b.alpha, b.blue * b.alpha, b.alpha] }
    return (0..<4).map { (src[$0] + bg[$0] * (1 - a)) * 255 }
  }

  static func layer(
    _ frame: CGRect, _ type: GradientType, _ stops: [(Double, Color)], start: CGPoint, end: CGPoint,
    evenlySpaced: Bool = false
  ) -> GradientLayer {
    let g = GradientLayer()
    g.frame = frame
    g.type = type
    g.colors = stops.map(\.1)
    g.locations = evenlySpaced ? nil : stops.map(\.0)
    g.startPoint = start
    g.endPoint = end
    return g
  }

  /// An axial gradient across `frame` from its left edge to its right
  /// (start (0, 0.5), end (1, 0.5)): t is then x across the frame.
  static func leftToRight(_ frame: CGRect, _ stops: [(Double, Color)], evenlySpaced: Bool = false) -> GradientLayer {
    layer(frame, .axial, stops, start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 1, y: 0.5), evenlySpaced: evenlySpaced)
  }

  static func hex(_ s: String) -> Color { Color(hex: s)! }

  // MARK: The cases

  public static var all: [Case] {
    [axial, axialUneven, radial, conic, whiteToClear, hardStop, degenerate, fadedPerPrimitive, roundedCorners,
      shadowAlpha, maskAlpha, manyStops]
  }

  /// Red to blue, left to right: the pixel centres at t = 0.25, 0.5, 0.75.
  static var axial: Case {
    let stops: [(Double, Color)] = [(0, hex("#FF3B30")), (1, hex("#007AFF"))]
    // The layer starts half a pixel left of the canvas: centre 24.5 is local 25.
    let g = leftToRight(CGRect(x: -0.5, y: 0, width: 100, height: 10), stops, evenlySpaced: true)
    let probes = [24, 49, 74].map { x in
      let t = Double(x + 1) / 100
      return Probe(x: x, y: 5, expected: composite(straight(t, stops), over: nil), what: "t = \(t)")
    }
    return Case(name: "axial", scene: Scene(canvas: Canvas(width: 100, height: 10), layers: [g]), probes: probes)
  }

  /// Along the diagonal of a square at scale 2, three stops at uneven locations.
  static var axialUneven: Case {
    let stops: [(Double, Color)] = [(0.1, hex("#000000")), (0.3, hex("#FF9500")), (0.85, hex("#FFFFFF"))]
    let g = layer(
      CGRect(x: 0, y: 0, width: 60, height: 60), .axial, stops, start: CGPoint(x: 0, y: 0),
      end: CGPoint(x: 1, y: 1))
    let bg = hex("#F2F2F7")
    let probes = [(5, 5), (10, 30), (50, 20), (70, 40), (90, 90), (118, 118), (3, 110)].map { (x, y) in
      // t = ((x, y) · (60, 60)) / (60² + 60²), at the centre in points.
      let t = ((Double(x) + 0.5) / 2 + (Double(y) + 0.5) / 2) / 120
      return Probe(x: x, y: y, expected: composite(straight(t, stops), over: bg), what: "t = \(t)")
    }
    return Case(
      name: "axial uneven",
      scene: Scene(canvas: Canvas(width: 60, height: 60, scale: 2, background: bg), layers: [g]), probes: probes)
  }

  /// An ellipse centred at (50, 30) with half-axes 40 and 24.
  static var radial: Case {
    let stops: [(Double, Color)] = [(0, hex("#FFFFFF")), (0.6, hex("#5AC8FA")), (1, hex("#007AFF"))]
    let g = layer(
      CGRect(x: 0, y: 0, width: 100, height: 60), .radial, stops, start: CGPoint(x: 0.5, y: 0.5),
      end: CGPoint(x: 0.9, y: 0.9))
    let probes = [(49, 29), (60, 35), (69, 29), (50, 45), (85, 40), (97, 58), (2, 2)].map { (x, y) in
      let dx = (Double(x) + 0.5 - 50) / 40, dy = (Double(y) + 0.5 - 30) / 24
      let t = (dx * dx + dy * dy).squareRoot()
      return Probe(x: x, y: y, expected: composite(straight(t, stops), over: nil), what: "t = \(t)")
    }
    return Case(name: "radial", scene: Scene(canvas: Canvas(width: 100, height: 60), layers: [g]), probes: probes)
  }

  /// About (40, 40), starting to the right, clockwise: red, green, blue.
  static var conic: Case {
    let stops: [(Double, Color)] = [(0, .red), (0.5, .green), (1, .blue)]
    let g = layer(
      CGRect(x: 0, y: 0, width: 80, height: 80), .conic, stops, start: CGPoint(x: 0.5, y: 0.5),
      end: CGPoint(x: 1, y: 0.5), evenlySpaced: true)
    let probes = [(70, 45), (60, 70), (45, 75), (10, 50), (10, 30), (30, 5), (70, 20), (75, 38)].map { (x, y) in
      var angle = atan2(Double(y) + 0.5 - 40, Double(x) + 0.5 - 40)
      if angle < 0 { angle += 2 * .pi }
      let t = angle / (2 * .pi)
      return Probe(x: x, y: y, expected: composite(straight(t, stops), over: nil), what: "t = \(t)")
    }
    return Case(name: "conic", scene: Scene(canvas: Canvas(width: 80, height: 80), layers: [g]), probes: probes)
  }

  /// White to #00000000: half-way, 50 % grey at 50 % alpha, premultiplied (63.75, …, 127.5).
  static var whiteToClear: Case {
    let stops: [(Double, Color)] = [(0, .white), (1, .clear)]
    let g = leftToRight(CGRect(x: -0.5, y: 0, width: 100, height: 4), stops)
    let probes = [Probe(x: 49, y: 2, expected: [63.75, 63.75, 63.75, 127.5], what: "the grey midpoint")]
      + [19, 79].map { x in
        let t = Double(x + 1) / 100
        return Probe(x: x, y: 2, expected: composite(straight(t, stops), over: nil), what: "t = \(t)")
      }
    return Case(
      name: "white to clear", scene: Scene(canvas: Canvas(width: 100, height: 4), layers: [g]), probes: probes)
  }

  /// Red to 0.5, then blue: the pixels either side of the stop are the stop colours.
  static var hardStop: Case {
    let stops: [(Double, Color)] = [(0, .red), (0.5, .red), (0.5, .blue), (1, .blue)]
    let g = leftToRight(CGRect(x: 0, y: 0, width: 100, height: 4), stops)
    let probes = [
      Probe(x: 49, y: 2, expected: [255, 0, 0, 255], what: "just before the stop"),
      Probe(x: 50, y: 2, expected: [0, 0, 255, 255], what: "just after the stop"),
    ]
    return Case(name: "hard stop", scene: Scene(canvas: Canvas(width: 100, height: 4), layers: [g]), probes: probes)
  }

  /// startPoint = endPoint (axial, conic) and a zero half-axis (radial) paint the last colour.
  static var degenerate: Case {
    let stops: [(Double, Color)] = [(0, .red), (1, hex("#34C759"))]
    let c = CGPoint(x: 0.5, y: 0.5)
    let layers = [
      layer(CGRect(x: 0, y: 0, width: 10, height: 10), .axial, stops, start: c, end: c),
      layer(CGRect(x: 10, y: 0, width: 10, height: 10), .radial, stops, start: c, end: CGPoint(x: 0.5, y: 1)),
      layer(CGRect(x: 20, y: 0, width: 10, height: 10), .conic, stops, start: c, end: c),
    ]
    let probes = [(2, 2), (5, 5), (15, 5), (12, 8), (25, 5), (28, 1)].map {
      Probe(x: $0.0, y: $0.1, expected: composite(straight(1, stops), over: nil), what: "the last colour")
    }
    return Case(name: "degenerate", scene: Scene(canvas: Canvas(width: 30, height: 10), layers: layers), probes: probes)
  }

  /// Opacity 0.5 without group opacity: the gradient is faded as a primitive.
  static var fadedPerPrimitive: Case {
    let stops: [(Double, Color)] = [(0, hex("#FF9500")), (1, hex("#5AC8FA"))]
    let g = leftToRight(CGRect(x: -0.5, y: 0, width: 100, height: 4), stops)
    g.opacity = 0.5
    g.allowsGroupOpacity = false
    let bg = Color.black
    let probes = [9, 59].map { x in
      let t = Double(x + 1) / 100
      return Probe(x: x, y: 2, expected: composite(straight(t, stops), over: bg, fade: 0.5), what: "t = \(t), ×0.5")
    }
    return Case(
      name: "faded per primitive", scene: Scene(canvas: Canvas(width: 100, height: 4, background: bg), layers: [g]),
      probes: probes)
  }

  /// The gradient fills the rounded bounds: nothing outside a circle.
  static var roundedCorners: Case {
    let stops: [(Double, Color)] = [(0, .red), (1, .blue)]
    let g = layer(
      CGRect(x: 0, y: 0, width: 40, height: 40), .axial, stops, start: CGPoint(x: 0.5, y: 0),
      end: CGPoint(x: 0.5, y: 1))
    g.cornerRadius = 20
    let probes = [
      Probe(x: 1, y: 1, expected: [0, 0, 0, 0], what: "outside the corner"),
      Probe(x: 38, y: 38, expected: [0, 0, 0, 0], what: "outside the corner"),
      Probe(x: 20, y: 10, expected: composite(straight(10.5 / 40, stops), over: nil), what: "inside"),
    ]
    return Case(
      name: "rounded corners", scene: Scene(canvas: Canvas(width: 40, height: 40), layers: [g]), probes: probes)
  }

  /// The content shadow's silhouette is the gradient's alpha: black on the
  /// left half, clear on the right, shadow moved 15 down with σ 0.
  static var shadowAlpha: Case {
    let stops: [(Double, Color)] = [(0, .black), (0.5, .black), (0.5, .clear), (1, .clear)]
    let g = leftToRight(CGRect(x: 10, y: 5, width: 40, height: 10), stops)
    g.shadowOpacity = 1
    g.shadowRadius = 0
    g.shadowOffset = CGSize(width: 0, height: 15)
    g.shadowColor = .blue
    let probes = [
      Probe(x: 20, y: 25, expected: [0, 0, 255, 255], what: "the shadow of the opaque half"),
      Probe(x: 40, y: 25, expected: [255, 255, 255, 255], what: "no shadow under the clear half"),
      Probe(x: 20, y: 10, expected: [0, 0, 0, 255], what: "the layer"),
    ]
    return Case(
      name: "shadow alpha", scene: Scene(canvas: Canvas(width: 60, height: 40, background: .white), layers: [g]),
      probes: probes)
  }

  /// A gradient mask: its alpha multiplies the masked layer.
  static var maskAlpha: Case {
    let stops: [(Double, Color)] = [(0, .black), (1, .clear)]
    let l = Layer()
    l.frame = CGRect(x: -0.5, y: 0, width: 100, height: 4)
    l.backgroundColor = .red
    l.mask = leftToRight(CGRect(x: 0, y: 0, width: 100, height: 4), stops)
    let probes = [14, 49, 89].map { x in
      let t = Double(x + 1) / 100
      return Probe(x: x, y: 2, expected: composite([1, 0, 0, 1 - t], over: .white), what: "mask alpha \(1 - t)")
    }
    return Case(
      name: "mask alpha", scene: Scene(canvas: Canvas(width: 100, height: 4, background: .white), layers: [l]),
      probes: probes)
  }

  /// 20 stops (more than one GL draw takes), a hard stop among them.
  static var manyStops: Case {
    let palette = ["#FF3B30", "#FF9500", "#FFCC00", "#34C759", "#5AC8FA", "#007AFF", "#AF52DE", "#1C1C1E"]
    var stops: [(Double, Color)] = (0..<20).map { (Double($0) / 20, hex(palette[$0 % palette.count])) }
    stops[16].0 = stops[15].0
    stops[19].0 = 1
    let g = leftToRight(CGRect(x: -0.5, y: 0, width: 200, height: 4), stops)
    let probes = [3, 36, 71, 104, 139, 148, 150, 151, 172, 187, 198].map { x in
      let t = Double(x + 1) / 200
      return Probe(x: x, y: 2, expected: composite(straight(t, stops), over: nil), what: "t = \(t)")
    }
    return Case(name: "many stops", scene: Scene(canvas: Canvas(width: 200, height: 4), layers: [g]), probes: probes)
  }
}
