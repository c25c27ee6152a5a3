// `lamina soak`: renders a fixed set of scenes many times per backend in one
// process and checks that nothing accumulates: resident memory (from
// /proc/self/statm) must stay within 5 % of its level after warm-up, and a
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

  @Option(help: "Renders of the whole scene set per backend.") var iterations = 1000
  @Option(help: "Iterations before the reference measurement (at most iterations − 1).") var warmup = 20
  @Option(help: "cpu, gl or both.") var backend: Which = .both
  @Option(help: "Folders of scene files (*.json) to render; Examples takes only figure-*.json.")
  var scenes: [String] = ["Tests/Scenes", "Examples"]
  @Option(help: "The largest memory growth after warm-up that passes, in percent.") var tolerance = 5.0

  func run() throws {
    guard iterations >= 2 else { throw ValidationError("--iterations must be at least 2") }
    let loaded = try loadScenes()
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
      print("gl: GL objects after warm-up \(report.objectsAfterWarmup ?? 0), at the end \(report.objectsAtEnd ?? 0), after release \(released)")
      failed = !report.passed(tolerance) || released != 0 || failed
    }
    if failed {
      print("soak: FAILED")
      throw ExitCode(1)
    }
    print("soak: ok")
  }

  /// The scenes to render, loaded once, sorted by path for a stable order.
  func loadScenes() throws -> [(name: String, scene: Scene)] {
    var out: [(String, Scene)] = []
    for folder in scenes {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      let isExamples = (folder as NSString).lastPathComponent == "Examples"
      for name in names.sorted() where name.hasSuffix(".json") && (!isExamples || name.hasPrefix("figure-")) {
        out.append((name, try loadScene(folder + "/" + name)))
      }
    }
    return out
  }

  /// Renders every scene `iterations` times, measuring memory (and GL
  /// objects when a ledger is given) at start, after warm-up and at the end.
  func soak(
    _ label: String, _ loaded: [(name: String, scene: Scene)], ledger: GLObjectLedger? = nil,
    render: (RenderPlan) throws -> Image
  ) throws -> SoakReport {
    let warm = min(warmup, iterations - 1)
    var report = SoakReport(label: label, start: residentBytes())
    let clock = ContinuousClock()
    let began = clock.now
    for i in 0..<iterations {
      if i == warm {
        report.afterWarmup = residentBytes()
        report.objectsAfterWarmup = ledger?.totalLive
      }
      for (name, scene) in loaded {
        let plan: RenderPlan
        do { plan = try scene.renderPlan() } catch {
          throw ValidationError("\(name): \(error)")
        }
        _ = try render(plan)
      }
    }
    report.end = residentBytes()
    report.objectsAtEnd = ledger?.totalLive
    let seconds = Double((clock.now - began).components.seconds)
    report.print(rendersPerSecond: Double(iterations * loaded.count) / max(seconds, 1e-3))
    return report
  }
}

/// What one backend's soak measured.
struct SoakReport {
  var label: String
  var start: Int
  var afterWarmup = 0
  var end = 0
  var objectsAfterWarmup: Int?
  var objectsAtEnd: Int?

  /// Growth from after warm-up to the end, in percent.
  var growth: Double { afterWarmup > 0 ? Double(end - afterWarmup) / Double(afterWarmup) * 100 : 0 }

  func passed(_ tolerance: Double) -> Bool {
    growth <= tolerance && (objectsAtEnd ?? 0) <= (objectsAfterWarmup ?? 0)
  }

  func print(rendersPerSecond: Double) {
    func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
    Swift.print(
      "\(label): resident memory at start \(mib(start)), after warm-up \(mib(afterWarmup)), "
        + "at the end \(mib(end)) (\(String(format: "%+.2f", growth)) % after warm-up); "
        + String(format: "%.1f renders/s", rendersPerSecond))
    fflush(nil)
  }
}

/// Resident set size of this process, from /proc/self/statm (0 when unreadable).
func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
