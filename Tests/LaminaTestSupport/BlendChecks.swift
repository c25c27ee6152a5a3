// BlendChecks: what both backends must show about compositing filters
// (docs/scene-format.md, "Compositing filters"), written once and run by
// LaminaCPUTests and LaminaGLTests:
// - `closedForms`: each mode on source/backdrop pairs worked by hand from
//   W3C Compositing and Blending Level 1 (the arithmetic is in the comment
//   of each row, not computed by Lamina's code), the non-separable modes'
//   ClipColor cases, dodge and burn at 0 and 1, translucent sources and
//   backdrops and XOR; drawn as two pixel-aligned layers, the pixel read
//   at the centre, within one level (the rows avoid results at x.5);
// - `relations`: normal is no filter byte for byte; multiply with white and
//   screen with black change nothing over an opaque backdrop; difference of
//   an image with itself over itself is black; a blend inside an isolated
//   group does not see what lies outside it; lottie-ios's inverted matte
//   (an XOR'd shape in an opaque mask) shows the layer only outside the shape.
import Lamina

public enum BlendChecks {
  /// One hand-worked row: an opaque-or-not backdrop colour, a source colour
  /// at an opacity under `filter`, the expected RGBA bytes.
  public struct Row: Sendable, CustomStringConvertible {
    public var filter: String
    public var backdrop: String
    public var source: String
    public var opacity: Double
    public var expected: [Int]
    public var description: String { "\(filter) of \(source)@\(opacity) over \(backdrop)" }
  }

  static func row(_ f: String, _ b: String, _ s: String, _ o: Double, _ e: [Int]) -> Row {
    Row(filter: f, backdrop: b, source: s, opacity: o, expected: e)
  }

  static func row(_ f: String, _ b: String, _ s: String, _ e: [Int]) -> Row { row(f, b, s, 1, e) }

