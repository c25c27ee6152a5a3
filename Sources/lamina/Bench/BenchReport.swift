// The two outputs of `lamina bench`: an aligned text table for people and
// a JSON document for scripts (tools/peers/ reads it). The table puts the
// GL/CPU ratio and the parity on the scene's GL row, where the comparison
// is read; the JSON repeats them on every row so a script need not join.
// Sequence scenes (S6, S6-one) have their own rows (`sequences`: full and
// incremental frames, their share, frames per second end to end), apart
// from the steady frames' `results`, whose fields they do not have.
//
// Rejected: Codable structs for the JSON (the document is flat and written
// in one place; JSONSerialization keeps the keys in snake_case by hand).
import Lamina

enum BenchReport {
  /// The text table, one row per scene and backend, with a legend.
  static func table(_ results: [SceneResult]) -> String {
    var rows: [[String]] = [
      [
        "scene", "backend", "pixels", "first ms", "cold ms", "median ms", "p95 ms", "min ms", "cpu ms", "readback",
        "Mpx/s", "peak MiB",
        "CPU/GL",
        "max Δ", ">2 lv",
      ]
    ]
    for result in results {
      for t in result.timings {
        let onGLRow = t.backend == "gl"
        rows.append([
          t.scene + (t.animated ? "*" : ""), t.backend, "\(t.width)×\(t.height)",
          fixed(t.firstFrame.ms), t.coldMedianMs.map { fixed($0) } ?? "", fixed(t.medianMs), fixed(t.p95Ms), fixed(t.minMs), fixed(t.cpuMedianMs),
          t.readbackMs.map { fixed(Statistics.median($0)) } ?? "",
          fixed(t.megapixelsPerSecond, 1), t.peakMiB.map { fixed($0, 0) } ?? "",
          onGLRow ? result.cpuOverGL.map { fixed($0, 2) + "×" } ?? "" : "",
          onGLRow ? result.parity.map { "\($0.maxChannelDifference)" } ?? "" : "",
          onGLRow ? result.parity.map { fixed($0.shareBeyond2 * 100, 3) + " %" } ?? "" : "",
        ])
      }
    }
    var lines = BenchReport.columns(rows)
    lines.append("")
    lines.append(
      "first ms: the scene's first frame from a freshly read copy (on the CPU by a new renderer): its text"
    )
    lines.append(
      "laid out, lowered and drawn (fonts open once per process: the first backend pays that); the other columns"
    )
    lines.append("are steady frames of the plan lowered once. cold ms: the median of the same plan drawn by a new")
    lines.append("renderer each time, nothing cached (CPU only), what a peer that rasterizes every frame does.")
    lines.append("--json: first_frame_phases_ms splits the first frame into layout, lower and draw.")
    lines.append(
      "ms per frame; GL frames are render() as a whole, timed to completion (drawing, glFinish, then"
    )
    lines.append(
      "glReadPixels); readback: the median ms of glReadPixels alone, included in the frame.")
    lines.append(
      "cpu ms: the median CPU time the process used in a frame, all threads (GL: llvmpipe's too);")
    lines.append("a busy host stretches wall times more than CPU times.")
    lines.append("peak MiB: the most resident memory the process held while the scene ran on the backend")
    lines.append("(Linux's VmHWM, reset before it); earlier scenes' caches count: a scene run alone measures itself.")
    lines.append(
      "CPU/GL: how many times faster GL drew the median frame. max Δ, >2 lv: GL against CPU, last frame."
    )
    if results.contains(where: { $0.timings.contains { $0.animated } }) {
      lines.append(
        "*: the tree changes every frame; its frames include changing and lowering the tree.")
    }
    return lines.joined(separator: "\n")
  }

