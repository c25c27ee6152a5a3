// LottieModel: the parts of a Lottie (Bodymovin) document that lottie-ios's
// Core Animation engine draws, read from the document with their JSON
// paths. Names follow lottie-ios's model (anchor, position, scale, …);
// the JSON keys are in the readers beside each type. Defaults are
// lottie-ios's: a stroke's cap and join are round, its miter limit 4; a
// missing transform part is the identity.

import Lamina

/// A layer or shape transform (`ks` of a layer, `tr` of a shape group).
struct LottieTransform {
  var anchor = LottieKeyframes<[Double]>([0, 0, 0])
  var position: LottieKeyframes<[Double]>? = LottieKeyframes([0, 0, 0])
  /// Position written as separate dimensions (`"p": {"s": true, "x": …, "y": …}`).
  var positionX: LottieKeyframes<Double>?
  var positionY: LottieKeyframes<Double>?
  var scale = LottieKeyframes<[Double]>([100, 100, 100])
  var rotationX = LottieKeyframes<Double>(0)
  var rotationY = LottieKeyframes<Double>(0)
  var rotationZ = LottieKeyframes<Double>(0)
  var opacity = LottieKeyframes<Double>(100)
  var skew = LottieKeyframes<Double>(0)
  var skewAxis = LottieKeyframes<Double>(0)

  init() {}

  init(_ node: LottieNode, _ report: LottieReport) throws(LottieError) {
    anchor = try node.vector("a", report, default: [0, 0, 0])
    if let p = node["p"], p.isObject, try p["s"]?.bool() == true {
      position = nil
      positionX = try p.scalar("x", report, default: 0)
      positionY = try p.scalar("y", report, default: 0)
    } else {
      position = try node.vector("p", report, default: [0, 0, 0])
    }
    scale = try node.vector("s", report, default: [100, 100, 100])
    rotationX = try node.scalar("rx", report, default: 0)
    rotationY = try node.scalar("ry", report, default: 0)
    rotationZ = node["rz"] != nil ? try node.scalar("rz", report, default: 0) : try node.scalar("r", report, default: 0)
    opacity = try node.scalar("o", report, default: 100)
    skew = try node.scalar("sk", report, default: 0)
    skewAxis = try node.scalar("sa", report, default: 0)
  }

  var hasSkew: Bool { skew.keyframes.contains { $0.value != 0 } }
  var hasNegativeXScale: Bool { scale.keyframes.contains { ($0.value.first ?? 0) < 0 } }
}

/// A mask of a layer (`masksProperties`).
struct LottieMask {
  enum Mode: String { case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f", none = "n" }
  var mode: Mode
  var shape: LottieKeyframes<LottieBezier>
  var inverted: Bool
  var opacity: LottieKeyframes<Double>
  var expansion: LottieKeyframes<Double>
}

/// A stroke's dash (`d`): dashes and gaps, then an offset.
struct LottieDash {
  var kind: String  // "d", "g" or "o"
  var value: LottieKeyframes<Double>
}

/// A gradient of a fill or stroke: `p` colour stops, then optional alpha stops, in `k`.
struct LottieGradient {
  var type: Int  // 1 linear, 2 radial
  var start: LottieKeyframes<[Double]>
  var end: LottieKeyframes<[Double]>
  var stops: LottieKeyframes<[Double]>
  var colorCount: Int
  var opacity: LottieKeyframes<Double>
  var highlightLength: LottieKeyframes<Double>?
  var highlightAngle: LottieKeyframes<Double>?
  var evenOdd: Bool
  /// Alpha stops below 1 somewhere (lottie-ios's `hasAlphaComponent`: only then a mask layer).
  var hasAlpha: Bool {
    stops.keyframes.contains { k in
      stride(from: colorCount * 4, to: k.value.count - 1, by: 2).contains { k.value[$0 + 1] < 0.999 }
    }
  }
}

/// Stroke parameters shared by plain and gradient strokes.
struct LottieStrokeStyle {
  var width: LottieKeyframes<Double>
  var cap: Int  // 1 butt, 2 round, 3 square
  var join: Int  // 1 miter, 2 round, 3 bevel
  var miterLimit: Double
  var dashes: [LottieDash]
}

/// One item of a shape layer's `shapes` (or a group's `it`).
final class LottieShapeItem {
  enum Kind {
    case group([LottieShapeItem])
    case rectangle(position: LottieKeyframes<[Double]>, size: LottieKeyframes<[Double]>, roundness: LottieKeyframes<Double>)
    case ellipse(position: LottieKeyframes<[Double]>, size: LottieKeyframes<[Double]>)
    case star(LottieStar)
    case path(LottieKeyframes<LottieBezier>)
    case fill(color: LottieKeyframes<[Double]>, opacity: LottieKeyframes<Double>, evenOdd: Bool)
    case stroke(color: LottieKeyframes<[Double]>, opacity: LottieKeyframes<Double>, style: LottieStrokeStyle)
    case gradientFill(LottieGradient)
    case gradientStroke(LottieGradient, LottieStrokeStyle)
    case transform(LottieTransform)
    case trim(start: LottieKeyframes<Double>, end: LottieKeyframes<Double>, offset: LottieKeyframes<Double>)
    case repeater(LottieRepeater)
    case roundedCorners(LottieKeyframes<Double>)
    case merge
    case unknown(String)
  }