  /// cb = #999999 (0.6), cs = #333333 (0.2), both opaque, unless stated.
  public static let closedForms: [Row] = [
    row("multiplyBlendMode", "#999999", "#333333", [31, 31, 31, 255]),  // 0.6·0.2 = 0.12 → 30.6
    row("screenBlendMode", "#999999", "#333333", [173, 173, 173, 255]),  // 0.6+0.2−0.12 = 0.68 → 173.4
    // HardLight(Cs=0.6 as backdrop, 0.2): 0.6 > ½: s = 0.2, 0.2+0.2−0.04 = 0.36 → 91.8
    row("overlayBlendMode", "#999999", "#333333", [92, 92, 92, 255]),
    row("darkenBlendMode", "#999999", "#333333", [51, 51, 51, 255]),
    row("lightenBlendMode", "#999999", "#333333", [153, 153, 153, 255]),
    row("colorDodgeBlendMode", "#999999", "#333333", [191, 191, 191, 255]),  // 0.6/0.8 = 0.75 → 191.25
    row("colorBurnBlendMode", "#999999", "#333333", [0, 0, 0, 255]),  // 1 − min(1, 0.4/0.2) = 0
    row("hardLightBlendMode", "#999999", "#333333", [61, 61, 61, 255]),  // 0.6·0.4 = 0.24 → 61.2
    // 0.6 − (1 − 0.4)·0.6·0.4 = 0.456 → 116.28
    row("softLightBlendMode", "#999999", "#333333", [116, 116, 116, 255]),
    row("differenceBlendMode", "#999999", "#333333", [102, 102, 102, 255]),  // 0.4
    row("exclusionBlendMode", "#999999", "#333333", [143, 143, 143, 255]),  // 0.8 − 0.24 = 0.56 → 142.8
    // cb = 0.2, cs = 0.8: the other branches.
    row("hardLightBlendMode", "#333333", "#CCCCCC", [173, 173, 173, 255]),  // s = 0.6: 0.2+0.6−0.12 = 0.68
    // Overlay(Cb, Cs) = HardLight(Cs, Cb): here Cb = 0.2 ≤ ½, so Multiply(0.8, 2·0.2) = 0.32 → 81.6
    row("overlayBlendMode", "#333333", "#CCCCCC", [82, 82, 82, 255]),
    // D(0.2) = ((3.2 − 12)·0.2 + 4)·0.2 = 0.448; 0.2 + 0.6·0.248 = 0.3488 → 88.94
    row("softLightBlendMode", "#333333", "#CCCCCC", [89, 89, 89, 255]),
    // cb = 0.4 > ¼: D = √0.4 = 0.632456; 0.4 + 0.6·0.232456 = 0.539473 → 137.57
    row("softLightBlendMode", "#666666", "#CCCCCC", [138, 138, 138, 255]),
    row("colorDodgeBlendMode", "#000000", "#FFFFFF", [0, 0, 0, 255]),  // Cb = 0 → 0 first
    row("colorDodgeBlendMode", "#333333", "#FFFFFF", [255, 255, 255, 255]),  // Cs = 1 → 1
    row("colorBurnBlendMode", "#FFFFFF", "#000000", [255, 255, 255, 255]),  // Cb = 1 → 1 first
    row("colorBurnBlendMode", "#CCCCCC", "#000000", [0, 0, 0, 255]),  // Cs = 0 → 0
    // 1 − (1 − 0.6)/0.8 = 0.5 would tie; cb = 0.8, cs = 0.6: 1 − 0.2/0.6 = 0.6667 → 170
    row("colorBurnBlendMode", "#CCCCCC", "#999999", [170, 170, 170, 255]),
    // Non-separable: cb = (0.8, 0.2, 0.2), Lum 0.38, Sat 0.6; cs = (0.2, 0.6, 1), Lum 0.524, Sat 0.8.
    // SetSat(cs, 0.6) = (0, 0.3, 0.6), Lum 0.243; + 0.137 = (0.137, 0.437, 0.737)
    row("hueBlendMode", "#CC3333", "#3399FF", [35, 111, 188, 255]),
    // SetSat(cb, 0.8) = (0.8, 0, 0), Lum 0.24; + 0.14 = (0.94, 0.14, 0.14)
    row("saturationBlendMode", "#CC3333", "#3399FF", [240, 36, 36, 255]),
    row("colorBlendMode", "#CC3333", "#3399FF", [14, 116, 218, 255]),  // cs − 0.144 = (0.056, 0.456, 0.856)
    row("luminosityBlendMode", "#CC3333", "#3399FF", [241, 88, 88, 255]),  // cb + 0.144 = (0.944, 0.344, 0.344)
    // ClipColor above 1: red (Lum 0.3) at Lum 0.8 = (1.5, 0.5, 0.5); l + (c − l)·0.2/0.7 = (1, 0.714286, ·)
    row("colorBlendMode", "#CCCCCC", "#FF0000", [255, 182, 182, 255]),
    // ClipColor below 0: blue (Lum 0.11) at Lum 13/255 = 0.05098: (−0.05902, −0.05902, 0.94098);
    // l + (c − l)·l/(l − n) = (0, 0, 0.463455) → 118.2
    row("colorBlendMode", "#0D0D0D", "#0000FF", [0, 0, 118, 255]),
    // A translucent source (opacity ½): 0.2·0.5·0 + 0.6·0.5 + 0.5·1·0.12 = 0.36 → 91.8
    row("multiplyBlendMode", "#999999", "#333333", 0.5, [92, 92, 92, 255]),
    // A translucent backdrop: #80808066 is stored 51/102 (Cb = ½, αb = 0.4); an opaque 0.2:
    // 0.2·0.6 + 0 + 0.4·(0.5·0.2) = 0.16 → 40.8, α = 1
    row("multiplyBlendMode", "#80808066", "#333333", [41, 41, 41, 255]),
    // Screen of white over it: 0.6 + 0.4·1 = 1 (white), α = 1
    row("screenBlendMode", "#80808066", "#FFFFFF", [255, 255, 255, 255]),
    // XOR of opaque red at opacity 0.6 over opaque 0.4 grey: co = 0.4·(1 − 0.6) = 0.16, α = 0.4
    row("xor", "#666666", "#FF0000", 0.6, [41, 41, 41, 102]),
    row("xor", "#666666", "#FF0000", [0, 0, 0, 0]),  // opaque over opaque: nothing
  ]

