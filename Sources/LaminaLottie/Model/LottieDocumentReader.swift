// LottieDocumentReader: a whole Lottie document into the model: the root
// composition's size, frames and layers, the assets (precomps and
// images), the fonts. Limits guard the readers against hostile input:
// the JSON nesting depth is the parser's (256), and the counts here.

import Lamina

/// The parsed document.
struct LottieDocument {
  /// The root composition's size (`w`, `h`).
  var size: CGSize
  var frameRate: Double
  var inFrame: Double
  var outFrame: Double
  var layers: [LottieLayerModel]
  var assets: [String: LottieAsset]
  var fonts: [String: LottieFont]
  var report: LottieReport
}

/// Limits on what a document may hold, so hostile input fails fast.
public struct LottieLimits: Sendable {
  /// Frames from `ip` to `op`.
  public var maxFrames: Double = 1_000_000
  /// Keyframes in the whole document.
  public var maxKeyframes = 2_000_000
  /// Precomps nested inside each other.
  public var maxPrecompDepth = 64
  /// Layers built in the whole tree (precomps count once per use).
  public var maxLayers = 200_000
  /// Bytes a `.lottie` archive may inflate to, all its entries together
  /// (no entry more than 256 MiB). A server lowers it to what it budgets
  /// for one request.
  public var maxArchiveBytes = 512 << 20
  /// Default limits.
  public static let `default` = LottieLimits()
}

enum LottieDocumentReader {
  static func read(_ root: LottieNode, limits: LottieLimits) throws(LottieError) -> LottieDocument {
    guard root.isObject else { throw root.error("a Lottie document must be a JSON object, got \(root.value.kindDescription)") }
    let report = LottieReport()
    let w = try root.require("w").number(), h = try root.require("h").number()
    guard w > 0, h > 0, w <= 100_000, h <= 100_000 else {
      throw root.error("the composition's size must be in 1…100000, got \(w)×\(h)")
    }
    let fr = try root.require("fr").number()
    guard fr > 0, fr <= 1000 else { throw root["fr"]!.error("the frame rate must be in (0, 1000], got \(fr)") }
    let ip = try root.require("ip").number(), op = try root.require("op").number()
    guard op > ip else { throw root["op"]!.error("the out point (\(op)) must be after the in point (\(ip))") }
    guard op - ip <= limits.maxFrames else {
      throw root["op"]!.error("the animation is \(op - ip) frames long; at most \(Int(limits.maxFrames)) are allowed")
    }
    var assets: [String: LottieAsset] = [:]
    if let list = root["assets"] {
      for a in try list.elements() {
        guard let id = try a.string("id") else { continue }
        if let layers = a["layers"] {
          assets[id] = .precomp(layers: try readLayers(layers, report), node: a)
        } else if let p = try a.string("p") {
          assets[id] = .image(
            LottieImageAsset(
              size: CGSize(width: try a.number("w", default: 0), height: try a.number("h", default: 0)),
              directory: try a.string("u") ?? "", file: p, embedded: try a["e"]?.bool() ?? p.hasPrefix("data:"),
              node: a))
        }
      }
    }
    var fonts: [String: LottieFont] = [:]
    if let list = root["fonts"]?["list"] {
      for f in try list.elements() {
        let name = try f.string("fName") ?? ""
        fonts[name] = LottieFont(name: name, family: try f.string("fFamily") ?? name, style: try f.string("fStyle") ?? "")
      }
    }
    let layers = try readLayers(try root.require("layers"), report)
    let doc = LottieDocument(
      size: CGSize(width: w, height: h), frameRate: fr, inFrame: ip, outFrame: op, layers: layers, assets: assets, fonts: fonts,
      report: report)
    return doc
  }

  static func readLayers(_ node: LottieNode, _ report: LottieReport) throws(LottieError) -> [LottieLayerModel] {
    try node.elements().map { l throws(LottieError) in try readLayer(l, report) }
  }

