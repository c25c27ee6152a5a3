// LottieTextBuilder: a text layer's first document as a Lamina TextLayer.
// lottie-ios draws text with Core Text by font name; the fonts the samples
// name are Apple's, so fontconfig picks a fallback (and Lamina warns). A
// point text's first baseline sits at the layer's origin, aligned by its
// justification; a box text (`sz`, `ps`) fills its box. Text animators are
// not drawn (reported by the document reader). This is an approximation:
// text samples are reported apart.

import Lamina

enum LottieTextBuilder {
  static func build(_ t: LottieText, _ m: LottieLayerModel, into parent: Layer, _ ctx: LottieBuildContext) throws(LottieError) {
    let layer = TextLayer()
    layer.string = .plain(t.text.replacingOccurrences(of: "\r", with: "\n"))
    // By the font's PostScript name (the document's `fName`), as lottie-ios
    // asks Core Text for it (`CTFontCreateWithName`): "Helvetica-Bold" is
    // a bold face where its family alone would be the regular one.
    layer.font = t.font
    layer.fontSize = t.size
    layer.foregroundColor = t.fillColor.map { Color(red: $0[0], green: $0[1], blue: $0[2], alpha: 1) }
    layer.alignmentMode = t.justification == 1 ? .right : t.justification == 2 ? .center : .left
    let width = 4000.0, height = max(t.size * 1.5, t.lineHeight) * Double(max(1, t.text.split(separator: "\r").count + 1))
    if let box = t.box {
      layer.isWrapped = true
      layer.anchorPoint = .zero
      layer.bounds = CGRect(origin: .zero, size: box.size)
      layer.position = box.position
    } else {
      // The baseline of the first line at y = 0; ascent taken as 0.8 em.
      layer.anchorPoint = .zero
      layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
      let x = t.justification == 1 ? -width : t.justification == 2 ? -width / 2 : 0
      layer.position = CGPoint(x: x, y: -0.8 * t.size)
    }
    ctx.layerCount += 1
    parent.adopt(layer)
  }
}
