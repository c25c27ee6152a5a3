// Scene: a canvas and a layer tree, loaded from and written to the JSON
// scene format (docs/scene-format.md).
//
// Loading runs in two phases. Phase 1 walks the whole document, collecting
// every error (hidden subtrees and masks included) while it builds the
// layers, parses paths and reads PNG files, because those can fail and
// their errors belong in the same report. Phase 2 runs only when phase 1
// found nothing: it renders the generated images, which cannot fail once
// their sizes are checked, so a broken scene never pays for them. On any
// error the half-built tree is dropped and only `SceneErrors` escapes.
//
// What a document may read from the file system is its loader's choice
// (`SceneFileAccess`): a scene file reads PNGs and fonts anywhere, as it
// always has; a document posted to a server reads none (images come inline
// as `data:` URIs); a server's template reads only inside its folder. The
// policy wraps the file readers of `SceneResources`, so every place that
// reads a file (contents, animated contents, a font by path) obeys it and
// reports a refusal at the value's JSON path.
//
// Rejected: decoding into a parallel tree of plain "layer spec" values and
// building `Layer`s from it afterwards. It doubles the property list to keep
// in step with `Layer`, for no gain: the layers built in phase 1 are cheap.

/// The drawing surface of a scene.
public struct Canvas: Hashable, Sendable {
  /// Width in points, > 0.
  public var width: Double
  /// Height in points, > 0.
  public var height: Double
  /// Pixels per point (the screen scale).
  public var scale: Double
  /// The colour under all layers; `nil` is fully transparent.
  public var background: Color?
  /// How long the scene's frame sequence lasts, in seconds (0: a still).
  public var duration: Double = 0
  /// Frames per second of the sequence: frame n is drawn at n / frameRate.
  public var frameRate: Double = 60

  /// The highest `frameRate` a scene may ask for.
  public static let maximumFrameRate = 1000.0

  /// Creates a canvas.
  public init(width: Double, height: Double, scale: Double = 1, background: Color? = nil) {
    self.width = width
    self.height = height
    self.scale = scale
    self.background = background
  }

  /// The output image's width, `round(width × scale)` (0 when not representable).
  public var pixelWidth: Int { Self.pixels(width * scale) ?? 0 }
  /// The output image's height, `round(height × scale)` (0 when not representable).
  public var pixelHeight: Int { Self.pixels(height * scale) ?? 0 }

  /// `round(v)` as an Int, or `nil` when `v` is not finite, negative, or
  /// beyond 2^31 (no limit allows that many pixels a side).
  static func pixels(_ v: Double) -> Int? {
    guard v.isFinite, v >= 0, v < 2_147_483_648 else { return nil }
    return Int(v.rounded())
  }
}

/// A canvas and the layers drawn on it.
public struct Scene {
  /// The drawing surface.
  public var canvas: Canvas
  /// The implicit root layer: its bounds are the canvas, its sublayers are
  /// the document's `layers`. Only its sublayers are written to a scene file.
  public var root: Layer

  /// Wraps an existing tree; `root` should have the canvas as its bounds
  /// (see `init(canvas:layers:)`).
  public init(canvas: Canvas, root: Layer) {
    self.canvas = canvas
    self.root = root
  }

  /// A scene whose root layer covers the canvas and holds `layers`, in order.
  /// Layers that already have a superlayer are moved.
  public init(canvas: Canvas, layers: [Layer]) {
    let root = Scene.makeRoot(for: canvas)
    for layer in layers {
      // A fresh root is nobody's descendant, so no cycle is possible.
      try? root.addSublayer(layer)
    }
    self.init(canvas: canvas, root: root)
  }

  /// The document's top-level layers (the root's sublayers).
  public var layers: [Layer] { root.sublayers ?? [] }

  /// Loads a scene from JSON text (UTF-8).
  ///
  /// - Parameters:
  ///   - jsonData: the document.
  ///   - baseDirectory: the folder that relative PNG paths start from; `nil`
  ///     uses the current directory.
  ///   - limits: canvas, layer and image sizes beyond these are errors.
  /// - Throws: every problem in the document, each with its JSON path.
  public init(jsonData: [UInt8], baseDirectory: String? = nil, limits: RenderLimits = .default)
    throws(SceneErrors)
  {
    try self.init(
      jsonData: jsonData, baseDirectory: baseDirectory, limits: limits, resources: .standard)
  }