  static func readLayer(_ l: LottieNode, _ report: LottieReport) throws(LottieError) -> LottieLayerModel {
    guard l.isObject else { throw l.error("a layer must be an object") }
    let ty = Int(try l.number("ty", default: -1))
    let kind = LottieLayerModel.Kind(rawValue: ty)
    if kind == nil { report.note(l, "layer type \(ty) (not drawn, as lottie-ios)") }
    let transform = try l["ks"].map { n throws(LottieError) in try LottieTransform(n, report) } ?? LottieTransform()
    var masks: [LottieMask] = []
    if let list = l["masksProperties"] {
      for m in try list.elements() {
        let modeString = try m.string("mode") ?? "a"
        guard let mode = LottieMask.Mode(rawValue: modeString) else {
          throw m["mode"]!.error("unknown mask mode \"\(modeString)\" (a, s, i, l, d, f or n)")
        }
        if mode == .lighten || mode == .darken || mode == .difference {
          report.note(m, "mask mode \"\(modeString)\" (drawn as add, as lottie-ios)")
        }
        let expansion = try m.scalar("x", report, default: 0)
        if expansion.keyframes.contains(where: { $0.value != 0 }) {
          report.note(m, "mask expansion (ignored, as lottie-ios)")
        }
        masks.append(
          LottieMask(
            mode: mode,
            shape: try m.require("pt").keyframes(report) { v throws(LottieError) in try v.bezier() },
            inverted: try m["inv"]?.bool() ?? false, opacity: try m.scalar("o", report, default: 100),
            expansion: expansion))
      }
    }
    var shadow: LottieShadow?
    if let ef = l["ef"], case .array(let items) = ef.value.kind, !items.isEmpty {
      for e in try ef.elements() {
        let ty = Int(try e.number("ty", default: -1))
        if ty == 25 {
          if shadow == nil { shadow = try dropShadowEffect(e, report) }
        } else {
          report.note(e, "effect \(Excerpt.quoted(try e.string("nm") ?? "type \(ty)")) (not drawn, as lottie-ios)")
        }
      }
    }
    if let sy = l["sy"], case .array(let items) = sy.value.kind, !items.isEmpty {
      for st in try sy.elements() {
        if Int(try st.number("ty", default: -1)) == 1 {
          if shadow == nil {
            shadow = LottieShadow(
              opacity: try st.scalar("o", report, default: 100), color: try st.color("c", report, default: [0, 0, 0, 1]),
              radius: try st.scalar("s", report, default: 0).map { v throws(LottieError) in v / 2 },
              angle: try st.scalar("a", report, default: 0), distance: try st.scalar("d", report, default: 0))
          }
        } else {
          report.note(st, "layer style \(Excerpt.quoted(try st.string("nm") ?? "")) (not drawn, as lottie-ios)")
        }
      }
    }
    var shapes: [LottieShapeItem] = []
    if kind == .shape, let list = l["shapes"] { shapes = try readShapes(list, report) }
    var text: LottieText?
    if kind == .text, let t = l["t"] { text = try readText(t, report) }
    let tt = Int(try l.number("tt", default: 0))
    if tt == 3 || tt == 4 { report.note(l["tt"]!, "luma matte (lottie-ios's Core Animation engine draws the layer unmasked)") }
    if try l["ao"]?.bool() == true { report.note(l["ao"]!, "auto-orient (ignored, as lottie-ios)") }
    return LottieLayerModel(
      kind: kind, name: try l.string("nm") ?? "", index: try l["ind"].map { n throws(LottieError) in Int(try n.number()) },
      parent: try l["parent"].map { n throws(LottieError) in Int(try n.number()) },
      timing: LottieLayerTiming(
        inFrame: try l.number("ip", default: 0), outFrame: try l.number("op", default: 0),
        startTime: try l.number("st", default: 0), timeStretch: try l.number("sr", default: 1),
        timeRemap: try l["tm"].map { n throws(LottieError) in try n.keyframes(report) { v throws(LottieError) in try v.number() } }),
      transform: transform,
      matte: tt, masks: masks, blendMode: Int(try l.number("bm", default: 0)), hidden: try l["hd"]?.bool() ?? false,
      referenceID: try l.string("refId"),
      size: CGSize(
        width: try l.number(kind == .solid ? "sw" : "w", default: 0), height: try l.number(kind == .solid ? "sh" : "h", default: 0)),
      solidColor: try l.string("sc") ?? "#000000", shapes: shapes, text: text, shadow: shadow, node: l)
  }

