// LaminaLottie: Lottie (Bodymovin) animations as Lamina layer trees, built
// the way lottie-ios's Core Animation rendering engine builds its CALayer
// trees, so that what Lamina draws can be judged against Apple's own
// renders of the same files (lottie-ios's snapshot images).
//
// The document is read into a model (Model/), then built (Build/) into
// layers with Core Animation keyframe animations on one timeline: scene
// time 0 is the composition's in point, and a frame f is at (f − ip) / fr
// seconds. Rendering a frame is then Lamina's ordinary presentation and
// lowering, on either backend; nothing here draws.
//
// Rejected: a Lottie renderer of its own (as lottie-web, rlottie and ThorVG
// are). The point is to draw what Core Animation draws from lottie-ios's
// tree, gaps included, and a second renderer would be a second truth.

import Foundation
import Lamina

/// A Lottie animation: its size, frames and the layer tree that plays it.
public final class LottieAnimation {
  /// The composition's size in points (`w`, `h`).
  public let size: CGSize
  /// Frames per second (`fr`).
  public let frameRate: Double
  /// The first and the last frame (`ip`, `op`).
  public let startFrame: Double
  public let endFrame: Double
  /// Constructs read but not drawn, as lottie-ios's Core Animation engine does not draw them.
  public let unsupported: [LottieUnsupported]

  let document: LottieDocument
  let baseDirectory: String?
  let archive: LottieArchive?
  let limits: LottieLimits

  /// Seconds from the first frame to the last.
  public var duration: Double { (endFrame - startFrame) / frameRate }

  /// Reads a Lottie JSON document (or a `.lottie` archive's animation).
  public convenience init(contentsOf path: String, limits: LottieLimits = .default) throws(LottieError) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw LottieError(path: "", message: "cannot read \(path)")
    }
    let dir = (path as NSString).deletingLastPathComponent
    try self.init(data: [UInt8](data), baseDirectory: dir.isEmpty ? "." : dir, limits: limits)
  }

  /// Reads a Lottie JSON document, or a `.lottie` archive (a zip), from
  /// bytes; image files are looked up in the archive or under `baseDirectory`.
  public init(data: [UInt8], baseDirectory: String? = nil, limits: LottieLimits = .default) throws(LottieError) {
    let json: JSONValue
    var text = data
    if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
      let zip = try LottieArchive(data, maxTotalSize: limits.maxArchiveBytes)
      text = try zip.animation()
      archive = zip
    } else {
      archive = nil
    }
    do {
      json = try JSONParser.parse(text)
    } catch {
      throw LottieError(path: error.path, line: error.line, column: error.column, message: error.message)
    }
    let doc = try LottieDocumentReader.read(LottieNode(value: json, path: []), limits: limits)
    document = doc
    self.baseDirectory = baseDirectory
    self.limits = limits
    size = doc.size
    frameRate = doc.frameRate
    startFrame = doc.inFrame
    endFrame = doc.outFrame
    // Build once to find what the build itself reports (missing assets, …).
    let ctx = LottieBuildContext(document: doc, baseDirectory: baseDirectory, limits: limits, archive: archive)
    _ = try Self.build(ctx)
    unsupported = doc.report.unsupported
  }

  /// Whether `data` is a Lottie document: a JSON object with `layers` and
  /// `fr` and without a scene's `canvas`.
  public static func isLottieDocument(_ data: [UInt8]) -> Bool {
    guard let json = try? JSONParser.parse(data), case .object(let members) = json.kind else { return false }
    let keys = Set(members.map(\.key))
    return keys.contains("layers") && keys.contains("fr") && !keys.contains("canvas")
  }

  /// The scene time of a frame (document frame numbers; fractions allowed).
  public func time(atFrame frame: Double) -> Double { (frame - startFrame) / frameRate }

  /// The frame at progress p (0…1), as lottie-ios's `currentProgress`: ip + p·(op − ip).
  public func frame(atProgress p: Double) -> Double { startFrame + p * (endFrame - startFrame) }

  /// A new layer tree: the composition, `size` large, at the origin;
  /// `overrides` are value providers (lottie-ios's `setValueProvider`).
  public func makeLayer(overrides: [LottieOverride] = []) throws(LottieError) -> Layer {
    try Self.build(
      LottieBuildContext(
        document: document, baseDirectory: baseDirectory, limits: limits, archive: archive, overrides: overrides))
  }

  /// A scene of the animation drawn `scale` pixels per point, `pixelSize`
  /// pixels large (default: the composition's size times `scale`), on a
  /// transparent background, from the top-left.
  ///
  /// `viewport` (in the composition's points) is `LottieAnimationView`'s
  /// `viewportFrame`: that part of the animation fills the canvas, scaled
  /// uniformly to fit it and centred, as lottie-ios lays it out.
  public func scene(
    scale: Double = 1, pixelSize: (width: Int, height: Int)? = nil, viewport: CGRect? = nil,
    overrides: [LottieOverride] = []
  ) throws(LottieError) -> Scene {
    let px = pixelSize ?? (Int((size.width * scale).rounded(.up)), Int((size.height * scale).rounded(.up)))
    var canvas = Canvas(width: Double(px.width) / scale, height: Double(px.height) / scale, scale: scale, background: nil)
    canvas.duration = duration
    canvas.frameRate = frameRate
    let root = Layer()
    let animation = try makeLayer(overrides: overrides)
    if let viewport {
      guard viewport.width > 0, viewport.height > 0, viewport.width.isFinite, viewport.height.isFinite,
        viewport.minX.isFinite, viewport.minY.isFinite
      else { throw LottieError(path: "", message: "the viewport \(viewport) must have a finite, positive size") }
      let view = CGSize(width: canvas.width, height: canvas.height)
      let k =
        viewport.width / viewport.height > view.width / view.height
        ? view.width / viewport.width : view.height / viewport.height
      animation.anchorPoint = CGPoint(x: 0.5, y: 0.5)
      animation.position = CGPoint(x: view.width / 2, y: view.height / 2)
      animation.transform = CATransform3DTranslate(
        CATransform3DMakeScale(k, k, 1), size.width / 2 - viewport.midX, size.height / 2 - viewport.midY, 0)
      try? root.addSublayer(animation)
    } else {
      root.adopt(animation)
    }
    return Scene(canvas: canvas, root: root)
  }

  static func build(_ ctx: LottieBuildContext) throws(LottieError) -> Layer {
    let doc = ctx.document
    let root = try ctx.makeLayer(doc.size, name: "Lottie")
    try LottieLayerBuilder.build(doc.layers, size: doc.size, into: root, timeline: ctx.rootTimeline(), ctx)
    return root
  }
}
