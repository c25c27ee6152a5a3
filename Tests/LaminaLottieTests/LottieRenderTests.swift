// Lottie constructs drawn by LaminaCPU against pixels worked by hand: a
// solid placed by anchor, position and scale; an alpha matte and an
// inverted one (lottie-ios's xor construction); masks that add and
// subtract; a precomp clipped to its size; a value provider by keypath.
// Every sample point sits at least 2 px from an edge, so antialiasing does
// not enter; each colour is exact.
import Lamina
import LaminaCPU
import LaminaLottie
import Testing

private func render(_ json: String, overrides: [LottieOverride] = []) throws -> Image {
  let animation = try LottieAnimation(data: Array(json.utf8))
  return try CPURenderer().render(animation.scene(overrides: overrides).renderPlan())
}

private func rgba(_ image: Image, _ x: Int, _ y: Int) -> [UInt8] {
  let p = image.pixel(x: x, y: y)
  return [p.r, p.g, p.b, p.a]
}

private let red: [UInt8] = [255, 0, 0, 255], clear: [UInt8] = [0, 0, 0, 0]

/// A 100×100 composition of `layers`.
private func doc(_ layers: String, assets: String = "[]") -> String {
  ##"{"fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":\##(assets),"layers":\##(layers)}"##
}

/// A black disc of radius 20 at (50, 50), as a shape layer.
private let disc = ##"{"ty":4,"ind":1,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"el","p":{"k":[50,50]},"s":{"k":[40,40]}},{"ty":"fl","c":{"k":[0,0,0]},"o":{"k":100}},{"ty":"tr"}]}]}"##

