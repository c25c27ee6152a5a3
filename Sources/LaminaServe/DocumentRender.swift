// DocumentRender: what a worker thread does with a request: load the
// document (a scene, a Lottie document, or a template already patched),
// check it against the server's limits (canvas pixels, frames, the memory
// budget), draw it with the worker's renderer, and encode it: a PNG, or
// a sequence through the library's SequenceWriter (APNG, or MP4, WebM and
// GIF through ffmpeg) into a private temporary folder whose file names are
// the server's own. Posted documents read no file (SceneFileAccess.none;
// a Lottie document from bytes has no folder, so its file assets are refused).
//
// Rejected: loading on the request's task and handing the scene over (a
// `Scene` holds layer classes that are not Sendable, and loading belongs
// under the deadline and the pool's bounds as much as drawing does).
import Foundation
import Hummingbird
import Lamina
import LaminaBackends
import LaminaLottie

/// What one job has on its worker thread.
struct WorkContext {
  let renderers: WorkerRenderers
  let ticket: RenderTicket
  let pool: RenderPool
  let options: ServeOptions
}

enum DocumentRender {
  /// The limits scene loading applies: the canvas and images within the pixel limit.
  static func limits(_ options: ServeOptions) -> RenderLimits {
    RenderLimits(maxPixelBytes: max(4, options.maxCanvasPixels) * 4)
  }

  /// A posted scene or Lottie document, drawn as `query` asks.
  static func posted(_ bytes: [UInt8], _ query: RenderQuery, _ ctx: WorkContext) throws(ServeError) -> RenderedOutput {
    let isArchive = bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    guard isArchive || LottieAnimation.isLottieDocument(bytes) else {
      guard query.progress == nil, query.frame == nil else {
        throw ServeError(.badRequest, "progress and frame are for Lottie documents; a scene takes time", parameter: "progress")
      }
      let scene: Scene
      do {
        scene = try Scene(jsonData: bytes, limits: limits(ctx.options), fileAccess: .none)
      } catch {
        throw sceneError(error)
      }
      return try draw(scene, at: query.time ?? 0, scale: query.scale, query, ctx)
    }
    // An archive inflates: its bound is held from the memory budget until
    // the render is done (the document and its images live that long).
    let inflation = isArchive ? ctx.options.maxArchiveBytes : 0
    try ctx.pool.reserve(inflation)
    defer { ctx.pool.release(inflation) }
    var lottieLimits = LottieLimits.default
    lottieLimits.maxArchiveBytes = ctx.options.maxArchiveBytes
    let animation: LottieAnimation
    do {
      animation = try LottieAnimation(data: bytes, baseDirectory: nil, limits: lottieLimits)
    } catch {
      throw ServeError(.badRequest, error.message, path: ServeError.jsonPath(error.path))
    }
    if let refused = animation.refusedFileAssets.first {
      throw ServeError(.badRequest, refused.feature, path: ServeError.jsonPath(refused.path))
    }
    let s = query.scale ?? 1
    try checkCanvas(animation.size.width * s, animation.size.height * s, ctx.options)
    var time = query.time ?? 0
    if let p = query.progress { time = animation.time(atFrame: animation.frame(atProgress: p)) }
    if let f = query.frame { time = animation.time(atFrame: f) }
    let scene: Scene
    do {
      scene = try animation.scene(scale: s)
    } catch {
      throw ServeError(.badRequest, error.message, path: ServeError.jsonPath(error.path))
    }
    return try draw(scene, at: time, scale: nil, query, ctx)
  }

  /// A template with the request's values set in it, read only inside its folder.
  static func template(_ patched: JSONValue, folder: String, _ query: RenderQuery, _ ctx: WorkContext) throws(ServeError)
    -> RenderedOutput
  {
    let scene: Scene
    do {
      scene = try Scene(document: patched, baseDirectory: folder, limits: limits(ctx.options), fileAccess: .inside(folder))
    } catch {
      throw sceneError(error)
    }
    return try draw(scene, at: query.time ?? 0, scale: query.scale, query, ctx)
  }

