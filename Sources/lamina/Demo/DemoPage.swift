// `index.html` of the demo: one section per figure with its caption, the
// GL and CPU renders side by side, the difference heat map and the parity
// numbers, then the contact sheet and the benchmark table. An animated
// figure shows its two animated PNGs and the heat map of its worst frame,
// with its frame strip below them and the strip's times. A single static
// file with relative image links and inline CSS, so it opens from disk.
//
// Rejected: a template file (one more thing to install and find at run
// time) and embedding PNGs as data URIs (a page of tens of megabytes).
import Lamina

/// What the page shows for one figure.
struct FigureEntry {
  let figure: Figure
  /// The result of comparing GL with CPU, or why the figure has none.
  /// The comparison is `nil` when GL could not start (a CPU render only).
  let outcome: Result<ImageDiff?, FigureFailure>
  /// The frames of an animated figure; nil for a still.
  var animation: AnimationSummary? = nil
}

/// Why a figure could not be shown.
struct FigureFailure: Error, CustomStringConvertible {
  let description: String
}

enum DemoPage {
  static func html(
    _ entries: [FigureEntry], glRenderer: String?, benchTable: String?
  ) -> String {
    var s = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>Lamina demo</title>
      <style>
      body { font: 15px/1.45 -apple-system, system-ui, sans-serif; margin: 2em auto; max-width: 1500px; padding: 0 1em; color: #1c1c1e; }
      section { border-top: 1px solid #d1d1d6; padding: 1em 0; }
      .row { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
      figure { margin: 0; } figcaption { font-size: 13px; color: #636366; }
      img { max-width: 480px; height: auto; border: 1px solid #d1d1d6; image-rendering: auto; }
      .numbers { font: 13px ui-monospace, monospace; } .bad { color: #c00; }
      pre { font-size: 12px; background: #f2f2f7; padding: 1em; overflow-x: auto; }
      </style></head><body>
      <h1>Lamina: the book's figures, GL beside CPU</h1>
      <p>Each figure of <i>iOS Core Animation: Advanced Techniques</i> rendered from its scene file in
      <code>Examples/</code> by LaminaGL (\(escape(glRenderer ?? "GL unavailable"))) and by LaminaCPU, the
      reference, with a heat map of their differences. The animated figures of chapters 8–10 are animated
      PNGs, every frame drawn by both backends, with a strip of frames below them.</p>
      <p><a href="gallery.png"><img src="gallery.png" alt="contact sheet of all figures" style="max-width:100%"></a></p>

      """
    for entry in entries {
      let id = entry.figure.id
      s +=
        "<section id=\"\(escape(id))\"><h2>\(escape(id))</h2><p>\(escape(entry.figure.caption))</p>\n"
      switch entry.outcome {
      case .failure(let failure):
        s += "<p class=\"bad\">Not rendered: \(escape(failure.description))</p>\n"
      case .success(let diff?):
        let animated = entry.animation != nil
        s += "<div class=\"row\">\n"
        s += image("\(id)-gl.png", animated ? "LaminaGL, animated" : "LaminaGL")
        s += image("\(id)-cpu.png", animated ? "LaminaCPU (reference), animated" : "LaminaCPU (reference)")
        s += image(
          "\(id)-diff.png",
          entry.animation.map { worstFrameCaption($0) } ?? "difference (brighter is larger)")
        s += "</div>\n"
        if let animation = entry.animation { s += strip(id, animation) }
        s += "<p class=\"numbers\">\(escape(parity(diff)))"
        if let all = entry.animation?.maxChannelDifference {
          s += escape("; over all \(entry.animation?.frameCount ?? 0) frames: max channel difference \(all)")
        }
        s += "</p>\n"
      case .success(nil):
        s +=
          "<div class=\"row\">\n"
          + image(
            "\(id)-cpu.png",
            entry.animation == nil ? "LaminaCPU (GL did not start)" : "LaminaCPU, animated (GL did not start)")
          + "</div>\n"
        if let animation = entry.animation { s += strip(id, animation) }
      }
      s += "</section>\n"
    }
    if let benchTable {
      s +=
        "<section><h2>Benchmark (<code>lamina bench --suite peers</code>)</h2><pre>\(escape(benchTable))</pre></section>\n"
    }
    s += "</body></html>\n"
    return s
  }

  /// One line of parity numbers, as printed by the command too.
  static func parity(_ d: ImageDiff) -> String {
    let psnr = d.psnr.isInfinite ? "∞" : String(format: "%.1f dB", d.psnr)
    return "max channel difference \(d.maxChannelDifference), pixels beyond 2 levels "
      + String(format: "%.3f %%", d.fractionBeyond(2) * 100)
      + ", mean error " + String(format: "%.3f", d.meanAbsoluteError) + ", PSNR \(psnr)"
  }

  private static func worstFrameCaption(_ a: AnimationSummary) -> String {
    guard let n = a.worstFrame else { return "difference (brighter is larger)" }
    return "difference at frame \(n) (t = \(seconds(a.time(ofFrame: n)))), the largest of \(a.frameCount)"
  }

  /// The frame strip, full width, captioned with its frames' times.
  private static func strip(_ id: String, _ a: AnimationSummary) -> String {
    let times = a.stripFrames.map { seconds(a.time(ofFrame: $0)) }.joined(separator: ", ")
    let caption =
      "frames \(a.stripFrames.map(String.init).joined(separator: ", ")) of \(a.frameCount) at "
      + "\(String(format: "%g", a.frameRate)) frames/s (LaminaCPU), t = \(times)"
    return "<figure><a href=\"\(escape(id))-strip.png\"><img src=\"\(escape(id))-strip.png\" alt=\"frame strip\" "
      + "loading=\"lazy\" style=\"max-width:100%\"></a><figcaption>\(escape(caption))</figcaption></figure>\n"
  }

  private static func seconds(_ t: Double) -> String { String(format: "%.2f s", t) }

  private static func image(_ file: String, _ caption: String) -> String {
    "<figure><a href=\"\(escape(file))\"><img src=\"\(escape(file))\" alt=\"\(escape(caption))\" loading=\"lazy\"></a>"
      + "<figcaption>\(escape(caption))</figcaption></figure>\n"
  }

  /// Escapes text for HTML element content and attribute values.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for ch in text {
      switch ch {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(ch)
      }
    }
    return out
  }
}