  /// Loads a scene from JSON text (UTF-8), reading files only as `fileAccess` allows.
  ///
  /// A server loads posted documents with `.none` (their `contents` and
  /// fonts by path are refused with their JSON paths; images come inline
  /// as `data:image/png;base64,…` URIs) and templates with `.inside(folder)`.
  public init(
    jsonData: [UInt8], baseDirectory: String? = nil, limits: RenderLimits = .default,
    fileAccess: SceneFileAccess
  ) throws(SceneErrors) {
    try self.init(
      jsonData: jsonData, baseDirectory: baseDirectory, limits: limits,
      resources: SceneResources.standard.restricted(to: fileAccess))
  }

  /// Loads a scene from a parsed document (a server's template with values
  /// patched in), reading files only as `fileAccess` allows.
  package init(
    document: JSONValue, baseDirectory: String?, limits: RenderLimits = .default, fileAccess: SceneFileAccess
  ) throws(SceneErrors) {
    try self.init(
      document: document, baseDirectory: baseDirectory, limits: limits,
      resources: SceneResources.standard.restricted(to: fileAccess))
  }

  /// Loads a scene file; relative image paths start from the file's folder.
  public init(contentsOfFile path: String, limits: RenderLimits = .default) throws(SceneErrors) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SceneErrors(errors: [
        SceneError(path: "", line: 0, column: 0, message: "cannot read the file '\(path)'")
      ])
    }
    let folder = (path as NSString).deletingLastPathComponent
    try self.init(
      jsonData: Array(data), baseDirectory: folder.isEmpty ? nil : folder, limits: limits)
  }

  /// The loader with its image and path builders injected (tests replace
  /// them; everything else uses `.standard`).
  init(jsonData: [UInt8], baseDirectory: String?, limits: RenderLimits, resources: SceneResources)
    throws(SceneErrors)
  {
    let document: JSONValue
    do {
      document = try JSONParser.parse(jsonData)
    } catch {
      throw SceneErrors(errors: [error])
    }
    try self.init(document: document, baseDirectory: baseDirectory, limits: limits, resources: resources)
  }

  /// The loader's second half: a parsed document into a scene.
  init(document: JSONValue, baseDirectory: String?, limits: RenderLimits, resources: SceneResources)
    throws(SceneErrors)
  {
    var decoder = SceneDecoder(limits: limits, baseDirectory: baseDirectory, resources: resources)
    let decoded = decoder.document(document)
    guard decoder.errors.isEmpty, let (canvas, root) = decoded else {
      // Document order: by position, ties in the order found.
      let sorted = decoder.errors.enumerated().sorted {
        ($0.element.line, $0.element.column, $0.offset) < (
          $1.element.line, $1.element.column, $1.offset
        )
      }
      throw SceneErrors(errors: sorted.map(\.element))
    }
    // One image per distinct spec, shared by the layers that name it.
    var generated: [String: Image] = [:]
    for pending in decoder.pendingImages {
      let key = pending.spec.canonicalJSON
      if generated[key] == nil { generated[key] = resources.generatedImage(pending.spec) }
      pending.layer.contents = generated[key]
    }
    self.init(canvas: canvas, root: root)
  }

  /// A root layer whose bounds and frame are the canvas.
  static func makeRoot(for canvas: Canvas) -> Layer {
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
    root.position = CGPoint(x: canvas.width / 2, y: canvas.height / 2)
    return root
  }
}

/// How the loader makes images and paths. Injected so that the scene tests
/// exercise the format on its own; `.standard` is what users get.
struct SceneResources: Sendable {
  /// Renders a generated image; the result's `source` is the spec's canonical JSON.
  var generatedImage: @Sendable (GeneratedImageSpec) -> Image
  /// Reads a PNG file (the path already resolved against the base directory).
  var pngFile: @Sendable (String) throws(PNGError) -> Image
  /// Builds a path; only SVG data can fail.
  var path: @Sendable (Path.Shape) throws(PathParseError) -> Path
  /// Why a font file (the path already resolved) cannot be used, or `nil`.
  var fontFile: @Sendable (String) -> String? = { path in
    do throws(FontError) {
      _ = try FontFace.open(FontReference(path: path))
      return nil
    } catch {
      return error.reason
    }
  }

