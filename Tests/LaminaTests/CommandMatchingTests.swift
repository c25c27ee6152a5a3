// The words PlanDamage compares commands by (Damage/CommandMatching.swift)
// must tell every changed field apart: a command that differs from the
// frame before in one field alone, whichever, damages its footprint. A
// writer that left a field out (or a hash trusted without the words) would
// match the changed command with the old one and leave it undrawn; this
// fails then. Every payload's stored fields are listed through `Mirror`, so
// a field added to a command fails here until it is written and changed
// below.
import Foundation
import Testing

@testable import Lamina

@Suite("Command matching")
struct CommandMatchingTests {
  static let sampling = Sampling(minification: .linear, magnification: .linear, bias: 0)
  static let image = Image(width: 2, height: 2, premultipliedPixels: [UInt8](repeating: 200, count: 16))
  static let clip = Clip(
    matrix: Transform3D(translationX: 10, y: 10),
    shape: .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 0, width: 40, height: 40), radii: [4, 4, 4, 4])))
  static let convex = Clip(
    matrix: .identity, shape: .convex([HalfPlane(a: 1, b: 0, c: -5), HalfPlane(a: 0, b: 1, c: -5)]))

  /// One command of each kind, apart on a 400×100 canvas, over an
  /// offscreen (and its mask) for the composite.
  static func plan() -> RenderPlan {
    let card = RoundedRect(rect: CGRect(x: 0, y: 0, width: 30, height: 20), radii: [3, 3, 3, 3])
    let shape = RoundedRectDraw(
      matrix: Transform3D(translationX: 5, y: 5), outer: card,
      border: RoundedRect(rect: CGRect(x: 1, y: 1, width: 28, height: 18), radii: [2, 2, 2, 2]),
      color: .init(r: 1, g: 0, b: 0, a: 1), clips: [clip], name: "shape")
    let shadow = ShadowDraw(
      matrix: Transform3D(translationX: 60, y: 10), shape: card, sigma: 2, color: .init(r: 0, g: 0, b: 0, a: 0.5),
      extent: CGRect(x: -6, y: -6, width: 42, height: 32), clips: [convex], name: "shadow")
    var image = ImageDraw(
      matrix: Transform3D(translationX: 120, y: 10), image: Self.image,
      slices: [ImageSlice(destination: CGRect(x: 0, y: 0, width: 20, height: 20), source: CGRect(x: 0, y: 0, width: 2, height: 2))],
      sampling: sampling, opacity: 1, clips: [], name: "image")
    image.tint = ColorMultiplier(red: 1, green: 0.5, blue: 1)
    let gradient = GradientDraw(
      matrix: Transform3D(translationX: 160, y: 10), shape: card,
      gradient: Gradient(
        type: .axial, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 1, y: 0),
        stops: [GradientStop(location: 0, color: Color(red: 1, green: 0, blue: 0)), GradientStop(location: 1, color: Color(red: 0, green: 0, blue: 1))]),
      opacity: 1, clips: [], name: "gradient")
    let triangle = PolygonSet([[SIMD2(0, 0), SIMD2(20, 0), SIMD2(10, 15)], [SIMD2(25, 0), SIMD2(30, 0), SIMD2(30, 5)]])
    let path = PathDraw(
      matrix: Transform3D(translationX: 210, y: 10), polygons: triangle, rule: .nonZero,
      color: .init(r: 0, g: 0.5, b: 0, a: 1), clips: [], name: "path", pieceEnds: [1, 2])
    let composite = CompositeDraw(
      surface: 1, matrix: Transform3D(translationX: 300, y: 10), opacity: 0.5, mask: 2,
      shadow: SurfaceShadow(
        sigma: 2, offsetX: 1, offsetY: 2, color: .init(r: 0, g: 0, b: 0, a: 0.5), shadowOnly: false, clip: clip),
      sampling: Sampling(minification: .nearest, magnification: .nearest, bias: 0), clips: [], name: "group")
    let inside = RoundedRectDraw(
      matrix: .identity, outer: card, border: nil, color: .init(r: 0, g: 0, b: 1, a: 1), clips: [], name: "inside")
    return RenderPlan(
      width: 400, height: 100, background: .init(r: 1, g: 1, b: 1, a: 1),
      surfaces: [
        Surface(
          width: 400, height: 100, label: "canvas",
          commands: [.roundedRect(shape), .shadow(shadow), .image(image), .gradient(gradient), .path(path), .composite(composite)]),
        Surface(width: 30, height: 20, label: "group", commands: [.roundedRect(inside)]),
        Surface(width: 30, height: 20, label: "mask", commands: [.roundedRect(inside)]),
      ])
  }

  /// A change of one field of canvas command `index`.
  struct Change {
    let index: Int
    let what: String
    let change: (inout DrawCommand, inout [Surface]) -> Void
  }

  /// A change of one field of the draw of one kind: `draw` finds it in the
  /// command, `command` wraps it again.
  static func change<D>(
    _ index: Int, _ kind: String, _ what: String, draw: @escaping (DrawCommand) -> D?,
    command: @escaping (D) -> DrawCommand, _ f: @escaping (inout D) -> Void
  ) -> Change {
    Change(index: index, what: kind + "." + what) { c, _ in
      if var d = draw(c) { f(&d); c = command(d) }
    }
  }
  static func roundedRect(_ what: String, _ f: @escaping (inout RoundedRectDraw) -> Void) -> Change {
    change(0, "shape", what, draw: { if case .roundedRect(let d) = $0 { d } else { nil } }, command: { .roundedRect($0) }, f)
  }
  static func shadow(_ what: String, _ f: @escaping (inout ShadowDraw) -> Void) -> Change {
    change(1, "shadow", what, draw: { if case .shadow(let d) = $0 { d } else { nil } }, command: { .shadow($0) }, f)
  }
  static func image(_ what: String, _ f: @escaping (inout ImageDraw) -> Void) -> Change {
    change(2, "image", what, draw: { if case .image(let d) = $0 { d } else { nil } }, command: { .image($0) }, f)
  }
  static func gradient(_ what: String, _ f: @escaping (inout GradientDraw) -> Void) -> Change {
    change(3, "gradient", what, draw: { if case .gradient(let d) = $0 { d } else { nil } }, command: { .gradient($0) }, f)
  }
  static func path(_ what: String, _ f: @escaping (PathDraw) -> PathDraw) -> Change {
    Change(index: 4, what: "path." + what) { c, _ in
      if case .path(let d) = c { c = .path(f(d)) }
    }
  }
  static func composite(_ what: String, _ f: @escaping (inout CompositeDraw, inout [Surface]) -> Void) -> Change {
    Change(index: 5, what: "composite." + what) { c, s in
      if case .composite(var d) = c { f(&d, &s); c = .composite(d) }
    }
  }

  /// Every field of every kind, changed alone.
  static var changes: [Change] {
    let matrix: [WritableKeyPath<Transform3D, Double>] = [
      \.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24, \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44,
    ]
    var all: [Change] = matrix.enumerated().map { n, k in roundedRect("header.matrix[\(n)]") { $0.matrix[keyPath: k] += 0.25 } }
    all += [
      roundedRect("header.clips (one more)") { $0.clips.append(convex) },
      roundedRect("header.clips[0].matrix") { $0.clips[0].matrix.m41 += 1 },
      roundedRect("header.clips[0].shape (radius)") {
        $0.clips[0].shape = .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 0, width: 40, height: 40), radii: [5, 4, 4, 4]))
      },
      roundedRect("header.clips[0].shape (curve)") {
        $0.clips[0].shape = .roundedRect(
          RoundedRect(rect: CGRect(x: 0, y: 0, width: 40, height: 40), radii: [4, 4, 4, 4], curve: .continuous))
      },
      roundedRect("outer.rect") { $0.outer.rect.size.width += 1 },
      roundedRect("outer.radii") { $0.outer.radii[2] = 4 },
      roundedRect("outer.curve") { $0.outer.curve = .continuous },
      roundedRect("border (none)") { $0.border = nil },
      roundedRect("border.rect") { $0.border?.rect.origin.x = 2 },
      roundedRect("color") { $0.color.g = 0.5 },
      roundedRect("blendMode") { $0.blendMode = .difference },
      shadow("header.clips[0] (a half-plane)") { $0.clips[0].shape = .convex([HalfPlane(a: 1, b: 0, c: -6), HalfPlane(a: 0, b: 1, c: -5)]) },
      shadow("shape") { $0.shape.rect.origin.y = 1 },
      shadow("sigma") { $0.sigma = 2.5 },
      shadow("color") { $0.color.a = 0.25 },
      shadow("extent") { $0.extent.size.height += 2 },
      image("image (another object, equal pixels)") {
        $0.image = Image(width: 2, height: 2, premultipliedPixels: [UInt8](repeating: 200, count: 16))
      },
      image("slices[0].destination") { $0.slices[0].destination.size.width = 21 },
      image("slices[0].source") { $0.slices[0].source.origin.x = 0.5 },
      image("slices (one more)") { $0.slices.append($0.slices[0]) },
      image("sampling.minification") { $0.sampling.minification = .trilinear },
      image("sampling.magnification") { $0.sampling.magnification = .nearest },
      image("sampling.bias") { $0.sampling.bias = 0.5 },
      image("opacity") { $0.opacity = 0.5 },
      image("tint") { $0.tint.green = 0.25 },
      gradient("shape") { $0.shape.radii = [4, 3, 3, 3] },
      gradient("gradient.type") { $0.gradient.type = .radial },
      gradient("gradient.start") { $0.gradient.start.x = 0.1 },
      gradient("gradient.end") { $0.gradient.end.y = 0.1 },
      gradient("gradient.stops[1].location") { $0.gradient.stops[1].location = 0.9 },
      gradient("gradient.stops[0].color") { $0.gradient.stops[0].color.green = 0.5 },
      gradient("gradient.stops (one more)") { $0.gradient.stops.append($0.gradient.stops[1]) },
      gradient("opacity") { $0.opacity = 0.5 },
      path("polygons (one point)") {
        PathDraw(
          matrix: $0.matrix, polygons: PolygonSet([[SIMD2(0, 0), SIMD2(20, 0), SIMD2(10, 16)], [SIMD2(25, 0), SIMD2(30, 0), SIMD2(30, 5)]]),
          rule: $0.rule, color: $0.color, clips: $0.clips, name: $0.name, pieceEnds: $0.pieceEnds)
      },
      path("placedOutlines (the triangles as placed outlines, the second a point lower)") {
        let table = PlacedOutlines.Table([
          PolygonSet([[SIMD2(0, 0), SIMD2(20, 0), SIMD2(10, 15)]]), PolygonSet([[SIMD2(0, 0), SIMD2(5, 0), SIMD2(5, 5)]]),
        ])
        return PathDraw(
          matrix: $0.matrix,
          placed: PlacedOutlines(table, glyphs: [.init(outline: 0, origin: SIMD2(0, 0)), .init(outline: 1, origin: SIMD2(25, 1))]),
          rule: $0.rule, color: $0.color, clips: $0.clips, name: $0.name, pieceEnds: $0.pieceEnds)
      },
      path("rule") { var d = $0; d.rule = .evenOdd; return d },
      path("color") { var d = $0; d.color.b = 0.5; return d },
      path("glyphs (a run of two)") {
        let run = GlyphRun(
          font: FontReference(path: "/fonts/stand-in.ttf"), fontSize: 12, scale: 1,
          outlines: [PolygonSet([[SIMD2(0, 0), SIMD2(5, 0), SIMD2(5, 5)]])],
          glyphs: [.init(glyph: 3, outline: 0, origin: SIMD2(0, 0)), .init(glyph: 4, outline: 0, origin: SIMD2(25, 0))])
        return PathDraw(
          matrix: $0.matrix, polygons: $0.polygons, rule: $0.rule, color: $0.color, clips: $0.clips, name: $0.name,
          pieceEnds: $0.pieceEnds, glyphs: run)
      },
      path("simplePieces (the second known simple)") { $0.withSimplePieces([false, true]) },
      path("pieceEnds (one piece)") {
        PathDraw(matrix: $0.matrix, polygons: $0.polygons, rule: $0.rule, color: $0.color, clips: $0.clips, name: $0.name)
      },
      composite("opacity") { d, _ in d.opacity = 0.75 },
      composite("mask (none)") { d, _ in d.mask = nil },
      composite("mask's contents") { _, s in s[2].commands = [] },
      composite("surface's contents") { _, s in
        if case .roundedRect(var inside) = s[1].commands[0] { inside.color.r = 1; s[1].commands[0] = .roundedRect(inside) }
      },
      composite("surface's size") { _, s in s[1].width = 31; s[2].width = 31 },
      composite("surface's rasterKey") { _, s in s[1].rasterKey = 7 },
      composite("shadow (none)") { d, _ in d.shadow = nil },
      composite("shadow.sigma") { d, _ in d.shadow?.sigma = 3 },
      composite("shadow.offsetX") { d, _ in d.shadow?.offsetX = 2 },
      composite("shadow.offsetY") { d, _ in d.shadow?.offsetY = 3 },
      composite("shadow.color") { d, _ in d.shadow?.color.a = 0.75 },
      composite("shadow.shadowOnly") { d, _ in d.shadow?.shadowOnly = true },
      composite("shadow.clip (none)") { d, _ in d.shadow?.clip = nil },
      composite("shadow.clip.matrix") { d, _ in d.shadow?.clip?.matrix.m42 = 11 },
      composite("sampling") { d, _ in d.sampling.magnification = .linear },
      composite("blendMode") { d, _ in d.blendMode = .multiply },
    ]
    return all
  }

  func damage(_ a: RenderPlan, _ b: RenderPlan) -> PlanDamage {
    var next = PlanDigest(b)
    return PlanDamage.between(PlanDigest(a), &next)
  }

  @Test func aCommandDifferingInOneFieldDamagesItsFootprint() {
    let base = Self.plan()
    #expect(damage(base, Self.plan()).isEmpty)
    let canvas = PixelRect(x0: 0, y0: 0, x1: base.width, y1: base.height)
    for change in Self.changes {
      var changed = base, command = base.surfaces[0].commands[change.index]
      change.change(&command, &changed.surfaces)
      changed.surfaces[0].commands[change.index] = command
      #expect(changed != base, "\(change.what): the change changed nothing")
      let before = PlanDigest.footprint(of: base.surfaces[0].commands[change.index], surfaces: base.surfaces, within: canvas)
      let d = damage(base, changed)
      #expect(!d.isEverything && d.intersects(before), "\(change.what): damage \(d.rects), footprint \(before)")
      // Nothing else: the other commands are matched.
      for (i, command) in base.surfaces[0].commands.enumerated() where i != change.index {
        let other = PlanDigest.footprint(of: command, surfaces: base.surfaces, within: canvas)
        #expect(!d.rects.contains(other) || other == before, "\(change.what) damaged command \(i) too")
      }
    }
  }

  @Test func theLayersNameAloneDamagesNothing() {
    // No backend reads the name for pixels: it is left out of the words.
    var renamed = Self.plan()
    for i in renamed.surfaces[0].commands.indices {
      switch renamed.surfaces[0].commands[i] {
      case .roundedRect(var d): d.name = "renamed"; renamed.surfaces[0].commands[i] = .roundedRect(d)
      case .shadow(var d): d.name = "renamed"; renamed.surfaces[0].commands[i] = .shadow(d)
      default: break
      }
    }
    #expect(damage(Self.plan(), renamed).isEmpty)
  }

  /// The stored fields of each type a command is made of, by `Mirror`.
  static func fields(of value: Any, into found: inout [String: Set<String>]) {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .struct:
      let name = String(describing: type(of: value))
      found[name, default: []].formUnion(mirror.children.compactMap(\.label))
      for child in mirror.children { fields(of: child.value, into: &found) }
    case .optional, .collection, .enum:
      for child in mirror.children { fields(of: child.value, into: &found) }
    default:
      break
    }
  }

  @Test func everyStoredFieldOfACommandIsKnown() {
    var found: [String: Set<String>] = [:]
    for command in Self.plan().surfaces[0].commands { Self.fields(of: command, into: &found) }
    // Those written as words (CommandMatching.swift) or confirmed with ==.
    let expected: [String: Set<String>] = [
      "RoundedRectDraw": ["header", "outer", "border", "color", "blendMode"],
      "ShadowDraw": ["header", "shape", "sigma", "color", "extent"],
      "ImageDraw": ["header", "image", "slices", "sampling", "opacity", "tint"],
      "GradientDraw": ["header", "shape", "gradient", "opacity"],
      "PathDraw": [
        "header", "storedPolygons", "placedOutlines", "polygonsDigest", "rule", "color", "bounds", "pieceEnds",
        "glyphs", "simplePieces",
      ],
      "CompositeDraw": ["header", "surface", "opacity", "mask", "shadow", "sampling", "blendMode"],
      "DrawHeader": ["matrix", "clips", "name"],
      "Transform3D": Set((1...4).flatMap { r in (1...4).map { c in "m\(r)\(c)" } }),
      "Clip": ["matrix", "shape"],
      "HalfPlane": ["a", "b", "c"],
      "RoundedRect": ["rect", "radii", "curve"],
      "PremultipliedColor": ["r", "g", "b", "a"],
      "ImageSlice": ["destination", "source"],
      "Sampling": ["minification", "magnification", "bias"],
      "ColorMultiplier": ["red", "green", "blue"],
      "Gradient": ["type", "start", "end", "stops"],
      "GradientStop": ["location", "color"],
      "Color": ["red", "green", "blue", "alpha"],
      "SurfaceShadow": ["sigma", "offsetX", "offsetY", "color", "shadowOnly", "clip"],
      "PolygonSet": ["points", "ends"],
    ]
    for (type, fields) in expected {
      #expect(
        found[type] == fields,
        "\(type)'s stored fields are \(found[type].map { $0.sorted() } ?? []): write a new one in CommandMatching.swift and change it alone in aCommandDifferingInOneFieldDamagesItsFootprint")
    }
  }
}