  /// The JSON document of `--json`: `results`, a row per scene and
  /// backend of steady frames, and `sequences`, a row per sequence scene
  /// (S6, S6-one) and backend (SequenceBench).
  static func json(
    _ results: [SceneResult], sequences: [SequenceTiming] = [], lottie: [[String: Any]] = [], glRenderer: String?,
    frames: Int, warmup: Int
  ) throws -> Data {
    var machine: [String: Any] = ["uname": Machine.uname, "cores": Machine.cores]
    if let model = Machine.cpuModel { machine["cpu"] = model }
    var rows: [[String: Any]] = []
    for result in results {
      for t in result.timings {
        var row: [String: Any] = [
          "scene": t.scene, "backend": t.backend, "width": t.width, "height": t.height,
          "animated": t.animated, "first_frame_ms": t.firstFrame.ms,
          "first_frame_cpu_ms": t.firstFrame.cpuMs, "median_ms": t.medianMs, "p95_ms": t.p95Ms,
          "min_ms": t.minMs,
          "megapixels_per_second": t.megapixelsPerSecond, "frames_ms": t.framesMs,
          "cpu_median_ms": t.cpuMedianMs, "cpu_frames_ms": t.cpuFramesMs,
        ]
        if let phases = t.firstFramePhases {
          row["first_frame_phases_ms"] = ["layout": phases.layoutMs, "lower": phases.lowerMs, "draw": phases.drawMs]
        }
        if let ratio = result.cpuOverGL { row["cpu_over_gl"] = ratio }
        if let cold = t.coldFramesMs {
          row["cold_median_ms"] = Statistics.median(cold)
          row["cold_frames_ms"] = cold
        }
        if let reuses = t.rasterReusesPerFrame { row["raster_reuses_per_frame"] = reuses }
        if let peak = t.peakMiB { row["peak_rss_mib"] = peak }
        if let readback = t.readbackMs {
          row["readback_median_ms"] = Statistics.median(readback)
          row["readback_frames_ms"] = readback
        }
        if let p = result.parity {
          row["parity_max_channel_difference"] = p.maxChannelDifference
          row["parity_share_beyond_2"] = p.shareBeyond2
        }
        rows.append(row)
      }
    }
    let sequenceRows: [[String: Any]] = sequences.map { t in
      [
        "scene": t.scene, "backend": t.backend, "frames": t.frames, "lower_ms": t.lowerMs, "full_ms": t.fullMs,
        "incremental_ms": t.incrementalMs, "share": t.share, "damaged_tiles": t.damagedTiles,
        "png_fps_full": t.pngFull, "png_fps_incremental": t.pngIncremental, "apng_fps_full": t.apngFull,
        "apng_fps_incremental": t.apngIncremental,
      ]
    }
    let document: [String: Any] = [
      "machine": machine, "gl_renderer": glRenderer ?? NSNull(), "frames": frames, "warmup": warmup,
      "sequences": sequenceRows, "lottie": lottie,
      "sequence_timing":
        "lower_ms: presenting and lowering a frame; full_ms / incremental_ms: drawing alone over plans lowered beforehand, medians of frames 1…N−1, whole and after the frame before; share: incremental / full; damaged_tiles: the median share of 64-pixel tiles; *_fps: end to end (present, lower, draw, encode) into PNG files or one APNG",
      "gl_timing": "render() to completion; readback_* is glReadPixels alone, included",
      "cpu_timing": "process CPU time of a frame, all threads", "results": rows,
      "first_frame":
        "a freshly read copy of the scene: text laid out, lowered and drawn (LaminaCPU: by a new renderer, then the kept one draws it untimed as the first warm-up frame; GL: the kept renderer, its first warm-up frame)",
      "cold_frame": "the plan drawn by a new renderer each time, nothing cached (LaminaCPU only)",
    ]
    return try JSONSerialization.data(
      withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
  }

  /// The rows as aligned text columns (the first two left-aligned, the
  /// rest right-aligned), a rule under the header row.
  static func columns(_ rows: [[String]]) -> [String] {
    let widths = rows[0].indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
    var lines = rows.map { row in
      row.enumerated().map { c, cell in
        c < 2
          ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[c] - cell.count) + cell
      }.joined(separator: "  ")
    }
    lines.insert(String(repeating: "-", count: lines[0].count), at: 1)
    return lines
  }

  static func fixed(_ value: Double, _ digits: Int = 2) -> String {
    value.isFinite ? String(format: "%.\(digits)f", value) : "—"
  }
}
