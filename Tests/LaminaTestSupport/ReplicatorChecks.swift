// Replicator layers against truths from outside the replicator code, for
// any renderer (LaminaCPU's ReplicatorTests and LaminaGL's
// ReplicatorGLTests run the same checks):
//   - pairs of scenes that must draw the same bytes: a replicator and the
//     same tree written out by hand (one copy is its sublayers; n copies
//     under a whole-point translation are n explicit copies in transform
//     layers whose opacity is the copy's instance alpha, their colours
//     multiplied by hand; preservesDepth true is that under a transform
//     layer, false under a plain layer). Whole-point translations keep the
//     matrices exact, so the plans are equal and 0 levels is the tolerance;
//   - probes whose colour follows from the format's definition alone:
//     instance colour + k × offsets, clamped, times the layer's colour (or
//     texel), composited over an opaque canvas; GradientChecks' probes and
//     tolerance (1 level: the exact value is rounded once to 8 bits).
// A blank, shifted or untinted image misses the probes by tens of levels.
import Foundation
import Lamina

public enum ReplicatorChecks {
  /// A scene from JSON text (the checks' scenes are all valid).
  public static func scene(_ text: String) -> Scene {
    // swift-format-ignore: the texts below are constant and valid.
    try! Scene(jsonData: Array(text.utf8))
  }

  /// Two scenes that must render the same bytes.
  public struct Pair {
    public let name: String
    public let replicated: Scene
    public let explicit: Scene
  }

  static func document(_ layers: String, width: Int = 160, height: Int = 100) -> String {
    ##"{ "canvas": { "width": \##(width), "height": \##(height), "background": "#FFFFFF" }, "layers": [\##(layers)] }"##
  }