  static let standard = SceneResources(
    generatedImage: { spec in
      let image = spec.render()
      return Image(
        width: image.width, height: image.height, premultipliedPixels: image.pixels,
        source: .generated(spec.canonicalJSON))
    },
    pngFile: { path throws(PNGError) in try Image(contentsOfPNGFile: path) },
    path: { shape throws(PathParseError) in
      var path: Path
      switch shape {
      case .rect(let r): path = Path(rect: r)
      case .ellipse(let r): path = Path(ellipseIn: r)
      case .roundedRect(let r, let radius): path = Path(roundedRect: r, cornerRadius: radius)
      case .svg(let data): path = try Path(svg: data)
      }
      path.shape = shape
      return path
    })
}

/// What a scene document may read from the file system: PNG files named by
/// `contents` (and animations of it) and fonts named by path.
public enum SceneFileAccess: Hashable, Sendable {
  /// Any file (scene files on the command line).
  case unrestricted
  /// No file: a document posted to a server. Images come inline as
  /// `data:image/png;base64,…` or `data:image/jpeg;base64,…` URIs.
  case none
  /// Only files whose real path (symbolic links resolved) lies inside this
  /// folder: a server's templates.
  case inside(String)

  /// Why `path` (already resolved against the base directory) may not be
  /// read, or `nil` when it may.
  public func refusal(_ path: String) -> String? {
    switch self {
    case .unrestricted: return nil
    case .none:
      return "reading files is not allowed in a posted document; embed images as data:image/png;base64,… URIs"
    case .inside(let folder):
      guard let root = Self.resolve(folder), let real = Self.resolve(path) else {
        return "not found inside the template folder"
      }
      let prefix = root.hasSuffix("/") ? root : root + "/"
      return real.hasPrefix(prefix) ? nil : "outside the template folder"
    }
  }

  /// `realpath(3)`: the absolute path with every link resolved, or `nil` when it does not exist.
  public static func resolve(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

extension SceneResources {
  /// These resources with their file readers refusing what `access` refuses.
  func restricted(to access: SceneFileAccess) -> SceneResources {
    if access == .unrestricted { return self }
    var out = self
    let png = pngFile, font = fontFile
    out.pngFile = { path throws(PNGError) in
      if let reason = access.refusal(path) { throw PNGError("\(Excerpt.quoted(path, maximum: Excerpt.maximumPathScalars)): \(reason)") }
      return try png(path)
    }
    out.fontFile = { path in access.refusal(path) ?? font(path) }
    return out
  }
}

// MARK: Template values

extension JSONValue.Member {
  /// A member made outside the parser (a server sets template values with it).
  package init(key: String, value: JSONValue) {
    self.init(key: key, keyLocation: value.location, value: value)
  }
}

extension Scene {
  /// The keys a layer object of `type` (`"layer"`, `"textLayer"`, …) has,
  /// in the format's order; `nil` for a type the format does not have.
  package static func layerKeys(ofType type: String) -> [String]? {
    LayerClasses.byType[type]?.keys
  }

  /// The key of a layer of `type` nearest to a misspelt `key` (edit
  /// distance ≤ 2, ignoring case, as the scene reader suggests), if any.
  package static func closestLayerKey(to key: String, ofType type: String) -> String? {
    guard let keys = LayerClasses.byType[type]?.keys else { return nil }
    return SceneDecoder.closest(to: key, in: keys)
  }

  /// Whether the property table reads `value` as key `key` of a layer of
  /// `type` without an error (files are not read: `contents` strings are
  /// taken on trust here and checked when the whole scene is loaded).
  package static func layerProperty(_ key: String, ofType type: String, accepts value: JSONValue) -> Bool {
    guard let layerClass = LayerClasses.byType[type], let property = layerClass.byKey[key] else { return false }
    var trial = SceneResources.standard
    trial.pngFile = { _ throws(PNGError) in Image(width: 1, height: 1, premultipliedPixels: [0, 0, 0, 0]) }
    trial.fontFile = { _ in nil }
    var decoder = SceneDecoder(limits: .default, baseDirectory: nil, resources: trial)
    var reading = LayerReading(layer: layerClass.make())
    let member = JSONValue.Member(key: key, keyLocation: value.location, value: value)
    property.read(&decoder, member, [.key(key)], &reading)
    return decoder.errors.isEmpty
  }
}
