// `lamina soak`: renders a fixed set of scenes (the scene corpus, or with
// `--suite standard` the benchmark's standard suite, whose animated scene
// changes every frame) many times per backend in one process and checks
// that nothing accumulates: resident memory (from /proc/self/statm, after
// every iteration) must stay within 5 % of its level after warm-up (the
// medians of the first and last tenth: SoakReport), and a
// GL renderer must hold no more GL objects at the end than after warm-up
// (GLObjectLedger), and none once released. Exit 1 when either fails.
//
// Each iteration loads nothing: the scenes are read and decoded once, then
// lowered and rendered every time, so the loop exercises the lowering and
// the backend, which are what a long-running server repeats. Warm-up
// (caches, compiled programs, pooled textures, the allocator's arenas) is
// the first `--warmup` iterations.
//
// Rejected: comparing against the memory at start. Warm-up legitimately
// grows it (programs, texture pools), so only growth after warm-up is a leak.
import ArgumentParser
import Foundation
import Lamina
import LaminaCPU
import LaminaGL

struct SoakCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "soak",
    abstract: "Render the scene corpus N times per backend; fail if memory grows after warm-up or GL objects leak.")

  enum Which: String, ExpressibleByArgument, CaseIterable { case cpu, gl, both }

  @Option(parsing: .unconditional, help: "Renders of the whole scene set per backend.") var iterations = 1000
  @Option(parsing: .unconditional, help: "Iterations before the reference measurement (at most iterations − 1).")
  var warmup = 20
  @Option(help: "cpu, gl or both.") var backend: Which = .both
  @Option(help: "Folders of scene files (*.json) to render; Examples takes only figure-*.json.")
  var scenes: [String] = ["Tests/Scenes", "Examples"]
  @Option(help: "Render the benchmark suite standard or peers instead of scene files.") var suite: BenchSuite?
  @Option(help: "Only the suite's scenes of these names (see bench --list).") var only: [String] = []
  @Option(parsing: .unconditional, help: "The largest memory growth after warm-up that passes, in percent.")
  var tolerance = 5.0

  func validate() throws {
    guard iterations >= 2 else { throw ValidationError("--iterations must be at least 2, not \(iterations)") }
    guard warmup >= 0 else { throw ValidationError("--warmup must be 0 or more, not \(warmup)") }
    guard tolerance >= 0, tolerance.isFinite else {
      throw ValidationError("--tolerance must be a percentage ≥ 0, not \(tolerance)")
    }
  }

  func run() throws {
    let loaded = try suite.map {
      try $0.scenes(only: only).map { scene in (scene.name, scene.plan(frame:)) }
    } ?? loadScenes()
    guard !loaded.isEmpty else { throw ValidationError("no scenes found in \(scenes.joined(separator: ", "))") }
    print("soak: \(loaded.count) scenes × \(iterations) iterations, warm-up \(min(warmup, iterations - 1))")
    fflush(nil)  // a soak runs for long: show progress when piped
    var failed = false
    if backend != .gl {
      let renderer = CPURenderer()
      failed = !(try soak("cpu", loaded) { plan in renderer.render(plan) }).passed(tolerance) || failed
    }
    if backend != .cpu {
      var renderer: GLRenderer? = try GLRenderer()
      let ledger = renderer!.ledger
      let report = try soak("gl", loaded, ledger: ledger) { plan in try renderer!.render(plan) }
      renderer = nil
      let released = ledger.totalLive
      print("gl: GL objects after warm-up \(report.objectsAfterWarmup ?? 0) (\(report.kindsAfterWarmup)), at the end \(report.objectsAtEnd ?? 0) (\(report.kindsAtEnd)), after release \(released)")
      failed = !report.passed(tolerance) || released != 0 || failed
    }
    if failed {
      print("soak: FAILED")
      throw ExitCode(1)
    }
    print("soak: ok")
  }

  /// The scenes to render, loaded once, sorted by path for a stable order,
  /// each lowered anew every frame.
  func loadScenes() throws -> [(name: String, plan: (Int) throws -> RenderPlan)] {
    var out: [(String, (Int) throws -> RenderPlan)] = []
    for folder in scenes {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      let isExamples = (folder as NSString).lastPathComponent == "Examples"
      for name in names.sorted() where name.hasSuffix(".json") && (!isExamples || name.hasPrefix("figure-")) {
        let scene = try loadScene(folder + "/" + name)
        out.append((name, { _ in try scene.renderPlan() }))
      }
    }
    return out
  }

  /// Renders every scene `iterations` times, measuring memory (and GL
  /// objects when a ledger is given) at start, after warm-up and at the end.
  func soak(
    _ label: String, _ loaded: [(name: String, plan: (Int) throws -> RenderPlan)], ledger: GLObjectLedger? = nil,
    render: (RenderPlan) throws -> Image
  ) throws -> SoakReport {
    let warm = min(warmup, iterations - 1)
    var report = SoakReport(label: label, start: residentBytes())
    let clock = ContinuousClock()
    let began = clock.now
    // Resident memory after every iteration from warm-up on; a line every
    // tenth of a long run shows the trend, not just its ends.
    let every = iterations >= 100 ? iterations / 10 : iterations
    for i in 0..<iterations {
      if i >= warm { report.samples.append(residentBytes()) }
      if i == warm {
        report.afterWarmup = report.samples[0]
        report.objectsAfterWarmup = ledger?.totalLive
        report.kindsAfterWarmup = ledger.map(Self.kinds) ?? ""
      }
      if i > warm, i % every == 0 {
        let mib = String(format: "%.1f MiB", Double(report.samples.last!) / 1_048_576)
        print("\(label): iteration \(i)/\(iterations): resident \(mib)" + (ledger.map { ", GL objects \($0.totalLive)" } ?? ""))
        fflush(nil)
      }
      for (name, makePlan) in loaded {
        let plan: RenderPlan
        do { plan = try makePlan(i) } catch {
          throw ValidationError("\(name): \(error)")
        }
        _ = try render(plan)
      }
    }
    report.end = residentBytes()
    report.samples.append(report.end)
    report.objectsAtEnd = ledger?.totalLive
    report.kindsAtEnd = ledger.map(Self.kinds) ?? ""
    let seconds = Double((clock.now - began).components.seconds)
    report.print(rendersPerSecond: Double(iterations * loaded.count) / max(seconds, 1e-3))
    return report
  }
}

