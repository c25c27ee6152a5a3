// `index.html` of the demo: one section per figure with its caption, the
// GL and CPU renders side by side, the difference heat map and the parity
// numbers, then the contact sheet and the benchmark table. A single static
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
      reference, with a heat map of their differences.</p>
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
        s += "<div class=\"row\">\n"
        s += image("\(id)-gl.png", "LaminaGL")
        s += image("\(id)-cpu.png", "LaminaCPU (reference)")
        s += image("\(id)-diff.png", "difference (brighter is larger)")
        s += "</div>\n<p class=\"numbers\">\(escape(parity(diff)))</p>\n"
      case .success(nil):
        s +=
          "<div class=\"row\">\n" + image("\(id)-cpu.png", "LaminaCPU (GL did not start)")
          + "</div>\n"
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
