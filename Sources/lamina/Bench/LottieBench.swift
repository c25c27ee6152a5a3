// S9 "lottie" (`lamina bench S9`, in `--suite sequences`): lottie-ios's 40
// development samples (Tests/References/lottie-ios/samples, listed in its
// manifest.json) played end to end as `lamina frames` plays them: each
// document read and built, then every frame ip ..< op at its own frame
// rate, 1920 px on the longer side, presented, lowered, drawn
// incrementally and written to a folder of PNGs (SequenceWriter, fast
// compression, and libpng's default, "small", which compares with the
// peers' zlib level 6). Reported per backend: frames, seconds, frames/s
// over all of them, and the slowest samples. tools/peers/lottie_peers.py
// plays the same samples at the same sizes with ThorVG and rlottie
// (docs/bench-scenes.md).
//
// Rejected: timing only the drawing (a Lottie user waits for files, and
// ThorVG's and rlottie's figures are end to end too).
import Lamina
import LaminaLottie

/// One backend's S9 run.
struct LottieTiming {
  let backend: String
  let compression: PNGCompression
  var frames = 0
  var seconds = 0.0
  /// Per sample: its name and ms per frame.
  var samples: [(name: String, msPerFrame: Double)] = []
  var framesPerSecond: Double { Double(frames) / max(seconds, 1e-9) }
}

enum LottieBench {
  static let name = "S9"
  /// The longer side of every sample's frames.
  static let size = 1920.0

  /// The development samples' files, in the manifest's order.
  static func samples() throws -> [(name: String, path: String)] {
    let bench = try BenchScene.folder()
    let root = URL(fileURLWithPath: bench).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Tests/References/lottie-ios").path
    guard let data = FileManager.default.contents(atPath: root + "/manifest.json"),
      let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let list = manifest["samples"] as? [[String: Any]]
    else { throw BenchError("S9: cannot read \(root)/manifest.json") }
    return list.compactMap { s in
      guard let name = s["name"] as? String, let file = s["file"] as? String else { return nil }
      return (name, root + "/" + file)
    }
  }

  /// Plays every sample on each renderer, with both PNG compressions.
  static func run(renderers: [(name: String, renderer: PlanRenderer)]) throws -> [LottieTiming] {
    let samples = try samples()
    var out: [LottieTiming] = []
    let folder = NSTemporaryDirectory() + "lamina-bench-\(getpid())-S9"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (backend, renderer) in renderers {
      for compression in [PNGCompression.fast, .small] {
        var t = LottieTiming(backend: backend, compression: compression)
        for sample in samples {
          let writer = SequenceWriter(renderer: renderer)
          writer.pngCompression = compression
          let (ms, _, done) = try BenchRunner.timed { () throws -> Int in
            let animation = try LottieAnimation(contentsOf: sample.path)
            let k = size / max(animation.size.width, animation.size.height)
            let scene = try animation.scene(
              scale: k,
              pixelSize: (Int((animation.size.width * k).rounded()), Int((animation.size.height * k).rounded())))
            return try writer.write(scene, to: folder).done
          }
          try? FileManager.default.removeItem(atPath: folder)
          t.frames += done
          t.seconds += ms / 1000
          t.samples.append((sample.name, ms / Double(max(done, 1))))
        }
        out.append(t)
      }
    }
    return out
  }

  /// The text table.
  static func table(_ timings: [LottieTiming]) -> String {
    var rows: [[String]] = [["sequence", "backend", "PNG", "frames", "seconds", "frames/s", "slowest (ms/frame)"]]
    for t in timings {
      let slowest = t.samples.sorted { $0.msPerFrame > $1.msPerFrame }.prefix(3)
        .map { "\($0.name) \(BenchReport.fixed($0.msPerFrame, 0))" }.joined(separator: ", ")
      rows.append([
        name, t.backend, t.compression.rawValue, "\(t.frames)", BenchReport.fixed(t.seconds, 1),
        BenchReport.fixed(t.framesPerSecond, 1), slowest,
      ])
    }
    var lines = BenchReport.columns(rows)
    lines += [
      "",
      "S9: lottie-ios's 40 development samples, every frame at 1920 px on the longer side, read, built,",
      "presented, lowered, drawn incrementally and written as PNGs (end to end, as lamina frames does).",
    ]
    return lines.joined(separator: "\n")
  }

  /// JSON rows.
  static func json(_ timings: [LottieTiming]) -> [[String: Any]] {
    timings.map { t in
      [
        "scene": name, "backend": t.backend, "png_compression": t.compression.rawValue, "frames": t.frames,
        "seconds": t.seconds, "frames_per_second": t.framesPerSecond,
        "samples": t.samples.map { ["name": $0.name, "ms_per_frame": $0.msPerFrame] },
      ]
    }
  }
}