  let kind: Kind
  let name: String
  let hidden: Bool
  /// `d` = 3: drawn counter-clockwise.
  let reversed: Bool
  let node: LottieNode

  init(kind: Kind, name: String, hidden: Bool, reversed: Bool, node: LottieNode) {
    (self.kind, self.name, self.hidden, self.reversed, self.node) = (kind, name, hidden, reversed, node)
  }

  var drawsPath: Bool {
    switch kind {
    case .rectangle, .ellipse, .star, .path: return true
    default: return false
    }
  }
  var isFill: Bool {
    switch kind {
    case .fill, .gradientFill: return true
    default: return false
    }
  }
  var isStroke: Bool {
    switch kind {
    case .stroke, .gradientStroke: return true
    default: return false
    }
  }
  var isGroup: Bool { if case .group = kind { return true } else { return false } }
  var isTrim: Bool { if case .trim = kind { return true } else { return false } }
  var isRepeater: Bool { if case .repeater = kind { return true } else { return false } }
  /// The opacity keyframes of a fill or stroke.
  var paintOpacity: LottieKeyframes<Double>? {
    switch kind {
    case .fill(_, let o, _), .stroke(_, let o, _): return o
    case .gradientFill(let g), .gradientStroke(let g, _): return g.opacity
    default: return nil
    }
  }
}

struct LottieStar {
  var isPolygon: Bool
  var position: LottieKeyframes<[Double]>
  var outerRadius: LottieKeyframes<Double>
  var outerRoundness: LottieKeyframes<Double>
  var innerRadius: LottieKeyframes<Double>
  var innerRoundness: LottieKeyframes<Double>
  var rotation: LottieKeyframes<Double>
  var points: LottieKeyframes<Double>
}

struct LottieRepeater {
  var copies: LottieKeyframes<Double>
  var offset: LottieKeyframes<Double>
  var transform: LottieTransform
  var startOpacity: LottieKeyframes<Double>
  var endOpacity: LottieKeyframes<Double>
}

/// A layer of the root composition or of a precomp asset.
struct LottieLayerModel {
  enum Kind: Int { case precomp = 0, solid, image, null, shape, text }
  var kind: Kind?
  var name: String
  var index: Int?
  var parent: Int?
  var timing: LottieLayerTiming
  var transform: LottieTransform
  /// `tt`: 1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted.
  var matte: Int
  var masks: [LottieMask]
  var blendMode: Int
  var hidden: Bool
  var referenceID: String?
  /// A precomp's size (`w`, `h`) or a solid's (`sw`, `sh`); zero where the document has none.
  var size: CGSize
  var solidColor: String
  var shapes: [LottieShapeItem]
  var text: LottieText?
  /// A drop shadow effect (`ef`, type 25) or layer style (`sy`, type 1): the first, effects first.
  var shadow: LottieShadow?
  var node: LottieNode
}

/// When a layer shows, and how its content's frames (a precomp's layers)
/// map onto its parent's.
struct LottieLayerTiming {
  /// `ip`, `op`: the layer shows from the in frame until before the out frame.
  var inFrame: Double
  var outFrame: Double
  /// `st`: the parent's frame at which the content's frame 0 stands.
  var startTime: Double
  /// `sr`: parent frames per content frame.
  var timeStretch: Double
  /// `tm`: the content's time (seconds) at each parent frame, replacing `st` and `sr`.
  var timeRemap: LottieKeyframes<Double>?
}

/// A drop shadow as lottie-ios maps it onto `CALayer`'s shadow: opacity in
/// percent, colour, Core Animation radius, and the offset's angle (degrees,
/// 0 = +x) and distance.
struct LottieShadow {
  var opacity: LottieKeyframes<Double>?
  var color: LottieKeyframes<[Double]>?
  var radius: LottieKeyframes<Double>?
  var angle: LottieKeyframes<Double>?
  var distance: LottieKeyframes<Double>?
}

/// A text layer's first document (`t.d.k[0].s`): what lottie-ios draws of it.
struct LottieText {
  var text: String
  var font: String
  var size: Double
  var justification: Int  // 0 left, 1 right, 2 centre
  var tracking: Double
  var lineHeight: Double
  var fillColor: [Double]?
  var strokeColor: [Double]?
  var strokeWidth: Double
  var box: (position: CGPoint, size: CGSize)?
}

/// An asset: a precomposition's layers or an image.
enum LottieAsset {
  case precomp(layers: [LottieLayerModel], node: LottieNode)
  case image(LottieImageAsset)
}

struct LottieImageAsset {
  /// `w`, `h`; zero where the document has none.
  var size: CGSize
  var directory: String
  var file: String
  var embedded: Bool
  var node: LottieNode
}

/// A font of the document's `fonts.list`.
struct LottieFont {
  var name: String
  var family: String
  var style: String
}
