// Images and paths in scene files. A `contents` string is a PNG file read
// during validation (a missing file is an error like any other), or an
// image inline as a `data:image/png;base64,…` or `data:image/jpeg;base64,…`
// URI (what a document posted to a server, which may read no file, uses;
// the URI is the image's source, so a written scene keeps it); a
// generated image is only checked here, against the limits, and rendered
// after the whole document is known to be valid. Its canonical JSON (every
// field written, defaults included) becomes the image's `source`, so a
// written scene says exactly what was drawn.

/// A generated image of the scene format, with every field resolved.
enum GeneratedImageSpec: Hashable, Sendable {
  case checkerboard(width: Int, height: Int, cell: Int, colors: [Color])
  case linearGradient(width: Int, height: Int, colors: [Color], start: CGPoint, end: CGPoint)
  case radialGradient(width: Int, height: Int, colors: [Color], center: CGPoint, radius: Double)

  /// Renders the image (its `source` is set by the caller).
  func render() -> Image {
    switch self {
    case .checkerboard(let w, let h, let cell, let colors):
      return GeneratedImage.checkerboard(
        width: w, height: h, cell: cell, colors: (colors[0], colors[1]))
    case .linearGradient(let w, let h, let colors, let start, let end):
      return GeneratedImage.linearGradient(
        width: w, height: h, colors: colors, start: start, end: end)
    case .radialGradient(let w, let h, let colors, let center, let radius):
      return GeneratedImage.radialGradient(
        width: w, height: h, colors: colors, center: center, radius: radius)
    }
  }

  /// The scene-format JSON of this image, every field written.
  var json: JSONValue {
    func num(_ v: Double) -> JSONValue { JSONValue(.number(v)) }
    func pair(_ a: Double, _ b: Double) -> JSONValue { JSONValue(.array([num(a), num(b)])) }
    func member(_ key: String, _ value: JSONValue) -> JSONValue.Member {
      JSONValue.Member(key: key, keyLocation: SourceLocation(line: 0, column: 0), value: value)
    }
    func colorList(_ colors: [Color]) -> JSONValue {
      JSONValue(.array(colors.map(SceneWriter.colorJSON)))
    }
    let kind: String
    var fields: [JSONValue.Member]
    switch self {
    case .checkerboard(let w, let h, let cell, let colors):
      kind = "checkerboard"
      fields = [
        member("size", pair(Double(w), Double(h))), member("cell", num(Double(cell))),
        member("colors", colorList(colors)),
      ]
    case .linearGradient(let w, let h, let colors, let start, let end):
      kind = "linearGradient"
      fields = [
        member("size", pair(Double(w), Double(h))), member("colors", colorList(colors)),
        member("start", pair(start.x, start.y)), member("end", pair(end.x, end.y)),
      ]
    case .radialGradient(let w, let h, let colors, let center, let radius):
      kind = "radialGradient"
      fields = [
        member("size", pair(Double(w), Double(h))), member("colors", colorList(colors)),
        member("center", pair(center.x, center.y)), member("radius", num(radius)),
      ]
    }
    return JSONValue(.object([member(kind, JSONValue(.object(fields)))]))
  }

  /// Width × height of the image.
  var pixelCount: Int {
    switch self {
    case .checkerboard(let w, let h, _, _), .linearGradient(let w, let h, _, _, _), .radialGradient(let w, let h, _, _, _):
      return w * h
    }
  }

  /// The compact canonical JSON, the image's `ImageSource.generated` text.
  var canonicalJSON: String { JSONWriter.compact(json) }
}

extension SceneDecoder {
  // MARK: Images

  /// Reads `contents`: a PNG path (loaded now) or a generated image (queued).
  mutating func contents(_ value: JSONValue, _ path: [JSONPathComponent], into layer: Layer) {
    switch value.kind {
    case .string(let file):
      if let image = pngFile(file, value, path) { layer.contents = image }
    case .object:
      if let spec = generatedImage(value, path) { pendingImages.append((layer, spec)) }
    default:
      typeMismatch(value, path, expected: "an image (a PNG file name or a generated image object)")
    }
  }

  /// A PNG file named by the scene, read once and shared by every use.
  private mutating func pngFile(_ file: String, _ value: JSONValue, _ path: [JSONPathComponent]) -> Image? {
    if let image = filesRead[file] { return image }
    if file.hasPrefix("data:") { return dataURI(file, value, path) }
    var resolved = file
    if let base = baseDirectory, !file.hasPrefix("/") { resolved = base + "/" + file }
    do {
      let image = try resources.pngFile(resolved)
      if let problem = limits.violation(width: image.width, height: image.height) {
        fail(path, at: value.location, "\(problem)")
        return nil
      }
      let shared = Image(
        width: image.width, height: image.height, premultipliedPixels: image.pixels, source: .file(file))
      filesRead[file] = shared
      return shared
    } catch {
      fail(path, at: value.location, "cannot read the image: \(error.message)")
      return nil
    }
  }

