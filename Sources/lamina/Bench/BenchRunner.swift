// Runs scenes on renderers and times them. Each renderer is made once and
// reused for every frame and scene, so its retained resources (textures,
// mip chains, rasters, shadow stamps) show in the steady-state times, as
// they would in an app. A frame is timed from before `render` (before
// building and lowering the tree, for animated scenes) to the return of
// the image: for GL that includes `glReadPixels`, which waits for the GPU,
// so every GL frame is timed to completion.
//
// Each frame's process CPU time (all threads, llvmpipe's included) is kept
// too: on a shared host a busy neighbour stretches the wall time of a
// frame, much less the CPU time it took.
//
// The first frame is timed apart from the steady ones (BenchScene says what
// it includes). On LaminaCPU it is drawn by a new renderer, as a fresh
// process draws it: the kept one still holds the scene before's caches
// (S7-flat's first frame after S7, the same glyphs, took 27 ms against
// 91–109 drawn fresh); the kept renderer then draws the same frame,
// untimed, as the first warm-up frame. On GL the kept renderer draws it (a
// new one would time EGL's start-up). Cold frames (LaminaCPU) are
// the same plan drawn by a new renderer each time: what a peer that
// rasterizes every frame does, and what a single-shot render or a frame
// of changing paths costs; steady frames show what caching adds.
//
// Rejected: timing only GPU work with timer queries (not in GLES 3 core,
// and a user waits for the pixels, not for the queue).
import Lamina
import LaminaCPU
import LaminaGL

struct BenchRunner {
  /// The renderers to time, by backend name ("gl", "cpu").
  let renderers: [(name: String, renderer: PlanRenderer)]
  let frames: Int
  let warmup: Int

  /// Times every scene on every renderer; scene by scene, so the two
  /// images of a scene can be compared as soon as both exist.
  func run(_ scenes: [BenchScene], progress: ProgressBar) throws -> [SceneResult] {
    var results: [SceneResult] = []
    // The first frame counts as the first warm-up frame; with no warm-up
    // it is drawn anyway, before the timed frames.
    let untimed = max(warmup, 1)
    for scene in scenes {
      var fixedPlan: RenderPlan?
      var timings: [BackendTiming] = []
      var lastImages: [Image] = []
      for (name, renderer) in renderers {
        // The first image is then held by `last` alone: a renderer that
        // reuses the canvas of a frame its caller let go of (Lamina's
        // Canvases) sees it freed once the next frame replaces it.
        var last: Image?
        PeakMemory.reset()
        let first: (ms: Double, cpuMs: Double), phases: FirstFramePhases
        let freshRenderer = (renderer as? CPURenderer).map { CPURenderer(threads: $0.threads) }
        do {
          let frame = try firstFrame(scene, name, freshRenderer ?? renderer)
          (first, last, phases) = ((frame.ms, frame.cpuMs), frame.value.image, frame.value.phases)
        }
        progress.step("\(scene.name) \(name)")
        // Lowered untimed, after the first backend's first frame so that
        // frame pays everything a fresh process pays.
        if fixedPlan == nil && !scene.animated { fixedPlan = try lower(scene, frame: 0) }
        if freshRenderer != nil {
          last = try Self.draw(
            fixedPlan ?? lower(scene, frame: 0), renderer, "\(scene.name) on \(name), first warm-up frame")
        }
        var times: [Double] = []
        var readbacks: [Double] = []
        var reusesBefore = Self.rasterReuses(renderer)
        var cpuTimes: [Double] = []
        for frame in 1..<(untimed + frames) {
          let (ms, cpuMs, image) = try Self.timed {
            let plan = try fixedPlan ?? lower(scene, frame: frame)
            return try Self.draw(plan, renderer, "\(scene.name) on \(name), frame \(frame)")
          }
          if frame >= untimed {
            times.append(ms)
            cpuTimes.append(cpuMs)
            if let gl = renderer as? GLRenderer { readbacks.append(gl.lastReadbackMilliseconds) }
          }
          if frame + 1 == untimed { reusesBefore = Self.rasterReuses(renderer) }
          last = image
          progress.step("\(scene.name) \(name)")
        }
        var timing = BackendTiming(
          scene: scene.name, backend: name, width: scene.pixelWidth, height: scene.pixelHeight,
          animated: scene.animated, framesMs: times, cpuFramesMs: cpuTimes, firstFrame: first)
        timing.firstFramePhases = phases
        if !readbacks.isEmpty { timing.readbackMs = readbacks }
        if let before = reusesBefore, let after = Self.rasterReuses(renderer) {
          timing.rasterReusesPerFrame = Double(after - before) / Double(frames)
        }
        if let cpu = renderer as? CPURenderer {
          timing.coldFramesMs = try coldFrames(scene, fixedPlan, threads: cpu.threads, name)
        }
        timing.peakMiB = PeakMemory.mebibytes
        timings.append(timing)
        if let last { lastImages.append(last) }
      }
      var parity: Parity?
      if lastImages.count >= 2, let d = try? ImageDiff(lastImages[0], lastImages[1]) {
        parity = Parity(
          maxChannelDifference: d.maxChannelDifference, shareBeyond2: d.fractionBeyond(2))
      }
      results.append(SceneResult(scene: scene.name, timings: timings, parity: parity))
    }
    return results
  }