  /// Sublayers with a background, border, closed-form and content shadows,
  /// a gradient and contents: everything a copy's colour multiplies.
  static let sublayers = ##"""
    { "frame": [4, 6, 30, 24], "backgroundColor": "#FF8040", "cornerRadius": 6, "borderWidth": 2,
      "borderColor": "#2060C0", "shadowOpacity": 0.6, "shadowOffset": [2, 3], "shadowRadius": 2 },
    { "type": "gradientLayer", "frame": [10, 36, 24, 20], "colors": ["#30C050", "#C030A0"],
      "gradientType": "radial", "startPoint": [0.5, 0.5], "endPoint": [1, 1], "cornerRadius": 4 },
    { "frame": [6, 60, 20, 16], "contents": {"checkerboard": {"size": [8, 8], "cell": 2,
      "colors": ["#FFD000", "#4040FF"]}}, "magnificationFilter": "nearest",
      "sublayers": [ { "frame": [12, 4, 10, 10], "backgroundColor": "#80FF0080",
        "shadowOpacity": 1, "shadowRadius": 1.5, "shadowOffset": [1, 1] } ] }
    """##

  /// The instance colour of copy k (as the format defines it, by hand).
  static func copyColor(_ base: [Double], _ offsets: [Double], _ k: Int) -> [Double] {
    zip(base, offsets).map { min(max($0 + Double(k) * $1, 0), 1) }
  }

  static func hex(_ c: [Double]) -> String {
    "[" + c.map { String($0) }.joined(separator: ", ") + "]"
  }

  /// `sublayers` with every colour multiplied by `m` (red, green, blue);
  /// contents cannot be multiplied by hand, so a pair using this has none.
  static func colouredSublayers(_ m: [Double]) -> String {
    func times(_ c: [Double]) -> String { hex([c[0] * m[0], c[1] * m[1], c[2] * m[2], c[3]]) }
    let orange = [1.0, 128.0 / 255, 64.0 / 255, 1], blue = [32.0 / 255, 96.0 / 255, 192.0 / 255, 1]
    let green = [48.0 / 255, 192.0 / 255, 80.0 / 255, 1], purple = [192.0 / 255, 48.0 / 255, 160.0 / 255, 1]
    return ##"""
      { "frame": [4, 6, 30, 24], "backgroundColor": \##(times(orange)), "cornerRadius": 6, "borderWidth": 2,
        "borderColor": \##(times(blue)), "shadowOpacity": 0.6, "shadowOffset": [2, 3], "shadowRadius": 2,
        "shadowColor": \##(times([0, 0, 0, 1])) },
      { "type": "gradientLayer", "frame": [10, 36, 24, 20], "colors": [\##(times(green)), \##(times(purple))],
        "gradientType": "radial", "startPoint": [0.5, 0.5], "endPoint": [1, 1], "cornerRadius": 4 }
      """##
  }

  /// The sublayers without contents (the replicated side of `colouredSublayers`).
  static let plainSublayers = colouredSublayers([1, 1, 1])

  /// Made afresh on each use (layers are objects a test may change).
  public static var pairs: [Pair] {
    var out: [Pair] = []
    // One copy of the defaults is the sublayers themselves, contents included.
    out.append(
      Pair(
        name: "one copy is its sublayers",
        replicated: scene(document(##"{ "type": "replicatorLayer", "frame": [10, 8, 60, 84], "backgroundColor": "#EEE", "sublayers": [\##(sublayers)] }"##)),
        explicit: scene(document(##"{ "frame": [10, 8, 60, 84], "backgroundColor": "#EEE", "sublayers": [\##(sublayers)] }"##))))
    // Four copies moved by whole points, tinted and faded.
    let base = [0.9, 1.0, 0.6, 1.0], offsets = [-0.2, -0.1, 0.3, -0.2]
    var copies: [String] = []
    for k in 0..<4 {
      let c = copyColor(base, offsets, k)
      copies.append(
        ##"{ "type": "transformLayer", "frame": [0, 0, 160, 100], "opacity": \##(c[3]), "transform": "translate(\##(36 * k)px, \##(2 * k)px)", "sublayers": [\##(colouredSublayers(c))] }"##
      )
    }
    let keys = ##""instanceColor": \##(hex(base)), "instanceRedOffset": -0.2, "instanceGreenOffset": -0.1, "instanceBlueOffset": 0.3, "instanceAlphaOffset": -0.2"##
    out.append(
      Pair(
        name: "translated copies are explicit copies",
        replicated: scene(document(##"{ "type": "replicatorLayer", "frame": [0, 0, 160, 100], "instanceCount": 4, "instanceTransform": "translate(36px, 2px)", \##(keys), "sublayers": [\##(plainSublayers)] }"##)),
        explicit: scene(document(##"{ "frame": [0, 0, 160, 100], "sublayers": [\##(copies.joined(separator: ", "))] }"##))))
    // In 3D: a turned replicator under perspective whose copies step in z.
    let bar = ##"{ "frame": [50, 20, 40, 60], "backgroundColor": "#3080F0", "borderWidth": 2, "borderColor": "#102040" }"##
    func turned(_ type: String, _ extra: String, _ subs: String) -> String {
      ##"{ "frame": [0, 0, 160, 100], "sublayerTransform": "perspective(300)", "sublayers": [ { "type": "\##(type)", "frame": [0, 0, 160, 100], "transform": "rotateY(55deg)", \##(extra) "sublayers": [\##(subs)] } ] }"##
    }
    var zCopies: [String] = []
    for k in 0..<3 {
      let c = copyColor([1, 1, 1, 1], [-0.3, 0, 0, 0], k)
      zCopies.append(
        ##"{ "type": "transformLayer", "frame": [0, 0, 160, 100], "transform": "translate3d(\##(12 * k)px, 0, \##(-30 * k)px)", "sublayers": [ { "frame": [50, 20, 40, 60], "backgroundColor": \##(hex([c[0] * (48.0 / 255), 128.0 / 255, 240.0 / 255, 1])), "borderWidth": 2, "borderColor": \##(hex([c[0] * (16.0 / 255), 32.0 / 255, 64.0 / 255, 1])) } ] }"##
      )
    }
    let zKeys = ##""instanceCount": 3, "instanceTransform": "translate3d(12px, 0, -30px)", "instanceRedOffset": -0.3,"##
    for preserves in [true, false] {
      out.append(
        Pair(
          name: "preservesDepth \(preserves) in 3D",
          replicated: scene(document(turned("replicatorLayer", zKeys + ##" "preservesDepth": \##(preserves),"##, bar))),
          explicit: scene(document(turned(preserves ? "transformLayer" : "layer", "", zCopies.joined(separator: ", "))))))
    }
    return out
  }

  // MARK: Probes

  /// GradientChecks' probes: a pixel and its exact value, 1 level of
  /// tolerance (`GradientChecks.levels`: one rounding to 8 bits).
  public typealias Probe = GradientChecks.Probe
  public typealias Case = GradientChecks.Case

  /// Over an opaque white canvas: `colour` (straight, 0…1) faded by `alpha`.
  static func over(_ rgb: [Double], _ alpha: Double) -> [Double] {
    rgb.map { ($0 * alpha + (1 - alpha)) * 255 } + [255]
  }

  public static var cases: [Case] {
    var out: [Case] = []
    // Five opaque squares side by side; the instance colour steps and clamps.
    let base = [0.8, 0.6, 1.0, 1.0], offsets = [-0.3, 0.25, -0.1, -0.22]
    let square = [1.0, 0.5, 0.25]
    var probes: [Probe] = []
    for k in 0..<5 {
      let c = copyColor(base, offsets, k)
      probes.append(
        Probe(x: 10 + 30 * k + 10, y: 20, expected: over(zip(square, c).map { $0 * $1 }, c[3]), what: "copy \(k)"))
    }
    probes.append(Probe(x: 10 + 30 * 5 + 10, y: 20, expected: [255, 255, 255, 255], what: "no copy 5"))
    out.append(
      Case(
        name: "instance colours step and clamp",
        scene: scene(document(
          ##"{ "type": "replicatorLayer", "frame": [10, 10, 20, 20], "instanceCount": 5, "instanceTransform": "translateX(30px)", "instanceColor": \##(hex(base)), "instanceRedOffset": -0.3, "instanceGreenOffset": 0.25, "instanceBlueOffset": -0.1, "instanceAlphaOffset": -0.22, "sublayers": [ { "frame": [0, 0, 20, 20], "backgroundColor": [1, 0.5, 0.25, 1] } ] }"##,
          width: 200, height: 40)),
        probes: probes))
    // Contents: each texel × the copy's colour (nearest, 1:1, so texels are exact).
    let yellow = [1.0, 208.0 / 255, 0], blue = [64.0 / 255, 64.0 / 255, 1.0]
    var texels: [Probe] = []
    for k in 0..<3 {
      let c = copyColor([1, 0.5, 0.8, 1], [-0.4, 0.2, 0, 0], k)
      for (dx, colour, name) in [(1, yellow, "yellow"), (5, blue, "blue")] {
        texels.append(
          Probe(x: 10 + 20 * k + dx, y: 11, expected: over(zip(colour, c).map { $0 * $1 }, 1), what: "copy \(k) \(name) texel"))
      }
    }
    out.append(
      Case(
        name: "contents are tinted",
        scene: scene(document(
          ##"{ "type": "replicatorLayer", "frame": [10, 10, 8, 8], "instanceCount": 3, "instanceTransform": "translateX(20px)", "instanceColor": [1, 0.5, 0.8, 1], "instanceRedOffset": -0.4, "instanceGreenOffset": 0.2, "sublayers": [ { "frame": [0, 0, 8, 8], "contents": {"checkerboard": {"size": [8, 8], "cell": 4, "colors": ["#FFD000", "#4040FF"]}}, "magnificationFilter": "nearest", "minificationFilter": "nearest" } ] }"##,
          width: 80, height: 30)),
        probes: texels))
    // Nested replicators multiply: a 3 × 2 grid, red steps across, blue down.
    var grid: [Probe] = []
    for row in 0..<2 {
      for col in 0..<3 {
        let m = [1 - 0.3 * Double(col), 1, 1 - 0.4 * Double(row)]
        grid.append(
          Probe(x: 15 + 25 * col, y: 15 + 25 * row, expected: over(zip([0.9, 0.8, 1.0], m).map { $0 * $1 }, 1), what: "cell \(col), \(row)"))
      }
    }
    out.append(
      Case(
        name: "nested replicators multiply",
        scene: scene(document(
          ##"{ "type": "replicatorLayer", "frame": [0, 0, 100, 60], "instanceCount": 2, "instanceTransform": "translateY(25px)", "instanceBlueOffset": -0.4, "sublayers": [ { "type": "replicatorLayer", "frame": [0, 0, 100, 60], "instanceCount": 3, "instanceTransform": "translateX(25px)", "instanceRedOffset": -0.3, "sublayers": [ { "frame": [5, 5, 20, 20], "backgroundColor": [0.9, 0.8, 1, 1] } ] } ] }"##,
          width: 100, height: 60)),
        probes: grid))
    // No copies: the replicator's own background only.
    out.append(
      Case(
        name: "instanceCount 0 draws its background only",
        scene: scene(document(
          ##"{ "type": "replicatorLayer", "frame": [10, 10, 40, 20], "backgroundColor": "#00FF00", "instanceCount": 0, "sublayers": [ { "frame": [0, 0, 20, 20], "backgroundColor": "#FF0000" } ] }"##,
          width: 60, height: 40)),
        probes: [
          Probe(x: 15, y: 20, expected: [0, 255, 0, 255], what: "background, no copy 0"),
          Probe(x: 55, y: 35, expected: [255, 255, 255, 255], what: "canvas"),
        ]))
    return out
  }

  /// The probes `image` misses, as messages.
  public static func failures(of c: Case, in image: Image) -> [String] {
    GradientChecks.failures(of: c, in: image)
  }
}