  /// An image inline as `data:image/png;base64,…` or `data:image/jpeg;base64,…`,
  /// decoded once per distinct URI (its format is checked from its bytes too).
  private mutating func dataURI(_ uri: String, _ value: JSONValue, _ path: [JSONPathComponent]) -> Image? {
    let kinds: [(prefix: String, format: ImageFormat)] = [
      ("data:image/png;base64,", .png), ("data:image/jpeg;base64,", .jpeg), ("data:image/jpg;base64,", .jpeg),
    ]
    guard let kind = kinds.first(where: { uri.hasPrefix($0.prefix) }) else {
      fail(path, at: value.location, "a data URI must start data:image/png;base64, or data:image/jpeg;base64,")
      return nil
    }
    guard let data = Data(base64Encoded: String(uri.dropFirst(kind.prefix.count)), options: .ignoreUnknownCharacters)
    else {
      fail(path, at: value.location, "the data URI is not valid base64")
      return nil
    }
    let bytes = [UInt8](data)
    guard ImageFormat(sniffing: bytes) == kind.format else {
      fail(path, at: value.location, "the data URI says \(kind.format.rawValue) but its data is not \(kind.format.rawValue)")
      return nil
    }
    do {
      let straight = try StraightImage(imageData: bytes, limits: limits)
      let image = Image(straight, source: .file(uri))
      filesRead[uri] = image
      return image
    } catch {
      fail(path, at: value.location, "cannot read the image: \(error.message)")
      return nil
    }
  }

  /// An image an animation of `contents` shows (a PNG file or a generated
  /// image, as `contents` takes them). Generated ones are rendered now, once
  /// per distinct spec; the distinct images of all such values may hold at
  /// most `limits.maxPixelBytes` (a million keyframes of large images
  /// would otherwise exhaust memory before the document is known valid).
  mutating func animationImage(_ value: JSONValue, _ path: [JSONPathComponent]) -> Image? {
    let image: Image
    let key: String
    let bytes: Int
    switch value.kind {
    case .string(let file):
      key = "file:" + file
      if let known = animationImages[key] { return known }
      guard let read = pngFile(file, value, path) else { return nil }
      image = read
      bytes = read.width * read.height * 4
    case .object:
      guard let spec = generatedImage(value, path) else { return nil }
      key = "generated:" + spec.canonicalJSON
      if let known = animationImages[key] { return known }
      bytes = spec.pixelCount * 4
      guard animationImageBytes + bytes <= limits.maxPixelBytes else {
        // Said once; the document is refused, and later values are not rendered.
        if animationImageBytes <= limits.maxPixelBytes { animationImageBytes = limits.maxPixelBytes + 1 } else { return nil }
        fail(path, at: value.location,
          "the images of animated contents exceed \(limits.maxPixelBytes >> 20) MiB in all (distinct images)")
        return nil
      }
      image = resources.generatedImage(spec)
    default:
      typeMismatch(value, path, expected: "an image (a PNG file name or a generated image object) or null")
      return nil
    }
    animationImageBytes += bytes
    animationImages[key] = image
    return image
  }

  private mutating func generatedImage(_ value: JSONValue, _ path: [JSONPathComponent])
    -> GeneratedImageSpec?
  {
    let kinds = ["checkerboard", "linearGradient", "radialGradient"]
    guard let outer = members(value, path, known: kinds) else { return nil }
    guard outer.count == 1, let kindMember = outer.first else {
      if outer.count > 1 {
        fail(
          path, at: value.location,
          "an image has exactly one of checkerboard, linearGradient, radialGradient")
      } else if case .object(let raw) = value.kind, raw.allSatisfy({ $0.key.hasPrefix("_") }) {
        fail(
          path, at: value.location, "expected one of checkerboard, linearGradient, radialGradient")
      }
      return nil
    }
    let kind = kindMember.key
    let p = path + [.key(kind)]
    let known: [String]
    switch kind {
    case "checkerboard": known = ["size", "cell", "colors"]
    case "linearGradient": known = ["size", "colors", "start", "end"]
    default: known = ["size", "colors", "center", "radius"]
    }
    guard let fields = members(kindMember.value, p, known: known) else { return nil }
    var size: (Int, Int)?
    var cell: Int?
    var colors: [Color]?
    var start = CGPoint(x: 0.5, y: 0)
    var end = CGPoint(x: 0.5, y: 1)
    var center = CGPoint(x: 0.5, y: 0.5)
    var radius = 0.5
    var ok = true
    for field in fields {
      let fp = p + [.key(field.key)]
      switch field.key {
      case "size":
        if let s = pixelSize(field.value, fp) { size = s } else { ok = false }
      case "cell":
        if let c = count(field.value, fp) { cell = c } else { ok = false }
      case "colors":
        if let c = colorList(field.value, fp, count: kind == "checkerboard" ? 2...2 : 2...Int.max) {
          colors = c
        } else {
          ok = false
        }
      case "start":
        if let v = point(field.value, fp) { start = v } else { ok = false }
      case "end":
        if let v = point(field.value, fp) { end = v } else { ok = false }
      case "center":
        if let v = point(field.value, fp) { center = v } else { ok = false }
      default:
        if let v = number(field.value, fp, .positive) { radius = v } else { ok = false }
      }
    }
    for required in kind == "checkerboard" ? ["size", "cell", "colors"] : ["size", "colors"]
    where !fields.contains(where: { $0.key == required }) {
      fail(p + [.key(required)], at: kindMember.value.location, "required")
      ok = false
    }
    if kind == "linearGradient", ok, start == end,
      let endMember = fields.first(where: { $0.key == "end" })
        ?? fields.first(where: { $0.key == "start" })
    {
      fail(p + [.key(endMember.key)], at: endMember.value.location, "start and end must differ")
      ok = false
    }
    guard ok, let (w, h) = size, let colors else { return nil }
    switch kind {
    case "checkerboard":
      guard let cell else { return nil }
      return .checkerboard(width: w, height: h, cell: cell, colors: colors)
    case "linearGradient":
      return .linearGradient(width: w, height: h, colors: colors, start: start, end: end)
    default:
      return .radialGradient(width: w, height: h, colors: colors, center: center, radius: radius)
    }
  }

