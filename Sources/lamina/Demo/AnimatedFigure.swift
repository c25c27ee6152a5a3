// An animated figure of the demo (a scene with animations and a
// `canvas.duration`, the book's chapters 8–10): every frame of its
// sequence, frame n drawn at n / frameRate from `Scene.presentation(at:)`
// as `lamina frames` draws it, by both backends. It writes
//
//   <id>-gl.png, <id>-cpu.png   animated PNGs (APNGEncoder, the writer
//                               `lamina frames` uses), looping
//   <id>-strip.png              the CPU frames at `stripColumns` evenly
//                               spaced frame numbers, side by side
//   <id>-diff.png               the heat map of the frame where GL and CPU
//                               differ most
//
// and reports parity for that worst frame (the most pixels beyond 2
// levels, then the largest channel difference), with the largest channel
// difference over all frames.
//
// Rejected: comparing GL and CPU on the strip's frames only (a difference
// in the frames between would go unseen), and one APNG of GL and CPU side
// by side (the page shows static figures as two images; animated ones read
// the same way).
import Lamina
import LaminaCPU
import LaminaGL

/// What the page shows of an animated figure beyond its parity.
struct AnimationSummary {
  let frameCount: Int
  let frameRate: Double
  /// The frame numbers of the strip, left to right.
  let stripFrames: [Int]
  /// The frame compared in the parity line (nil without GL).
  let worstFrame: Int?
  /// The largest channel difference over all frames (nil without GL).
  let maxChannelDifference: Int?

  func time(ofFrame n: Int) -> Double { Double(n) / frameRate }
}

enum AnimatedFigure {
  /// Frames in the strip.
  static let stripColumns = 8

  /// True when the demo draws `scene` as an animation: it lasts and something in it moves.
  static func isAnimated(_ scene: Scene) -> Bool {
    scene.canvas.duration > 0 && scene.root.hasAnimationsInSubtree
  }

  /// `columns` frame numbers spread evenly over `count` frames from 0
  /// (⌊i × count / columns⌋), or every frame when there are fewer.
  static func stripFrames(count: Int, columns: Int = stripColumns) -> [Int] {
    guard count > columns else { return Array(0..<max(count, 0)) }
    return (0..<columns).map { $0 * count / columns }
  }

  /// The strip: `frames` side by side, each shrunk into a 240×150 cell.
  static func strip(_ frames: [Image]) -> Image {
    ContactSheet.sheet(frames, columns: frames.count, cellWidth: 240, cellHeight: 150, gap: 8)
  }

  /// Draws every frame of `scene` on the CPU (and on GL when given) and
  /// writes the figure's files into `out`.
  static func render(
    _ scene: Scene, id: String, out: String, gl: GLRenderer?, cpu: CPURenderer, progress: ProgressBar
  ) throws -> (diff: ImageDiff?, summary: AnimationSummary) {
    let sequence: FrameSequence
    switch FrameSequence.make(duration: scene.canvas.duration, frameRate: scene.canvas.frameRate) {
    case .success(let s): sequence = s
    case .failure(let e): throw FigureFailure(description: "canvas: \(e.message)")
    }
    if case .failure(let e) = sequence.frames(nil) { throw FigureFailure(description: "canvas.duration: \(e.message)") }
    let (width, height) = (scene.canvas.pixelWidth, scene.canvas.pixelHeight)
    let delay = APNGEncoder.delay(framesPerSecond: sequence.frameRate)
    var cpuMovie = APNGEncoder(width: width, height: height, delay: delay)
    var glMovie = APNGEncoder(width: width, height: height, delay: delay)
    let stripNumbers = stripFrames(count: sequence.frameCount)
    var stripImages: [Image] = []
    var worst: (frame: Int, diff: ImageDiff)?
    var maxChannel = 0
    for n in 0..<sequence.frameCount {
      let t = sequence.time(ofFrame: n)
      progress.show("\(id) frame \(n + 1)/\(sequence.frameCount)")
      let plan: RenderPlan
      do {
        plan = try scene.presentation(at: t).renderPlan()
      } catch {
        throw FigureFailure(description: "frame \(n) (t = \(t) s): \(error)")
      }
      let cpuImage = cpu.render(plan)
      try cpuMovie.append(cpuImage)
      if stripNumbers.contains(n) { stripImages.append(cpuImage) }
      guard let gl else { continue }
      let glImage = try gl.render(plan)
      try glMovie.append(glImage)
      let diff = try ImageDiff(glImage, cpuImage)
      maxChannel = max(maxChannel, diff.maxChannelDifference)
      if worst.map({ isWorse(diff, than: $0.diff) }) ?? true { worst = (n, diff) }
    }
    progress.step("\(id) cpu")
    try cpuMovie.write(to: "\(out)/\(id)-cpu.png")
    try strip(stripImages).writePNG(to: "\(out)/\(id)-strip.png")
    if gl != nil {
      try glMovie.write(to: "\(out)/\(id)-gl.png")
      if let worst { try Image(worst.diff.heatmap()).writePNG(to: "\(out)/\(id)-diff.png") }
    }
    progress.step("\(id) gl")
    let summary = AnimationSummary(
      frameCount: sequence.frameCount, frameRate: sequence.frameRate, stripFrames: stripNumbers,
      worstFrame: worst?.frame, maxChannelDifference: gl == nil ? nil : maxChannel)
    return (worst?.diff, summary)
  }

  /// More pixels beyond 2 levels, then a larger channel difference.
  static func isWorse(_ a: ImageDiff, than b: ImageDiff) -> Bool {
    let fa = a.fractionBeyond(2), fb = b.fractionBeyond(2)
    return fa != fb ? fa > fb : a.maxChannelDifference > b.maxChannelDifference
  }
}
