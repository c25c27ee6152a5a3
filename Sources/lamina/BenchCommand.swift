// `lamina bench [SCENE…] [--suite standard|peers] [--backend gl,cpu]
// [--frames N] [--warmup N] [--json OUT]`: times scenes on each backend
// and prints the first frame's ms (text laid out, lowered, drawn) and the
// steady frames' median, p95 and min ms, megapixels per second, the
// GL/CPU ratio and the parity of the two images. The scenes are the files
// of Tests/Scenes/bench (BenchScene). Scenes with a duration (S6, S6-one)
// are timed as frame sequences, full against incremental (SequenceBench).
import ArgumentParser
import Lamina
import LaminaCPU
import LaminaGL

struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Time scenes on the GL and CPU backends, side by side.",
    discussion: """
      Suites: peers (S1, S2-sigma2/8/32, S3-nearest/linear/trilinear, S4, S5, S7, S7-flat, S8, S8-none of docs/bench-scenes.md; \
      S4 is skipped, saying why, by a build that does not read shape layers yet) and \
      standard (the peers plus S2-sigma4, mask, group-opacity, rasterize, shadow-content, nine-slice, \
      planes-3d, gradients, animation) and sequences (S6, S6-one, S10: animations timed frame by frame, \
      drawn whole and incrementally, end to end into PNGs and an APNG; S9: lottie-ios's 40 development samples \
      played end to end into PNGs at 1920 px, as lamina frames plays them). Each renderer is made once and kept, so retained caches show. \
      The first frame of each scene (a fresh copy: text laid out, lowered, drawn) is reported on its own.
      """)

  @Argument(help: "Scenes to run (default: the whole suite). See --list.") var scenes: [String] = []
  @Option(help: "standard, peers or sequences.") var suite: BenchSuite = .standard
  @Option(help: "Backends, comma-separated: gl, cpu.") var backend: String = "gl,cpu"
  @Option(parsing: .unconditional, help: "Timed frames per scene and backend.") var frames: Int = 5
  @Option(
    parsing: .unconditional,
    help: """
      Frames drawn before the timed ones (they fill the caches); the first of them is reported \
      as the first frame, which is drawn even with 0.
      """)
  var warmup: Int = 1
  @Option(help: "Write the results as JSON to this file.") var json: String?
  @Flag(help: "List the scenes of the suite and exit.") var list = false
  func validate() throws {
    guard frames >= 1 else { throw ValidationError("--frames must be at least 1, not \(frames)") }
    guard warmup >= 0 else { throw ValidationError("--warmup must be 0 or more, not \(warmup)") }
    _ = try Self.parseBackends(backend)
    let known = BenchSuite.standard.names + BenchSuite.sequences.names
    for name in scenes where !known.contains(name) {
      throw ValidationError("unknown scene '\(name)'; scenes: \(known.joined(separator: ", "))")
    }
  }

  func run() throws {
    if list {
      for name in suite.names { say(name) }
      return
    }
    let chosen: [BenchScene]
    if scenes.isEmpty {
      chosen = try suite.scenes()
    } else {
      chosen = try BenchSuite.read(scenes.filter { $0 != LottieBench.name })
    }
    let lottie = scenes.isEmpty ? suite == .sequences : scenes.contains(LottieBench.name)
    try Self.execute(
      chosen, backends: try Self.parseBackends(backend), frames: frames, warmup: warmup,
      jsonPath: json, lottie: lottie)
  }

  /// Parses `gl,cpu` into backend names, in order, without repeats.
  static func parseBackends(_ list: String) throws -> [String] {
    var names: [String] = []
    for part in list.split(separator: ",") {
      let name = part.trimmingCharacters(in: .whitespaces).lowercased()
      guard name == "gl" || name == "cpu" else {
        throw ValidationError(
          "unknown backend '\(name)' in --backend \(list); use gl, cpu or gl,cpu")
      }
      if !names.contains(name) { names.append(name) }
    }
    guard !names.isEmpty else { throw ValidationError("--backend names no backend") }
    return names
  }

  /// Makes the renderers, runs the scenes, prints the table and writes the
  /// JSON; returns the table. GL that cannot start is reported and skipped.
  @discardableResult
  static func execute(
    _ scenes: [BenchScene], backends: [String], frames: Int, warmup: Int, jsonPath: String?, lottie: Bool = false
  ) throws -> String {
    var renderers: [(name: String, renderer: PlanRenderer)] = []
    var glRenderer: String?
    for name in backends {
      if name == "cpu" {
        renderers.append((name, CPURenderer()))
        continue
      }
      do {
        renderers.append((name, try GLRenderer()))
        glRenderer = try? GLInfo.probe().renderer
      } catch {
        warn("lamina bench: GL unavailable (\(error)); timing the other backends only")
      }
    }
    guard !renderers.isEmpty else { throw ExitCode(1) }
    let sequences = scenes.filter(SequenceBench.isSequence)
    let scenes = scenes.filter { !SequenceBench.isSequence($0) }
    var sequenceTimings: [SequenceTiming] = []
    var sequenceTable = ""
    if !sequences.isEmpty {
      do {
        sequenceTimings = try SequenceBench.run(sequences, renderers: renderers)
      } catch {
        warn("lamina bench: \(error)")
        throw ExitCode(1)
      }
      sequenceTable = SequenceBench.table(sequenceTimings)
      say(sequenceTable)
    }
    var lottieTimings: [LottieTiming] = []
    if lottie {
      do {
        lottieTimings = try LottieBench.run(renderers: renderers)
      } catch {
        warn("lamina bench: \(error)")
        throw ExitCode(1)
      }
      let lottieTable = LottieBench.table(lottieTimings)
      say(lottieTable)
      sequenceTable = sequenceTable.isEmpty ? lottieTable : sequenceTable + "\n\n" + lottieTable
    }
    var results: [SceneResult] = []
    var table = ""
    if !scenes.isEmpty {
      let progress = ProgressBar(total: scenes.count * renderers.count * (frames + max(warmup, 1)))
      let runner = BenchRunner(renderers: renderers, frames: frames, warmup: warmup)
      do {
        results = try runner.run(scenes, progress: progress)
      } catch {
        progress.finish()
        warn("lamina bench: \(error)")
        throw ExitCode(1)
      }
      progress.finish()
      table = glRenderer.map { "GL: \($0)\n" } ?? ""
      table +=
        "\(Machine.cpuModel ?? Machine.uname), \(Machine.cores) cores; \(frames) frames after \(warmup) warm-up\n"
      table += BenchReport.table(results)
      say(table)
    }
    table = sequenceTable.isEmpty ? table : table.isEmpty ? sequenceTable : sequenceTable + "\n" + table
    if let jsonPath {
      let data = try BenchReport.json(
        results, sequences: sequenceTimings, lottie: LottieBench.json(lottieTimings), glRenderer: glRenderer,
        frames: frames, warmup: warmup)
      guard FileManager.default.createFile(atPath: jsonPath, contents: data) else {
        warn("lamina bench: cannot write \(jsonPath)")
        throw ExitCode(1)
      }
    }
    return table
  }
}

extension BenchSuite: ExpressibleByArgument {}

/// Prints a line to standard output unbuffered: what `bench` and `demo`
/// have printed must survive a renderer that crashes later in the run
/// (`print` into a pipe or file is block-buffered and would be lost).
func say(_ line: String = "") {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