  /// The scene of a row: an 8×8 transparent canvas, the backdrop filling
  /// it, the source over it under the filter.
  public static func scene(_ r: Row) -> String {
    """
    {"format": "lamina-scene", "version": 3, "canvas": {"width": 8, "height": 8},
     "layers": [
       {"frame": [0, 0, 8, 8], "backgroundColor": "\(r.backdrop)"},
       {"frame": [0, 0, 8, 8], "backgroundColor": "\(r.source)", "opacity": \(r.opacity),
        "compositingFilter": "\(r.filter)"}]}
    """
  }

  static func plan(_ json: String) throws -> RenderPlan {
    try Scene(jsonData: Array(json.utf8)).renderPlan()
  }

  /// Rows whose centre pixel is more than one level from the hand-worked
  /// bytes, or whose `BlendMode.composite` is.
  public static func closedFormFailures(render: (RenderPlan) throws -> Image) throws -> [String] {
    var failures: [String] = []
    for r in closedForms {
      let image = try render(try plan(scene(r)))
      let i = (4 * image.width + 4) * 4
      let got = (0..<4).map { Int(image.pixels[i + $0]) }
      if zip(got, r.expected).contains(where: { abs($0 - $1) > 1 }) {
        failures.append("\(r): drew \(got), expected \(r.expected)")
      }
    }
    return failures
  }

  // MARK: Relations

  /// A backdrop with every kind of pixel: a gradient, a generated image and
  /// a translucent card, all pixel-aligned; `extra` layers go on top.
  static func backdropScene(_ extra: String, background: String = "#FFFFFF") -> String {
    """
    {"format": "lamina-scene", "version": 3, "canvas": {"width": 64, "height": 48, "background": "\(background)"},
     "layers": [
       {"type": "gradientLayer", "frame": [0, 0, 64, 48], "colors": ["#FF2000", "#2040FF", "#20C040"],
        "startPoint": [0, 0], "endPoint": [1, 1]},
       {"frame": [8, 8, 24, 24], "contents": {"checkerboard": {"size": [24, 24], "cell": 4,
        "colors": ["#F0E0D0", "#102030"]}}, "magnificationFilter": "nearest"},
       {"frame": [30, 4, 28, 36], "backgroundColor": "#FFFF0080", "cornerRadius": 6}\(extra)]}
    """
  }

