// The frame sequences of `lamina bench` (S6, S6-one and S10, docs/bench-scenes.md):
// scenes whose canvas has a duration are timed as animations, each frame
// the presentation of the model at t = n / frameRate, lowered and drawn
// (issue 18's incremental frames). For each backend:
//
// - render ms: the drawing alone, over plans lowered beforehand, the median
//   of frames 1…N−1, each drawn whole (`render`) and incrementally
//   (`renderFrame` after frame n−1; frame 0 is drawn whole and not counted);
//   "share" is incremental over full: the cost of a frame where only what
//   changed is drawn, as a part of a full one;
// - frames/s: the whole sequence end to end (presentation, lowering,
//   drawing, encoding), into a folder of PNGs (written to a temporary
//   folder, then removed) and into an animated PNG (written likewise),
//   drawn whole and incrementally.
//
// Rejected: reporting them in the steady-frame table (a sequence has no
// steady frame: every frame is a different plan, and the whole point is
// the cost of a frame relative to the one before it).
import Foundation
import Lamina
import LaminaCPU
import LaminaGL

/// One scene's sequence timings on one backend.
struct SequenceTiming {
  let scene: String
  let backend: String
  let frames: Int
  /// Median ms to present and lower a frame.
  var lowerMs: Double = 0
  /// Median ms of a frame drawn whole, and drawn incrementally.
  var fullMs: Double = 0
  var incrementalMs: Double = 0
  /// The median share of the canvas's 64-pixel tiles the damage met.
  var damagedTiles: Double = 0
  /// Frames per second end to end: PNG folder and APNG, full and incremental.
  var pngFull: Double = 0, pngIncremental: Double = 0
  var apngFull: Double = 0, apngIncremental: Double = 0

  /// Incremental over full.
  var share: Double { fullMs > 0 ? incrementalMs / fullMs : 0 }
}

enum SequenceBench {
  /// Whether `scene` is timed as a sequence: its canvas has a duration.
  static func isSequence(_ scene: BenchScene) -> Bool {
    scene.scene.canvas.duration > 0
  }

  /// Times every sequence scene on every renderer (each an IncrementalRenderer).
  static func run(_ scenes: [BenchScene], renderers: [(name: String, renderer: PlanRenderer)]) throws
    -> [SequenceTiming]
  {
    var out: [SequenceTiming] = []
    for scene in scenes {
      let canvas = scene.scene.canvas
      guard case .success(let sequence) = FrameSequence.make(duration: canvas.duration, frameRate: canvas.frameRate),
        case .success(let all) = sequence.frames(nil)
      else { throw BenchError("\(scene.name): canvas.duration and frameRate make no frame sequence to draw") }
      let count = all.count
      var lowerTimes: [Double] = []
      var plans: [RenderPlan] = []
      for n in 0..<count {
        let (ms, _, plan) = try BenchRunner.timed { try lowered(scene, sequence, n) }
        lowerTimes.append(ms)
        plans.append(plan)
      }
      for (name, any) in renderers {
        guard let renderer = any as? any IncrementalRenderer else { continue }
        var t = SequenceTiming(scene: scene.name, backend: name, frames: count)
        t.lowerMs = Statistics.median(lowerTimes)
        // Drawing alone: whole, then incrementally.
        _ = try renderer.render(plans[0])
        var full: [Double] = []
        for plan in plans.dropFirst() { full.append(try BenchRunner.timed { try renderer.render(plan) }.ms) }
        renderer.forgetFrame()
        _ = try renderer.renderFrame(plans[0])
        var incremental: [Double] = [], tiles: [Double] = []
        let all = Double(((plans[0].width + 63) / 64) * ((plans[0].height + 63) / 64))
        for plan in plans.dropFirst() {
          incremental.append(try BenchRunner.timed { try renderer.renderFrame(plan) }.ms)
          let d = renderer.lastDamage ?? .everything(width: plan.width, height: plan.height)
          tiles.append(Double(d.tiles(side: 64, width: plan.width, height: plan.height).count) / all)
        }
        t.fullMs = Statistics.median(full)
        t.incrementalMs = Statistics.median(incremental)
        t.damagedTiles = Statistics.median(tiles)
        // End to end.
        let folder = NSTemporaryDirectory() + "lamina-bench-\(getpid())-\(scene.name)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for incrementally in [false, true] {
          renderer.forgetFrame()
          let png = try BenchRunner.timed {
            for n in 0..<count {
              let image = try draw(try lowered(scene, sequence, n), renderer, incrementally)
              try image.writePNG(
                to: "\(folder)/frame-\(String(format: "%05d", n)).png", compression: FramesCommand.defaultPNGCompression)
            }
          }.ms
          renderer.forgetFrame()
          let apng = try BenchRunner.timed {
            var encoder = APNGEncoder(
              width: plans[0].width, height: plans[0].height,
              delay: APNGEncoder.delay(framesPerSecond: canvas.frameRate),
              compression: FramesCommand.defaultPNGCompression)
            for n in 0..<count { try encoder.append(try draw(try lowered(scene, sequence, n), renderer, incrementally)) }
            try encoder.write(to: "\(folder)/sequence.png")
          }.ms
          let (p, a) = (Double(count) / (png / 1000), Double(count) / (apng / 1000))
          if incrementally { (t.pngIncremental, t.apngIncremental) = (p, a) } else { (t.pngFull, t.apngFull) = (p, a) }
        }
        renderer.forgetFrame()
        out.append(t)
      }
    }
    return out
  }

  private static func lowered(_ scene: BenchScene, _ sequence: FrameSequence, _ n: Int) throws -> RenderPlan {
    do {
      return try scene.scene.presentation(at: sequence.time(ofFrame: n)).renderPlan()
    } catch {
      throw BenchError("\(scene.name), frame \(n): \(error)")
    }
  }

  private static func draw(_ plan: RenderPlan, _ r: any IncrementalRenderer, _ incrementally: Bool) throws -> Image {
    try incrementally ? r.renderFrame(plan) : r.render(plan)
  }

  /// The text table.
  static func table(_ timings: [SequenceTiming]) -> String {
    var rows: [[String]] = [
      [
        "sequence", "backend", "frames", "lower ms", "full ms", "incr ms", "share", "tiles", "PNG f/s full",
        "PNG f/s incr", "APNG f/s full", "APNG f/s incr",
      ]
    ]
    for t in timings {
      rows.append([
        t.scene, t.backend, "\(t.frames)", BenchReport.fixed(t.lowerMs), BenchReport.fixed(t.fullMs), BenchReport.fixed(t.incrementalMs),
        BenchReport.fixed(t.share * 100, 1) + " %", BenchReport.fixed(t.damagedTiles * 100, 1) + " %", BenchReport.fixed(t.pngFull, 1),
        BenchReport.fixed(t.pngIncremental, 1), BenchReport.fixed(t.apngFull, 1), BenchReport.fixed(t.apngIncremental, 1),
      ])
    }
    var lines = BenchReport.columns(rows)
    lines += [
      "",
      "lower ms: presenting the model at t and lowering it (median). full / incr ms: drawing alone, the",
      "median of frames 1…N−1 drawn whole and incrementally (after the frame before); share: incr / full",
      "(issue 18's target for S6-one: at most 15 %); tiles: the median share of 64-pixel tiles damaged.",
      "f/s: the whole sequence end to end (present, lower, draw, encode) to a PNG folder and to an APNG.",
    ]
    return lines.joined(separator: "\n")
  }
}
