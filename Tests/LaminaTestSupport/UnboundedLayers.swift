// UnboundedLayers: layers that run to ±10⁷ points, as lottie-ios makes them
// (a gradient layer padded by 10,000 pt on each side; an inverted mask as a
// shape with a ±10,000,000 pt rectangle around the hole, or as an opaque
// layer that wide with the matte XOR'd in; a gradient fill, a padded
// gradient masked by the fill's path on a mask layer as large as the
// canvas), drawn at 4K beside the same scene whose layers stop at what is
// visible. Both backends must draw the same bytes for the two, and the
// plans must ask for the same work: the same offscreen pixels (memory) and
// the same coverage cells (what the sweep visits), so a huge layer costs
// what is visible. Wall time is
// measured by hand (the note), never here.
import Lamina

public enum UnboundedLayers {
  static let width = 3840, height = 2160

  /// The scene with the huge layers (`big`) or with layers cut at what is visible.
  public static func scene(big: Bool) -> String {
    let (w, h) = (Double(width), Double(height))
    let pad = big ? 10_000.0 : 0, far = big ? 1e7 : 0
    func n(_ v: Double) -> String { String(v) }
    let gradient =
      "{'type': 'gradientLayer', 'frame': [\(n(-pad)), \(n(-pad)), \(n(w + 2 * pad)), \(n(h + 2 * pad))], "
      + "'colors': ['#FF0000', '#0000FF'], 'startPoint': [\(n(pad / (w + 2 * pad))), 0.5], "
      + "'endPoint': [\(n((pad + w) / (w + 2 * pad))), 0.5]}"
    let outer = big ? "M\(n(-far)) \(n(-far)) H\(n(far + 1000)) V\(n(far + 800)) H\(n(-far)) Z" : "M0 0 H1000 V800 H0 Z"
    let holeMask =
      "{'frame': [100, 100, 1000, 800], 'backgroundColor': '#FFCC00', 'mask': {'type': 'shapeLayer', "
      + "'frame': [0, 0, 1000, 800], 'fillRule': 'evenOdd', 'path': {'svg': '\(outer) M200 100 H800 V700 H200 Z'}}}"
    let veil =
      "{'type': 'shapeLayer', 'frame': [0, 0, \(n(w)), \(n(h))], 'path': {'rect': [\(n(-far)), \(n(-far)), "
      + "\(n(2 * far + w)), \(n(2 * far + h))]}, 'fillColor': '#00FF0030'}"
    let matte =
      "{'frame': [1500, 300, 800, 600], 'backgroundColor': '#3060FF', 'mask': {'frame': [\(n(-far)), \(n(-far)), "
      + "\(n(2 * far + 800)), \(n(2 * far + 600))], 'backgroundColor': '#000000', 'sublayers': [{'type': 'shapeLayer', "
      + "'frame': [\(n(far)), \(n(far)), 800, 600], 'path': {'ellipse': [100, 100, 600, 400]}, 'fillColor': '#000000', "
      + "'compositingFilter': 'xor'}]}}"
    // A gradient fill as lottie-ios builds it: the padded gradient layer
    // masked by the fill's path (an ellipse here), on a mask layer as large
    // as the whole composition (the canvas) that paints only the path.
    let (fx, fy, fw, fh) = (2600.0, 1200.0, 800.0, 500.0)
    let fillMask =
      big
      ? "'frame': [\(n(pad - fx)), \(n(pad - fy)), \(n(w)), \(n(h))], 'path': {'ellipse': [\(n(fx)), \(n(fy)), \(n(fw)), \(n(fh))]}"
      : "'frame': [0, 0, \(n(fw)), \(n(fh))], 'path': {'ellipse': [0, 0, \(n(fw)), \(n(fh))]}"
    let fill =
      "{'type': 'gradientLayer', 'frame': [\(n(fx - pad)), \(n(fy - pad)), \(n(fw + 2 * pad)), \(n(fh + 2 * pad))], "
      + "'colors': ['#00C000', '#FF00FF'], 'startPoint': [\(n(pad / (fw + 2 * pad))), 0.5], "
      + "'endPoint': [\(n((pad + fw) / (fw + 2 * pad))), 0.5], 'mask': {'type': 'shapeLayer', "
      + "\(fillMask), 'fillColor': '#000000'}}"
    let json =
      "{'format': 'lamina-scene', 'version': 3, 'canvas': {'width': \(width), 'height': \(height), "
      + "'background': '#FFFFFF'}, 'layers': [\(gradient), \(holeMask), \(fill), \(veil), \(matte)]}"
    return json.replacingOccurrences(of: "'", with: "\"")
  }

  public static func plan(big: Bool) throws -> RenderPlan {
    try Scene(jsonData: Array(scene(big: big).utf8)).renderPlan()
  }

  /// What a plan asks of a renderer: the offscreen pixels it allocates and
  /// the coverage cells its paths sweep over the canvas.
  public static func work(_ plan: RenderPlan) -> (surfacePixels: Int, coverageCells: Int) {
    var pixels = 0, cells = 0
    for (i, s) in plan.surfaces.enumerated() {
      if i > 0 { pixels += s.width * s.height }
      let whole = PixelRect(x0: 0, y0: 0, x1: s.width, y1: s.height)
      for case .path(let d) in s.commands { cells += d.coverage(within: whole)?.values.count ?? 0 }
    }
    return (pixels, cells)
  }

  /// What differs between the huge scene and the cut one: the plans' work,
  /// and the bytes `render` draws.
  public static func failures(render: (RenderPlan) throws -> Image) throws -> [String] {
    let big = try plan(big: true), small = try plan(big: false)
    var failures: [String] = []
    let (wb, ws) = (work(big), work(small))
    if wb != ws { failures.append("the huge layers ask for more work: \(wb) against \(ws)") }
    if ws.surfacePixels > 2 * width * height {
      failures.append("the cut scene's offscreens hold \(ws.surfacePixels) pixels")
    }
    let a = try render(big), b = try render(small)
    if a.pixels != b.pixels { failures.append("the huge layers draw other bytes than the cut ones") }
    // Not blank: the hole, the matte's ellipse and the gradient show.
    func px(_ x: Int, _ y: Int) -> [UInt8] { Array(a.pixels[((y * a.width + x) * 4)..<((y * a.width + x) * 4 + 4)]) }
    if px(150, 150)[1] < 150 { failures.append("the padded mask's frame is not drawn: \(px(150, 150))") }
    if px(600, 500) == px(150, 150) { failures.append("the mask's hole is filled") }
    if px(1900, 600)[2] > 200 { failures.append("the inverted matte's ellipse shows the layer: \(px(1900, 600))") }
    if px(1520, 320) != [0x30, 0x60, 0xFF, 255] { failures.append("outside the matte: \(px(1520, 320))") }
    if px(3000, 1450)[1] > 180 || px(3000, 1450) == px(2610, 1210) {
      failures.append("the masked gradient: \(px(3000, 1450)) inside, \(px(2610, 1210)) outside")
    }
    return failures
  }
}