  /// The drop shadow effect's named values, as lottie-ios converts them:
  /// opacity 0…255 to percent, direction − 90°, softness / 5 as the radius.
  static func dropShadowEffect(_ e: LottieNode, _ report: LottieReport) throws(LottieError) -> LottieShadow {
    var out = LottieShadow()
    for v in try e["ef"]?.elements() ?? [] {
      guard let name = try v.string("nm"), let value = v["v"] else { continue }
      switch name {
      case "Shadow Color": out.color = try value.keyframes(report) { n throws(LottieError) in try n.colorValue() }
      case "Opacity": out.opacity = try value.keyframes(report) { n throws(LottieError) in try n.number() / 255 * 100 }
      case "Direction": out.angle = try value.keyframes(report) { n throws(LottieError) in try n.number() - 90 }
      case "Distance": out.distance = try value.keyframes(report) { n throws(LottieError) in try n.number() }
      case "Softness": out.radius = try value.keyframes(report) { n throws(LottieError) in try n.number() / 5 }
      default: break
      }
    }
    return out
  }

  static func readShapes(_ node: LottieNode, _ report: LottieReport) throws(LottieError) -> [LottieShapeItem] {
    try node.elements().map { s throws(LottieError) in try readShape(s, report) }
  }

  static func readShape(_ s: LottieNode, _ report: LottieReport) throws(LottieError) -> LottieShapeItem {
    guard s.isObject else { throw s.error("a shape item must be an object") }
    let ty = try s.string("ty") ?? ""
    let kind: LottieShapeItem.Kind
    switch ty {
    case "gr": kind = .group(try s["it"].map { n throws(LottieError) in try readShapes(n, report) } ?? [])
    case "rc":
      kind = .rectangle(
        position: try s.vector("p", report, default: [0, 0]), size: try s.vector("s", report, default: [0, 0]),
        roundness: try s.scalar("r", report, default: 0))
    case "el": kind = .ellipse(position: try s.vector("p", report, default: [0, 0]), size: try s.vector("s", report, default: [0, 0]))
    case "sr":
      kind = .star(
        LottieStar(
          isPolygon: try s.number("sy", default: 1) == 2, position: try s.vector("p", report, default: [0, 0]),
          outerRadius: try s.scalar("or", report, default: 0), outerRoundness: try s.scalar("os", report, default: 0),
          innerRadius: try s.scalar("ir", report, default: 0), innerRoundness: try s.scalar("is", report, default: 0),
          rotation: try s.scalar("r", report, default: 0), points: try s.scalar("pt", report, default: 5)))
    case "sh": kind = .path(try s.require("ks").keyframes(report) { v throws(LottieError) in try v.bezier() })
    case "fl":
      kind = .fill(
        color: try s.color("c", report, default: [0, 0, 0, 1]), opacity: try s.scalar("o", report, default: 100),
        evenOdd: try s.number("r", default: 1) == 2)
    case "st":
      kind = .stroke(color: try s.color("c", report, default: [0, 0, 0, 1]), opacity: try s.scalar("o", report, default: 100), style: try strokeStyle(s, report))
    case "gf": kind = .gradientFill(try gradient(s, report))
    case "gs": kind = .gradientStroke(try gradient(s, report), try strokeStyle(s, report))
    case "tr": kind = .transform(try LottieTransform(s, report))
    case "tm":
      kind = .trim(
        start: try s.scalar("s", report, default: 0), end: try s.scalar("e", report, default: 100),
        offset: try s.scalar("o", report, default: 0))
      if try s.number("m", default: 1) == 2 { report.note(s, "trim paths individually (trimmed simultaneously)") }
    case "rp":
      let tr = s["tr"]
      kind = .repeater(
        LottieRepeater(
          copies: try s.scalar("c", report, default: 0), offset: try s.scalar("o", report, default: 0),
          transform: try tr.map { n throws(LottieError) in try LottieTransform(n, report) } ?? LottieTransform(),
          startOpacity: try tr?.scalar("so", report, default: 100) ?? LottieKeyframes(100),
          endOpacity: try tr?.scalar("eo", report, default: 100) ?? LottieKeyframes(100)))
    case "rd": kind = .roundedCorners(try s.scalar("r", report, default: 0))
    case "mm":
      kind = .merge
      report.note(s, "merge paths (not drawn, as lottie-ios)")
    default:
      kind = .unknown(ty)
      report.note(s, "shape item \(Excerpt.quoted(ty)) (not drawn)")
    }
    return LottieShapeItem(
      kind: kind, name: try s.string("nm") ?? "", hidden: try s["hd"]?.bool() ?? false,
      reversed: ty != "st" && ty != "gs" && (try? s.number("d", default: 1)) == 3, node: s)
  }

