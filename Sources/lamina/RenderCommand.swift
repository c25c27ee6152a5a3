// `lamina render SCENE -o OUT.png [--time T]`. Text warnings (a font not
// found and the one used) go to standard error, once per font.
import ArgumentParser
import LaminaBackends
import Lamina

struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render", abstract: "Render a scene file to a PNG.")

  @Argument(help: "The scene file (JSON).") var scene: String
  @Option(name: .shortAndLong, help: "The PNG to write.") var output: String
  @Option(help: "cpu, gl or auto (GL on a hardware device, else the CPU; see lamina info).") var backend: Backend = .auto
  @Option(parsing: .unconditional, help: "Pixels per point, overriding the scene's canvas.scale.") var scale: Double?
  @Option(parsing: .unconditional, help: "The scene time in seconds at which to draw the animations (default 0).")
  var time: Double?
  @Option(parsing: .unconditional, help: "Lottie: the progress 0…1 to draw (frame ip + P·(op − ip), as lottie-ios).")
  var progress: Double?
  @Option(parsing: .unconditional, help: "Lottie: the frame to draw (the document's frame numbers; fractions allowed).")
  var frame: Double?
  @Option(help: "Lottie: the output size WxH in pixels (the animation scaled uniformly from the top-left).")
  var size: String?
  @Option(
    help:
      "Lottie: the part X,Y,W,H of the composition (points) that fills the output, scaled to fit and centred (lottie-ios's viewportFrame)."
  )
  var viewport: String?
  @Option(
    name: .customLong("set"),
    help: "Lottie: a value provider KEYPATH=VALUE (\"**.Fill 1.Color=#FF0000\"); repeatable. See docs/lottie.md.")
  var overrides: [String] = []
  @Option(
    help:
      "PNG compression: small (libpng's defaults: adaptive row filters, zlib level 6) or fast (no filters, level 3: 2–3× faster to write; larger for photographs and shadows, often smaller for text and flat shapes). The pixels are the same."
  )
  var pngCompression: PNGCompression = .small

  func validate() throws {
    if let time { guard time.isFinite else { throw ValidationError("--time must be a finite number of seconds") } }
    if let progress { guard progress.isFinite else { throw ValidationError("--progress must be a number in 0…1") } }
    if let frame { guard frame.isFinite else { throw ValidationError("--frame must be a finite number") } }
    if [time != nil, progress != nil, frame != nil].filter({ $0 }).count > 1 {
      throw ValidationError("give one of --time, --progress and --frame")
    }
  }

  func run() throws {
    // The scene is gone before drawing: a render holds the plan and the
    // pixels, not the layers too (16,000 layers are ~29 MB; docs/bench-scenes.md, M-shapes).
    let plan = try makePlan()
    let renderer = try backend.makeRenderer()
    let start = DispatchTime.now()
    let image = try renderer.render(plan)
    let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    try image.writePNG(to: output, compression: pngCompression)
    print("\(output): \(image.width)×\(image.height) px, \(renderer.used) backend, \(String(format: "%.1f", ms)) ms")
  }

  /// The scene (or Lottie document) read and lowered at the time asked for.
  private func makePlan() throws -> RenderPlan {
    let loaded: Scene
    var at = time ?? 0
    var planScale = scale
    if isLottieDocument(scene) {
      let animation = try loadLottie(scene)
      for u in animation.unsupported { warn("\(scene): \(u.path): unsupported: \(u.feature)") }
      loaded = try lottieScene(animation, size: size, scale: scale, viewport: viewport, overrides: overrides)
      planScale = nil
      if let progress { at = animation.time(atFrame: animation.frame(atProgress: progress)) }
      if let frame { at = animation.time(atFrame: frame) }
    } else {
      guard progress == nil, frame == nil, size == nil, viewport == nil, overrides.isEmpty else {
        throw ValidationError(
          "--progress, --frame, --size, --viewport and --set are for Lottie documents; a scene takes --time and --scale")
      }
      loaded = try loadScene(scene)
    }
    warnAboutText(loaded, path: scene)
    do {
      return try loaded.presentation(at: at).renderPlan(scale: planScale)
    } catch {
      warn("\(scene): \(error)")
      throw ExitCode(1)
    }
  }
}