extension SoakCommand {
  /// "program 40, texture 12, …": the live GL objects by kind.
  static func kinds(_ ledger: GLObjectLedger) -> String {
    GLObjectLedger.Kind.allCases.map { "\($0.rawValue) \(ledger.live($0))" }.joined(separator: ", ")
  }
}

/// What one backend's soak measured.
///
/// Resident memory moves by several percent from one iteration to the next
/// with the C heap's fragmentation (under llvmpipe, ±5 % around a flat
/// level over 1,000 iterations of the standard suite), so the verdict
/// compares the median of the first tenth of the iterations after warm-up
/// with the median of the last tenth: a leak moves the whole last tenth, a
/// moment of fragmentation one sample. The ends are printed too.
struct SoakReport {
  var label: String
  var start: Int
  var afterWarmup = 0
  var end = 0
  /// Resident bytes after each iteration from warm-up on, then at the end.
  var samples: [Int] = []
  var objectsAfterWarmup: Int?
  var objectsAtEnd: Int?
  var kindsAfterWarmup = "", kindsAtEnd = ""

  /// The medians of the first and the last tenth of the samples.
  var tenths: (first: Int, last: Int) {
    let n = max(1, samples.count / 10)
    func median(_ s: ArraySlice<Int>) -> Int { s.sorted()[s.count / 2] }
    guard !samples.isEmpty else { return (0, 0) }
    return (median(samples.prefix(n)), median(samples.suffix(n)))
  }

  /// Growth from the first tenth to the last, in percent.
  var growth: Double {
    let t = tenths
    return t.first > 0 ? Double(t.last - t.first) / Double(t.first) * 100 : 0
  }

  func passed(_ tolerance: Double) -> Bool {
    growth <= tolerance && (objectsAtEnd ?? 0) <= (objectsAfterWarmup ?? 0)
  }

  func print(rendersPerSecond: Double) {
    func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
    let t = tenths
    Swift.print(
      "\(label): resident memory at start \(mib(start)), after warm-up \(mib(afterWarmup)), "
        + "at the end \(mib(end)); median of the first tenth after warm-up \(mib(t.first)), of the last "
        + "tenth \(mib(t.last)) (\(String(format: "%+.2f", growth)) %), highest \(mib(samples.max() ?? 0)); "
        + String(format: "%.1f renders/s", rendersPerSecond))
    fflush(nil)
  }
}

/// Resident set size of this process, from /proc/self/statm (0 when
/// unreadable), after the C heap has returned its free pages to the system
/// (malloc_trim), so memory the allocator merely keeps is not counted.
func residentBytes() -> Int {
  _ = mallocTrim?(0)
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// glibc's malloc_trim, looked up at run time (it is not in Swift's Glibc
/// module); nil on a C library without it.
private let mallocTrim: (@convention(c) (Int) -> Int32)? = {
  guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
  return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
}()
