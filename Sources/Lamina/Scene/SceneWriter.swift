// SceneWriter: a scene back to JSON. Only properties that differ from
// Core Animation's defaults are written, in the order of the format's
// table (`LayerProperties`, which holds each key's writer), so a written
// scene reads like a hand-written one. Geometry is written as `bounds` and
// `position` (never `frame`, which is derived); an affine `transform` as
// `affineTransform`, any other as 16 numbers, so loading the output gives
// back the same values bit for bit. Images are written by their `source`
// and paths by their `shape`; a path built from elements alone is written
// as SVG path data.
//
// Lossy corners, by necessity: an image without a `source` (made in code)
// has no JSON form and is written as a `_contents` comment, and the root
// layer's own properties are not part of the format (only its sublayers).

enum SceneWriter {
  /// `"#RRGGBB"` when opaque, `"#RRGGBBAA"` when 8-bit exact, else `[r, g, b, a]`.
  static func colorJSON(_ c: Color) -> JSONValue {
    if let hex = c.hexString {
      return JSONValue(.string(c.alpha == 1 ? String(hex.prefix(7)) : hex))
    }
    return numbers([c.red, c.green, c.blue, c.alpha])
  }

  static func numbers(_ values: [Double]) -> JSONValue {
    JSONValue(.array(values.map { JSONValue(.number($0)) }))
  }

  /// `[x, y, width, height]` as stored: `CGRect.width` would standardize a
  /// negative width (a flipped `contentsRect`) and lose its sign.
  static func rectJSON(_ r: CGRect) -> JSONValue {
    numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])
  }

  static func member(_ key: String, _ value: JSONValue) -> JSONValue.Member {
    JSONValue.Member(key: key, keyLocation: SourceLocation(line: 0, column: 0), value: value)
  }

  static func document(_ scene: Scene) -> JSONValue {
    let c = scene.canvas
    var canvas = [
      member("width", JSONValue(.number(c.width))), member("height", JSONValue(.number(c.height))),
    ]
    if c.scale != 1 { canvas.append(member("scale", JSONValue(.number(c.scale)))) }
    if let background = c.background { canvas.append(member("background", colorJSON(background))) }
    if c.duration != 0 { canvas.append(member("duration", JSONValue(.number(c.duration)))) }
    if c.frameRate != 60 { canvas.append(member("frameRate", JSONValue(.number(c.frameRate)))) }
    return JSONValue(
      .object([
        member("format", JSONValue(.string("lamina-scene"))),
        member(
          "version",
          JSONValue(.number(Double(max(version(of: scene.layers), c.duration != 0 || c.frameRate != 60 ? 2 : 1))))),
        member("canvas", JSONValue(.object(canvas))),
        member("layers", JSONValue(.array(scene.layers.map(layer)))),
      ]))
  }

  /// The layer's keys that differ from their defaults (a fresh layer of
  /// its class, `LayerClass.fresh`), in the order of its class's table.
  static func layer(_ l: Layer) -> JSONValue {
    var members: [JSONValue.Member] = []
    let c = l.sceneClass
    for property in c.properties where !(property.isEqual?(l, c.fresh) ?? false) { property.write(l, &members) }
    return JSONValue(.object(members))
  }

  /// The oldest format version that has every layer class of the trees
  /// (masks included): 1 unless a later class is used, so a document
  /// older readers can read says so.
  static func version(of layers: [Layer]) -> Int {
    var version = 1
    var stack = layers
    while let l = stack.popLast() {
      version = max(version, l.sceneClass.version)
      // Timing and animations are version 2's (docs/scene-format.md, "Time and animation").
      if !l.animationEntries.isEmpty || l.timing != MediaTiming() { version = max(version, 2) }
      // Compositing filters are version 3's (docs/scene-format.md, "Compositing filters").
      if l.compositingFilter != nil { version = max(version, 3) }
      stack += l.sublayers ?? []
      if let mask = l.mask { stack.append(mask) }
    }
    return version
  }

  static func cornerNames(_ mask: CornerMask) -> JSONValue {
    let names: [(CornerMask, String)] = [
      (.layerMinXMinYCorner, "minXMinY"), (.layerMaxXMinYCorner, "maxXMinY"),
      (.layerMinXMaxYCorner, "minXMaxY"), (.layerMaxXMaxYCorner, "maxXMaxY"),
    ]
    return JSONValue(.array(names.filter { mask.contains($0.0) }.map { JSONValue(.string($0.1)) }))
  }

  /// The image's `source` as scene JSON, or `nil` when it has none.
  static func imageJSON(_ image: Image) -> JSONValue? {
    switch image.source {
    case .file(let file): return JSONValue(.string(file))
    case .generated(let text): return try? JSONParser.parse(Array(text.utf8))
    case nil: return nil
    }
  }

  static func path(_ p: Path) -> JSONValue {
    let r = rectJSON
    switch p.shape {
    case .rect(let rect): return JSONValue(.object([member("rect", r(rect))]))
    case .ellipse(let rect): return JSONValue(.object([member("ellipse", r(rect))]))
    case .roundedRect(let rect, let radius):
      return JSONValue(
        .object([
          member("roundedRect", r(rect)), member("cornerRadius", JSONValue(.number(radius))),
        ]))
    case .svg(let data): return JSONValue(.object([member("svg", JSONValue(.string(data)))]))
    case nil: return JSONValue(.object([member("svg", JSONValue(.string(svgData(p.elements))))]))
    }
  }

  /// SVG path data for absolute elements: `M x y L x y Q … C … Z`.
  static func svgData(_ elements: [Path.Element]) -> String {
    func xy(_ p: CGPoint) -> String { JSONWriter.number(p.x) + " " + JSONWriter.number(p.y) }
    return elements.map { e -> String in
      switch e {
      case .move(let p): return "M " + xy(p)
      case .line(let p): return "L " + xy(p)
      case .quad(let c, let p): return "Q " + xy(c) + " " + xy(p)
      case .cubic(let c1, let c2, let p): return "C " + xy(c1) + " " + xy(c2) + " " + xy(p)
      case .close: return "Z"
      }
    }.joined(separator: " ")
  }
}

extension Scene {
  /// The scene as pretty-printed JSON (UTF-8) in the scene format, with a
  /// stable key order and only the properties that differ from their defaults.
  public func jsonData() -> [UInt8] {
    JSONWriter.pretty(SceneWriter.document(self))
  }
}