  /// Pairs of scenes that must draw the same bytes, by name.
  public static let equalPairs: [(name: String, a: String, b: String)] = [
    (
      "normalBlendMode is no filter",
      backdropScene(
        ##", {"frame": [4, 20, 40, 20], "backgroundColor": "#3060FFC0", "cornerRadius": 5, "compositingFilter": "normalBlendMode", "opacity": 0.7}"##),
      backdropScene(##", {"frame": [4, 20, 40, 20], "backgroundColor": "#3060FFC0", "cornerRadius": 5, "opacity": 0.7}"##)
    ),
    (
      "multiply with white changes nothing",
      backdropScene(##", {"frame": [0, 0, 64, 48], "backgroundColor": "#FFFFFF", "compositingFilter": "multiplyBlendMode"}"##),
      backdropScene("")
    ),
    (
      "screen with black changes nothing",
      backdropScene(##", {"frame": [0, 0, 64, 48], "backgroundColor": "#000000", "compositingFilter": "screenBlendMode"}"##),
      backdropScene("")
    ),
    (
      "a blend inside an isolated group does not see outside it",
      backdropScene(
        ##", {"frame": [4, 4, 56, 40], "opacity": 0.6, "sublayers": [{"frame": [2, 2, 30, 30], "backgroundColor": "#80FF40", "cornerRadius": 7, "compositingFilter": "differenceBlendMode"}]}"##
      ),
      backdropScene(
        ##", {"frame": [4, 4, 56, 40], "opacity": 0.6, "sublayers": [{"frame": [2, 2, 30, 30], "backgroundColor": "#80FF40", "cornerRadius": 7}]}"##
      )
    ),
  ]

  /// Names of the relations that fail: `equalPairs` not byte-identical, a
  /// difference of an image with itself not black, an inverted matte
  /// showing inside its shape or hiding outside it.
  public static func relationFailures(render: (RenderPlan) throws -> Image) throws -> [String] {
    var failures: [String] = []
    let plain = try render(try plan(backdropScene("")))
    for pair in equalPairs {
      let a = try render(try plan(pair.a)), b = try render(try plan(pair.b))
      if a.pixels != b.pixels {
        let most = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        failures.append("\(pair.name): differs (\(most) levels at most)")
      }
      if a.pixels == plain.pixels, pair.name.hasPrefix("a blend inside") {
        failures.append("\(pair.name): the group drew nothing")
      }
    }
    // Difference of an image with itself, over itself: black where it is opaque.
    let image = ##"{"checkerboard": {"size": [16, 16], "cell": 2, "colors": ["#F08020", "#2050A0"]}}"##
    let selfDifference = try render(
      try plan(
        """
        {"format": "lamina-scene", "version": 3, "canvas": {"width": 24, "height": 24, "background": "#FFFFFF"},
         "layers": [
           {"frame": [4, 4, 16, 16], "contents": \(image), "magnificationFilter": "nearest"},
           {"frame": [4, 4, 16, 16], "contents": \(image), "magnificationFilter": "nearest",
            "compositingFilter": "differenceBlendMode"}]}
        """))
    for y in 4..<20 {
      for x in 4..<20 {
        let i = (y * 24 + x) * 4
        if Array(selfDifference.pixels[i..<(i + 3)]) != [0, 0, 0] {
          failures.append("difference with itself: pixel (\(x), \(y)) is \(Array(selfDifference.pixels[i..<(i + 4)]))")
          break
        }
      }
    }
    if Array(selfDifference.pixels[0..<4]) != [255, 255, 255, 255] {
      failures.append("difference with itself: the white outside changed")
    }
    // lottie-ios's inverted matte: the mask is an opaque black layer with
    // the matte shape XOR'd in; the layer shows only outside the shape.
    let matte = try render(
      try plan(
        """
        {"format": "lamina-scene", "version": 3, "canvas": {"width": 40, "height": 40},
         "layers": [{"frame": [0, 0, 40, 40], "backgroundColor": "#2080FF",
           "mask": {"frame": [-1e7, -1e7, 2e7, 2e7], "backgroundColor": "#000000", "sublayers": [
             {"type": "shapeLayer", "frame": [10000000, 10000000, 40, 40], "path": {"ellipse": [10, 10, 20, 20]},
              "fillColor": "#000000", "compositingFilter": "xor"}]}}]}
        """))
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(matte.pixels[((y * 40 + x) * 4)..<((y * 40 + x) * 4 + 4)]) }
    if pixel(20, 20) != [0, 0, 0, 0] { failures.append("inverted matte: the shape's centre shows \(pixel(20, 20))") }
    if pixel(2, 2) != [32, 128, 255, 255] { failures.append("inverted matte: outside the shape shows \(pixel(2, 2))") }
    return failures
  }

  // MARK: One shape blended directly

  /// Every mode's card (rounded, translucent, faded, off the pixel grid)
  /// over `backdropScene`, drawn as the lowering draws a blended layer of
  /// one shape (the shape with the mode: no group) and, with a mask that
  /// covers it everywhere, as a group composited with the mode: the
  /// blend is linear in the source's alpha, so the two differ only by the
  /// group's rounding of its premultiplied colour to 8 bits.
  public static func directShapeScenes(masked: Bool, filtered: Bool = true) -> String {
    var cards = ""
    let modes = BlendMode.allCases.filter { $0 != .normal }
    for (i, mode) in modes.enumerated() {
      let x = 1.3 + Double(i % 6) * 10.2, y = 1.6 + Double(i / 6) * 14.1
      let colour = ["#E04080", "#40E0A0C0", "#F0F02080"][i % 3]
      let mask = masked ? ##", "mask": {"frame": [-2, -2, 18, 18], "backgroundColor": "#000000"}"## : ""
      let filter = filtered ? ", \"compositingFilter\": \"\(mode.rawValue)\"" : ""
      cards += ", {\"frame\": [\(x), \(y), 12.5, 11.7], \"backgroundColor\": \"\(colour)\", \"cornerRadius\": 3.5, "
        + "\"opacity\": \(i % 4 == 3 ? 0.6 : 0.9)\(filter)\(mask)}"
    }
    return backdropScene(cards)
  }

  /// The direct draw against the group (`groupRounding`), and, so the check
  /// can fail, the group against the cards without filters (which must
  /// break it). Messages of what failed.
  public static func directShapeFailures(render: (RenderPlan) throws -> Image) throws -> [String] {
    let directPlan = try plan(directShapeScenes(masked: false)), groupPlan = try plan(directShapeScenes(masked: true))
    var out: [String] = []
    if directPlan.surfaces.count != 1 { out.append("the direct cards opened \(directPlan.surfaces.count - 1) groups") }
    if groupPlan.surfaces.count < 16 { out.append("the masked cards opened only \(groupPlan.surfaces.count - 1) groups") }
    let direct = try render(directPlan), group = try render(groupPlan)
    let unblended = try render(try plan(directShapeScenes(masked: true, filtered: false)))
    if let why = ImageExpectation.check(direct, against: group, tolerance: .groupRounding, name: "blend/direct-shape") {
      out.append(why)
    }
    // What groupRounding must refuse: the cards unblended, a blank image,
    // the group a pixel to the right, and tinted by 3 levels of red.
    let w = group.width, pixels = group.pixels
    let shifted = (0..<pixels.count).map { i in i / 4 % w == 0 ? pixels[i] : pixels[i - 4] }
    let tinted = pixels.enumerated().map { i, v in i % 4 == 0 ? UInt8(min(255, Int(v) + 3)) : v }
    let wrong: [(String, Image)] = [
      ("the cards without filters", unblended),
      ("a blank image", Image(width: w, height: group.height, premultipliedPixels: [UInt8](repeating: 0, count: pixels.count))),
      ("the group shifted by a pixel", Image(width: w, height: group.height, premultipliedPixels: shifted)),
      ("the group tinted", Image(width: w, height: group.height, premultipliedPixels: tinted)),
    ]
    for (what, image) in wrong
    where ImageExpectation.check(image, against: group, tolerance: .groupRounding, name: "blend/wrong") == nil {
      out.append("\(what) passes groupRounding against the blended group: the check cannot fail")
    }
    return out
  }

  // MARK: Scenes both backends must draw alike

  /// Blends in the places a filter can stand, by name: every mode over a
  /// gradient and an image at once, under a 3D turn, inside a 3D-sorted
  /// context (its cut fragments blend one by one), on a mask, inside a
  /// faded and a masked group, with a content shadow, on a rasterized
  /// layer, and on a layer of zero size.
  public static let parityScenes: [(name: String, json: String)] = {
    var out: [(String, String)] = []
    let modes = BlendMode.allCases.filter { $0 != .normal }
    var cards = ""
    for (i, mode) in modes.enumerated() {
      let x = 2 + (i % 6) * 10, y = 2 + (i / 6) * 14
      let colour = ["#E04080", "#40E0A0C0", "#F0F020"][i % 3]
      let opacity = i % 4 == 3 ? 0.6 : 1
      cards += ", {\"frame\": [\(x), \(y), 12, 12], \"backgroundColor\": \"\(colour)\", \"cornerRadius\": 3, "
        + "\"opacity\": \(opacity), \"compositingFilter\": \"\(mode.rawValue)\"}"
    }
    out.append(("every mode", backdropScene(cards)))
    out.append((
      "under perspective",
      backdropScene(
        ##", {"frame": [10, 6, 40, 34], "backgroundColor": "#FF8020", "cornerRadius": 6, "transform": "perspective(80px) rotateY(35deg)", "compositingFilter": "colorBurnBlendMode"}"##
      )
    ))
    out.append((
      "in a 3D-sorted context",
      backdropScene(
        ##", {"type": "transformLayer", "frame": [0, 0, 64, 48], "sublayerTransform": "perspective(200px)", "sublayers": [{"frame": [8, 8, 48, 32], "backgroundColor": "#20A0FF", "transform": "rotateY(40deg)"}, {"frame": [8, 8, 48, 32], "backgroundColor": "#FF4020", "transform": "rotateY(-40deg)", "compositingFilter": "differenceBlendMode"}]}"##
      )
    ))
    out.append((
      "on a mask and inside a masked and a faded group",
      backdropScene(
        ##", {"frame": [4, 4, 56, 40], "opacity": 0.7, "sublayers": [{"frame": [0, 0, 40, 40], "backgroundColor": "#80FF40", "compositingFilter": "overlayBlendMode", "mask": {"frame": [0, 0, 40, 40], "backgroundColor": "#000000C0", "compositingFilter": "luminosityBlendMode", "cornerRadius": 12}}, {"frame": [20, 10, 30, 26], "backgroundColor": "#4020FF", "compositingFilter": "hueBlendMode"}]}"##
      )
    ))
    out.append((
      "with a content shadow, rasterized, and of zero size",
      backdropScene(
        ##", {"frame": [6, 6, 24, 20], "backgroundColor": "#FFFFFF80", "shadowOpacity": 0.8, "shadowRadius": 3, "shadowOffset": [3, 3], "sublayers": [{"frame": [4, 4, 10, 10], "backgroundColor": "#FF0000"}], "compositingFilter": "softLightBlendMode"}, {"frame": [34, 20, 24, 20], "backgroundColor": "#00FFFF", "shouldRasterize": true, "rasterizationScale": 2, "cornerRadius": 8, "compositingFilter": "exclusionBlendMode"}, {"frame": [40, 10, 0, 0], "backgroundColor": "#00FF00", "compositingFilter": "screenBlendMode", "sublayers": [{"frame": [0, 0, 10, 10], "backgroundColor": "#FF00FF"}]}"##
      )
    ))
    return out
  }()

  /// Parity scenes whose render shows no blend at all (the same bytes as
  /// the scene with every filter taken out): a check that could not fail
  /// would pass those.
  public static func parityScenesThatDoNotBlend(render: (RenderPlan) throws -> Image) throws -> [String] {
    var out: [String] = []
    for (name, json) in parityScenes {
      var plain = json
      for mode in BlendMode.allCases {
        plain = plain.replacingOccurrences(of: ", \"compositingFilter\": \"\(mode.rawValue)\"", with: "")
      }
      if try render(try plan(json)).pixels == render(try plan(plain)).pixels { out.append(name) }
    }
    return out
  }

  /// The plan of a parity scene.
  public static func parityPlan(_ json: String) throws -> RenderPlan { try plan(json) }
}
