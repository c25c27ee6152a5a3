// What one benchmark run measured: per scene and backend the time of every
// frame, and per scene the parity of the backends' last images. Statistics
// are computed from the kept frame times, never stored twice.
import Lamina

/// The frame times of one scene on one backend.
struct BackendTiming {
  let scene: String
  let backend: String
  let width: Int
  let height: Int
  /// True when each frame included changing and lowering the tree.
  let animated: Bool
  /// Milliseconds of each timed frame, in order (warm-up frames excluded).
  let framesMs: [Double]
  /// CPU milliseconds the process used in each timed frame, all threads
  /// (for GL, llvmpipe's rasterizer threads too).
  let cpuFramesMs: [Double]
  /// Milliseconds of the first frame (a freshly read copy of the scene, its
  /// text laid out, lowered and drawn: BenchScene), and the CPU
  /// milliseconds it took, all threads.
  let firstFrame: (ms: Double, cpuMs: Double)
  /// Rasters (`shouldRasterize`) the renderer reused instead of drawing, per
  /// timed frame, when it counts them (LaminaCPU does).
  var rasterReusesPerFrame: Double?
  /// Milliseconds of each timed frame's readback, when the renderer reports
  /// it (LaminaGL does; it is part of `framesMs`).
  var readbackMs: [Double]?
  /// Milliseconds of each cold frame: the plan drawn by a new renderer,
  /// whose caches (path and glyph coverage, shadow stamps, textures, kept
  /// rasters, offscreen memory) are empty, as a peer that rasterizes every
  /// frame draws it. LaminaCPU only: a new GL renderer would time a new
  /// context, not empty caches.
  var coldFramesMs: [Double]?
  /// The process's peak resident memory while the scene ran on this
  /// backend, in MiB (PeakMemory), where Linux reports it.
  var peakMiB: Double?
  /// Where the first frame's time went.
  var firstFramePhases: FirstFramePhases?

  var coldMedianMs: Double? { coldFramesMs.map(Statistics.median) }

  var medianMs: Double { Statistics.median(framesMs) }
  var p95Ms: Double { Statistics.percentile(framesMs, 0.95) }
  var minMs: Double { framesMs.min() ?? .nan }
  var cpuMedianMs: Double { Statistics.median(cpuFramesMs) }
  /// Canvas megapixels drawn per second at the median frame time.
  var megapixelsPerSecond: Double { Double(width * height) / 1e6 / (medianMs / 1000) }
}

/// The wall milliseconds of a first frame's three steps: every text layer
/// laid out (`Layer.layOutText`), the tree lowered, the plan drawn (by a new
/// renderer on the CPU). Their sum is the first frame, but for the clock
/// reads between them.
struct FirstFramePhases {
  let layoutMs: Double, lowerMs: Double, drawMs: Double
}

/// How far the backends' images of the same frame are apart.
struct Parity {
  /// The largest difference of one channel, 0…255.
  let maxChannelDifference: Int
  /// The share of pixels with a channel more than 2 levels apart, 0…1.
  let shareBeyond2: Double
}

/// One scene's results: a timing per backend, and the parity of the first
/// two backends when there are two.
struct SceneResult {
  let scene: String
  let timings: [BackendTiming]
  let parity: Parity?

  func timing(_ backend: String) -> BackendTiming? { timings.first { $0.backend == backend } }

  /// How many times faster GL drew a frame than the CPU (median over median).
  var cpuOverGL: Double? {
    guard let gl = timing("gl"), let cpu = timing("cpu"), gl.medianMs > 0 else { return nil }
    return cpu.medianMs / gl.medianMs
  }
}

enum Statistics {
  /// The median (the mean of the two middle values for an even count).
  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let s = values.sorted()
    let n = s.count
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
  }

  /// The nearest-rank percentile: the smallest value ≥ share of the values.
  static func percentile(_ values: [Double], _ share: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let s = values.sorted()
    let rank = Int((share * Double(s.count)).rounded(.up))
    return s[min(max(rank, 1), s.count) - 1]
  }
}