  /// `[width, height]` in whole pixels, within the limits.
  private mutating func pixelSize(_ value: JSONValue, _ path: [JSONPathComponent]) -> (Int, Int)? {
    guard case .array(let elements) = value.kind, elements.count == 2 else {
      _ = numbers(value, path, count: 2, shape: "[width, height] in pixels")
      return nil
    }
    let w = count(elements[0], path + [.index(0)])
    let h = count(elements[1], path + [.index(1)])
    guard let w, let h else { return nil }
    if let problem = limits.violation(width: w, height: h) {
      fail(path, at: value.location, "\(problem)")
      return nil
    }
    return (w, h)
  }

  private mutating func colorList(
    _ value: JSONValue, _ path: [JSONPathComponent], count: ClosedRange<Int>
  ) -> [Color]? {
    guard case .array(let elements) = value.kind else {
      typeMismatch(value, path, expected: "an array of colours")
      return nil
    }
    guard count.contains(elements.count) else {
      let wanted =
        count.lowerBound == count.upperBound
        ? "\(count.lowerBound)" : "at least \(count.lowerBound)"
      fail(path, at: value.location, "expected \(wanted) colours, got \(elements.count)")
      return nil
    }
    var out: [Color] = []
    for (i, element) in elements.enumerated() {
      if case .some(.some(let c)) = color(element, path + [.index(i)]) { out.append(c) }
    }
    return out.count == elements.count ? out : nil
  }

  // MARK: Paths

  /// `{"rect": …}`, `{"ellipse": …}`, `{"roundedRect": …, "cornerRadius": r}` or `{"svg": "…"}`.
  mutating func path(_ value: JSONValue, _ path: [JSONPathComponent]) -> Path? {
    let shapes = ["rect", "ellipse", "roundedRect", "svg"]
    guard let fields = members(value, path, known: shapes + ["cornerRadius"]) else { return nil }
    let shapeFields = fields.filter { shapes.contains($0.key) }
    let radiusField = fields.first { $0.key == "cornerRadius" }
    guard shapeFields.count == 1, let field = shapeFields.first else {
      if shapeFields.count > 1 {
        fail(path, at: value.location, "a path has exactly one of rect, ellipse, roundedRect, svg")
      } else if case .object(let raw) = value.kind,
        raw.allSatisfy({ $0.key.hasPrefix("_") || $0.key == "cornerRadius" })
      {
        fail(path, at: value.location, "expected one of rect, ellipse, roundedRect, svg")
      }
      return nil
    }
    let fp = path + [.key(field.key)]
    var radius: Double?
    if let radiusField {
      let rp = path + [.key("cornerRadius")]
      if field.key == "roundedRect" {
        radius = number(radiusField.value, rp, .nonNegative)
        if radius == nil { return nil }
      } else {
        fail(rp, at: radiusField.keyLocation, "only allowed with roundedRect")
        return nil
      }
    } else if field.key == "roundedRect" {
      fail(path + [.key("cornerRadius")], at: value.location, "required with roundedRect")
      return nil
    }
    let shape: Path.Shape
    switch field.key {
    case "svg":
      guard let data = string(field.value, fp) else { return nil }
      shape = .svg(data)
    default:
      guard let r = rect(field.value, fp, nonNegativeSize: true) else { return nil }
      switch field.key {
      case "rect": shape = .rect(r)
      case "ellipse": shape = .ellipse(r)
      default: shape = .roundedRect(r, cornerRadius: radius ?? 0)
      }
    }
    do {
      return try resources.path(shape)
    } catch {
      fail(fp, at: field.value.location, "invalid SVG path data \(error)")
      return nil
    }
  }
}