  /// The first of a document's errors as a 400 with its path (the others in the message).
  static func sceneError(_ errors: SceneErrors) -> ServeError {
    guard let first = errors.errors.first else { return ServeError(.badRequest, "the scene cannot be read") }
    let more = errors.errors.count > 1 ? " (and \(errors.errors.count - 1) more: \(errors.errors.dropFirst().prefix(5).map(\.description).joined(separator: "; ")))" : ""
    let path = first.path.isEmpty && first.line > 0 ? nil : ServeError.jsonPath(first.path)
    let message = first.path.isEmpty && first.line > 0 ? first.description : first.message
    return ServeError(.badRequest, message + more, path: path)
  }

  /// Refuses a canvas of more pixels than the server allows.
  static func checkCanvas(_ width: Double, _ height: Double, _ options: ServeOptions) throws(ServeError) {
    let pixels = width.rounded() * height.rounded()
    // Each side too: a side of 1e305 points times a side that rounds to 0 is 0 pixels.
    let side = Double(RenderLimits.default.maxDimension)
    guard pixels.isFinite, pixels <= Double(options.maxCanvasPixels), width.rounded() <= side, height.rounded() <= side
    else {
      throw ServeError(
        .badRequest,
        "the canvas is \(Int(min(width, 1e9)))×\(Int(min(height, 1e9))) pixels; this server draws at most \(options.maxCanvasPixels) pixels",
        path: "$.canvas")
    }
  }

  /// Draws `scene` at `time` (a still) or its whole sequence, encoded as asked.
  static func draw(
    _ scene: Scene, at time: Double, scale: Double?, _ query: RenderQuery, _ ctx: WorkContext
  ) throws(ServeError) -> RenderedOutput {
    let s = scale ?? scene.canvas.scale
    try checkCanvas(scene.canvas.width * s, scene.canvas.height * s, ctx.options)
    let pixelBytes = Int((scene.canvas.width * s).rounded() * (scene.canvas.height * s).rounded()) * 4
    var frames = 1
    if query.format != .png {
      frames = try frameCount(scene, ctx.options)
    }
    // A still holds the canvas, its plan's offscreens and the PNG; a
    // sequence the same per frame in flight plus the encoder's buffers.
    let estimate = pixelBytes * (query.format == .png ? 3 : 4)
    try ctx.pool.reserve(estimate)
    defer { ctx.pool.release(estimate) }
    let renderer = try ctx.renderers.renderer(query.backend ?? ctx.options.backend)
    if query.format == .png {
      return try still(scene, at: time, scale: scale, renderer)
    }
    return try sequence(scene, scale: scale, format: query.format, frames: frames, renderer, ctx.ticket)
  }

  /// The frames of the scene's sequence, within the server's limit.
  static func frameCount(_ scene: Scene, _ options: ServeOptions) throws(ServeError) -> Int {
    switch FrameSequence.make(duration: scene.canvas.duration, frameRate: scene.canvas.frameRate) {
    case .failure(let e):
      throw ServeError(.badRequest, e.message, path: "$.canvas.duration")
    case .success(let sequence):
      guard sequence.frameCount >= 1 else {
        throw ServeError(.badRequest, "an animated format needs canvas.duration > 0", path: "$.canvas.duration")
      }
      guard sequence.frameCount <= options.maxFrames else {
        throw ServeError(
          .badRequest, "the sequence has \(sequence.frameCount) frames; this server draws at most \(options.maxFrames)",
          path: "$.canvas.duration")
      }
      return sequence.frameCount
    }
  }

  /// One frame as a PNG.
  static func still(_ scene: Scene, at time: Double, scale: Double?, _ renderer: BackendRenderer) throws(ServeError)
    -> RenderedOutput
  {
    let plan: RenderPlan
    do {
      plan = try scene.presentation(at: time).renderPlan(scale: scale)
    } catch {
      throw ServeError(.badRequest, "\(error)")
    }
    do {
      let image = try renderer.render(plan)
      // Copied to its size: pngData's array keeps the capacity of an incompressible image.
      let png = try image.pngData(compression: .fast).withUnsafeBufferPointer { Array($0) }
      return RenderedOutput(bytes: png, contentType: OutputFormat.png.contentType, backend: renderer.used)
    } catch {
      throw ServeError(.internalServerError, "the render failed: \(error)")
    }
  }
}