  static func strokeStyle(_ s: LottieNode, _ report: LottieReport) throws(LottieError) -> LottieStrokeStyle {
    var dashes: [LottieDash] = []
    if let d = s["d"] {
      for e in try d.elements() {
        dashes.append(LottieDash(kind: try e.string("n") ?? "d", value: try e.scalar("v", report, default: 0)))
      }
    }
    return LottieStrokeStyle(
      width: try s.scalar("w", report, default: 0), cap: Int(try s.number("lc", default: 2)),
      join: Int(try s.number("lj", default: 2)), miterLimit: try s.number("ml", default: 4), dashes: dashes)
  }

  static func gradient(_ s: LottieNode, _ report: LottieReport) throws(LottieError) -> LottieGradient {
    let g = try s.require("g")
    let p = Int(try g.require("p").number())
    guard p >= 1, p <= 10_000 else { throw g["p"]!.error("a gradient needs 1…10000 colour stops, got \(p)") }
    let stops = try g.require("k").keyframes(report) { v throws(LottieError) in
      let x = try v.numbers()
      guard x.count >= p * 4 else { throw v.error("\(p) colour stops need \(p * 4) numbers, got \(x.count)") }
      return x
    }
    return LottieGradient(
      type: Int(try s.number("t", default: 1)), start: try s.vector("s", report, default: [0, 0]),
      end: try s.vector("e", report, default: [0, 0]), stops: stops, colorCount: p,
      opacity: try s.scalar("o", report, default: 100),
      highlightLength: try s["h"].map { n throws(LottieError) in try n.keyframes(report) { v throws(LottieError) in try v.number() } },
      highlightAngle: try s["a"].map { n throws(LottieError) in try n.keyframes(report) { v throws(LottieError) in try v.number() } },
      evenOdd: try s.number("r", default: 1) == 2)
  }

  static func readText(_ t: LottieNode, _ report: LottieReport) throws(LottieError) -> LottieText? {
    guard let d = t["d"], let k = d["k"], let first = try k.elements().first, let s = first["s"] else { return nil }
    func color(_ key: String) throws(LottieError) -> [Double]? { try s[key]?.colorValue() }
    var box: (CGPoint, CGSize)?
    if let sz = s["sz"], let ps = s["ps"] {
      let a = try sz.numbers(), b = try ps.numbers()
      if a.count >= 2, b.count >= 2 { box = (CGPoint(x: b[0], y: b[1]), CGSize(width: a[0], height: a[1])) }
    }
    if let a = t["a"], case .array(let items) = a.value.kind, !items.isEmpty {
      report.note(a, "text animators (partly drawn)")
    }
    return LottieText(
      text: try s.string("t") ?? "", font: try s.string("f") ?? "", size: try s.number("s", default: 12),
      justification: Int(try s.number("j", default: 0)), tracking: try s.number("tr", default: 0),
      lineHeight: try s.number("lh", default: 0), fillColor: try color("fc"), strokeColor: try color("sc"),
      strokeWidth: try s.number("sw", default: 0), box: box)
  }
}