  /// `frames` cold frames: each the scene's plan (lowered untimed) drawn
  /// by a new CPURenderer, so nothing is cached from the frame before.
  private func coldFrames(_ scene: BenchScene, _ fixedPlan: RenderPlan?, threads: Int, _ name: String) throws
    -> [Double]
  {
    var times: [Double] = []
    for frame in 0..<frames {
      let plan = try fixedPlan ?? lower(scene, frame: frame)
      let renderer = CPURenderer(threads: threads)
      times.append(try Self.timed { try Self.draw(plan, renderer, "\(scene.name) on \(name), cold frame \(frame)") }.ms)
    }
    return times
  }

  /// Frame 0 of a freshly read copy of the scene: its text laid out, lowered
  /// and drawn, timed as one (see BenchScene), and the wall milliseconds
  /// of each of the three.
  private func firstFrame(_ scene: BenchScene, _ name: String, _ renderer: PlanRenderer) throws
    -> (ms: Double, cpuMs: Double, value: (image: Image, phases: FirstFramePhases))
  {
    let fresh = try scene.reloaded()
    return try Self.timed {
      let layout = Self.timed { fresh.layOutText() }
      let plan = try Self.timed { try lower(fresh, frame: 0) }
      let drawn = try Self.timed { try Self.draw(plan.value, renderer, "\(scene.name) on \(name), first frame") }
      return (drawn.value, FirstFramePhases(layoutMs: layout.ms, lowerMs: plan.ms, drawMs: drawn.ms))
    }
  }

  /// `body`'s result with the wall and the process CPU milliseconds it took.
  static func timed<T>(_ body: () throws -> T) rethrows -> (ms: Double, cpuMs: Double, value: T) {
    let cpuStart = processCPUSeconds()
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    return (ms, (processCPUSeconds() - cpuStart) * 1000, value)
  }

  /// `renderer`'s image of `plan`; a failure says which frame (`what`).
  static func draw(_ plan: RenderPlan, _ renderer: PlanRenderer, _ what: String) throws -> Image {
    do {
      return try renderer.render(plan)
    } catch {
      throw BenchError("\(what): \(error)")
    }
  }

  /// CPU seconds this process has used, all threads.
  static func processCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }

  /// The renderer's count of reused rasters, if it keeps one.
  private static func rasterReuses(_ renderer: PlanRenderer) -> Int? {
    (renderer as? CPURenderer)?.rasterCacheHits
  }

  private func lower(_ scene: BenchScene, frame: Int) throws -> RenderPlan {
    do {
      return try scene.plan(frame: frame)
    } catch {
      throw BenchError("\(scene.name), frame \(frame): \(error)")
    }
  }
}

/// A benchmark that could not run: which scene, backend and frame, and why.
struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