@Suite("Lottie drawn against hand-worked pixels")
struct LottieRenderTests {
  @Test func aSolidIsPlacedByAnchorPositionAndScale() throws {
    // 20×10 solid, anchor (10, 5), position (50, 50), scale 200 %: covers x 30…70, y 40…60.
    let image = try render(doc(##"[{"ty":1,"ip":0,"op":60,"sw":20,"sh":10,"sc":"#ff0000","ks":{"a":{"k":[10,5]},"p":{"k":[50,50]},"s":{"k":[200,200]}}}]"##))
    #expect(rgba(image, 32, 42) == red && rgba(image, 67, 57) == red)
    #expect(rgba(image, 27, 50) == clear && rgba(image, 73, 50) == clear && rgba(image, 50, 37) == clear && rgba(image, 50, 63) == clear)
  }

  @Test func anAlphaMatteKeepsTheLayerInsideTheMatte() throws {
    let image = try render(doc("[\(disc),{\"ty\":1,\"ind\":2,\"tt\":1,\"ip\":0,\"op\":60,\"sw\":100,\"sh\":100,\"sc\":\"#ff0000\",\"ks\":{}}]"))
    #expect(rgba(image, 50, 50) == red && rgba(image, 10, 50) == clear && rgba(image, 50, 75) == clear)
  }

  @Test func anInvertedMatteKeepsTheLayerOutsideTheMatte() throws {
    let image = try render(doc("[\(disc),{\"ty\":1,\"ind\":2,\"tt\":2,\"ip\":0,\"op\":60,\"sw\":100,\"sh\":100,\"sc\":\"#ff0000\",\"ks\":{}}]"))
    #expect(rgba(image, 50, 50) == clear && rgba(image, 10, 50) == red && rgba(image, 50, 75) == red && rgba(image, 2, 2) == red)
  }

  @Test func masksAddThenSubtract() throws {
    // Add the square 10…90, subtract the square 40…60.
    func square(_ a: Double, _ b: Double) -> String {
      ##"{"c":true,"v":[[\##(a),\##(a)],[\##(b),\##(a)],[\##(b),\##(b)],[\##(a),\##(b)]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}"##
    }
    let masks = ##"[{"mode":"a","pt":{"k":\##(square(10, 90))}},{"mode":"s","pt":{"k":\##(square(40, 60))}}]"##
    let image = try render(doc(##"[{"ty":1,"ip":0,"op":60,"sw":100,"sh":100,"sc":"#ff0000","ks":{},"masksProperties":\##(masks)}]"##))
    #expect(rgba(image, 20, 20) == red && rgba(image, 80, 50) == red)
    #expect(rgba(image, 50, 50) == clear && rgba(image, 5, 50) == clear && rgba(image, 95, 95) == clear)
  }

  @Test func aPrecompIsClippedToItsSize() throws {
    // A 30×30 precomp holding a 100×100 solid, placed at (10, 10): only 10…40 is drawn.
    let assets = ##"[{"id":"p","layers":[{"ty":1,"ip":0,"op":60,"sw":100,"sh":100,"sc":"#ff0000","ks":{}}]}]"##
    let image = try render(doc(##"[{"ty":0,"refId":"p","ip":0,"op":60,"w":30,"h":30,"ks":{"p":{"k":[10,10]}}}]"##, assets: assets))
    #expect(rgba(image, 12, 12) == red && rgba(image, 37, 37) == red)
    #expect(rgba(image, 43, 20) == clear && rgba(image, 20, 43) == clear && rgba(image, 7, 20) == clear)
  }

  @Test func aValueProviderReplacesTheColourItsKeypathNames() throws {
    let layer = ##"[{"ty":4,"nm":"Card","ip":0,"op":60,"ks":{},"shapes":[{"ty":"gr","nm":"Box","it":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},{"ty":"fl","nm":"Fill 1","c":{"k":[0,0,1]},"o":{"k":100}},{"ty":"tr"}]}]}]"##
    #expect(rgba(try render(doc(layer)), 50, 50) == [0, 0, 255, 255])
    for keypath in ["**.Fill 1.Color", "Card.Box.Fill 1.Color", "*.*.Fill 1.Color", "**.Color"] {
      let image = try render(doc(layer), overrides: [LottieOverride(keypath: keypath, value: .color([(0, [1, 0, 0, 1])]))])
      #expect(rgba(image, 50, 50) == red, "\(keypath)")
    }
    for keypath in ["Box.Fill 1.Color", "*.Fill 1.Color", "Card.Box.Fill 2.Color"] {
      let image = try render(doc(layer), overrides: [LottieOverride(keypath: keypath, value: .color([(0, [1, 0, 0, 1])]))])
      #expect(rgba(image, 50, 50) == [0, 0, 255, 255], "\(keypath) must not match")
    }
  }

  @Test func aSolidsColourTakesAValueProvider() throws {
    // lottie-ios builds a solid's colour as an animated property under the layer's name.
    let solid = ##"[{"ty":1,"nm":"Bg","ip":0,"op":60,"sw":100,"sh":100,"sc":"#000000","ks":{}}]"##
    for keypath in ["Bg.Color", "**.Color"] {
      let image = try render(doc(solid), overrides: [LottieOverride(keypath: keypath, value: .color([(0, [1, 0, 0, 1])]))])
      #expect(rgba(image, 50, 50) == red, "\(keypath)")
    }
    let other = try render(doc(solid), overrides: [LottieOverride(keypath: "Other.Color", value: .color([(0, [1, 0, 0, 1])]))])
    #expect(rgba(other, 50, 50) == [0, 0, 0, 255])
  }

  @Test func aViewportFillsTheCanvasAsLottieIosLaysItOut() throws {
    // A 20×20 red solid at (40, 40) in a 100×100 composition; the viewport
    // (30, 30, 40, 40) fills a 100×100 canvas 2.5× larger, centred: the
    // solid covers 25…75. A wide viewport (0, 45, 100, 10) fits by width
    // (1×) with its centre at the canvas's: nothing moves.
    let json = doc(##"[{"ty":1,"ip":0,"op":60,"sw":20,"sh":20,"sc":"#ff0000","ks":{"p":{"k":[40,40]}}}]"##)
    let animation = try LottieAnimation(data: Array(json.utf8))
    let zoomed = try CPURenderer().render(
      animation.scene(viewport: CGRect(x: 30, y: 30, width: 40, height: 40)).renderPlan())
    #expect(rgba(zoomed, 27, 27) == red && rgba(zoomed, 72, 72) == red)
    #expect(rgba(zoomed, 22, 50) == clear && rgba(zoomed, 78, 50) == clear)
    let band = try CPURenderer().render(
      animation.scene(viewport: CGRect(x: 0, y: 45, width: 100, height: 10)).renderPlan())
    #expect(rgba(band, 42, 42) == red && rgba(band, 38, 50) == clear && rgba(band, 50, 62) == clear)
    #expect(throws: LottieError.self) { try animation.scene(viewport: CGRect(x: 0, y: 0, width: 0, height: 10)) }
  }

  @Test func aGradientProvidersAlphaFadesTheColoursAndTheDocumentsAlphaMask() throws {
    // A linear gradient fill over the whole canvas, two stops, with or
    // without the document's own alpha stops. A provider of
    // two red stops at alpha 0.5: lottie-ios gives both gradient layers
    // the provider's colours, so the colour layer is at 0.5, and the alpha
    // mask (there only when the document has alpha stops) at 0.5 again.
    func fill(_ stops: String) -> String {
      let rect = ##"{"ty":"rc","p":{"k":[50,50]},"s":{"k":[100,100]},"r":{"k":0}}"##
      let gradient = ##"{"ty":"gf","nm":"G","o":{"k":100},"r":1,"t":1,"s":{"k":[0,50]},"e":{"k":[100,50]},"g":{"p":2,"k":{"k":\##(stops)}}}"##
      return doc(##"[{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"gr","it":[\##(rect),\##(gradient),{"ty":"tr"}]}]}]"##)
    }
    let provider = [LottieOverride(keypath: "**.Colors", value: .gradient(colors: [[1, 0, 0, 0.5], [1, 0, 0, 0.5]], locations: [0, 1]))]
    let plain = try render(fill("[0,0,0,1,1,0,0,1]"), overrides: provider)
    // The document's alpha stops (0.2) only decide that there is a mask; the provider's alpha fills it.
    let withAlpha = try render(fill("[0,0,0,1,1,0,0,1,0,0.2,1,0.2]"), overrides: provider)
    // Premultiplied alpha: 0.5 → 128 (±1 for rounding), 0.25 → 64.
    #expect(abs(Int(rgba(plain, 50, 50)[3]) - 128) <= 1, "\(rgba(plain, 50, 50))")
    #expect(abs(Int(rgba(withAlpha, 50, 50)[3]) - 64) <= 1, "\(rgba(withAlpha, 50, 50))")
  }
  @Test func anEllipsesTrimIsMeasuredAlongTheEllipseAlone() throws {
    // A circle of radius 30 at (50, 50), stroked 6 wide with butt caps,
    // trimmed to its first half: from the top clockwise to the bottom.
    // lottie-ios's ellipse path has no closing curve; one from the last
    // vertex back to the first (both with handles) would be a loop at the
    // top that lengthens the path, and the half would end past the bottom.
    let ellipse = ##"{"ty":"el","p":{"k":[50,50]},"s":{"k":[60,60]}}"##
    let trim = ##"{"ty":"tm","s":{"k":0},"e":{"k":50},"o":{"k":0}}"##
    let stroke = ##"{"ty":"st","c":{"k":[1,0,0]},"o":{"k":100},"w":{"k":6},"lc":1,"lj":1}"##
    let image = try render(
      doc(##"[{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"gr","it":[\##(ellipse),\##(trim),\##(stroke),{"ty":"tr"}]}]}]"##))
    #expect(rgba(image, 80, 50) == red && rgba(image, 56, 80) == red)
    #expect(rgba(image, 44, 80) == clear && rgba(image, 20, 50) == clear)
    // Nothing above the circle's top: the stroke's outer edge is at y = 17.
    #expect(rgba(image, 58, 16) == clear)
  }
}
