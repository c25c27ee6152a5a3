// LaminaLottie's reading and timing against values worked by hand: a
// layer's keyframed position at frames between keyframes (linear, eased by
// the keyframes' Bézier handles, held), Lottie's legacy keyframe form, and
// the frame ↔ time mapping lottie-ios uses (progress p is frame
// ip + p·(op − ip); frame f is (f − ip) / fr seconds).
import Lamina
import LaminaLottie
import Testing

/// A one-layer document: a 10×10 solid whose transform is `ks`.
func solidDocument(ks: String, ip: Double = 0, op: Double = 60, fr: Double = 30, extra: String = "") -> [UInt8] {
  Array(
    """
    {"v":"5.7.0","fr":\(fr),"ip":\(ip),"op":\(op),"w":200,"h":100,"layers":[
      {"ty":1,"nm":"S","ind":1,"ip":\(ip),"op":\(op),"st":0,"sw":10,"sh":10,"sc":"#ff0000","ks":\(ks)\(extra)}]}
    """.utf8)
}

/// The position of the solid's contents layer at `frame`.
func solidPosition(_ doc: [UInt8], frame: Double) throws -> CGPoint {
  let animation = try LottieAnimation(data: doc)
  let root = try animation.makeLayer()
  let presented = try root.presentation(at: animation.time(atFrame: frame))
  let outer = try #require(presented.sublayers?.first)
  let contents = try #require(outer.sublayers?.first)
  return contents.position
}

@Suite("Lottie documents")
struct LottieDocumentTests {
  @Test func linearKeyframesInterpolateByFrame() throws {
    let doc = solidDocument(ks: #"{"p":{"a":1,"k":[{"t":0,"s":[0,0],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":30,"s":[90,60]}]}}"#)
    for (f, x, y) in [(0.0, 0.0, 0.0), (10, 30, 20), (15, 45, 30), (30, 90, 60), (45, 90, 60)] {
      let p = try solidPosition(doc, frame: f)
      #expect(abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9, "frame \(f): \(p)")
    }
  }

  @Test func easedKeyframesFollowTheBezierHandles() throws {
    // Handles (0.42, 0) and (0.58, 1): CSS's ease-in-out, whose value at x = 0.5 is 0.5
    // by symmetry and at x = 0.25 is 0.129161 (the cubic solved by hand to 6 digits).
    let doc = solidDocument(ks: #"{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0.42],"y":[0]},"i":{"x":[0.58],"y":[1]}},{"t":40,"s":[100,0]}]}}"#)
    #expect(abs(try solidPosition(doc, frame: 20).x - 50) < 1e-6)
    #expect(abs(try solidPosition(doc, frame: 10).x - 12.9161) < 1e-3)
  }

  @Test func holdKeyframesKeepTheirValueUntilTheNext() throws {
    let doc = solidDocument(ks: #"{"p":{"a":1,"k":[{"t":0,"s":[5,5],"h":1},{"t":20,"s":[50,5],"h":1},{"t":40,"s":[80,5]}]}}"#)
    for (f, x) in [(0.0, 5.0), (19.9, 5), (20, 50), (39.5, 50), (40, 80), (59, 80)] {
      #expect(abs(try solidPosition(doc, frame: f).x - x) < 1e-9, "frame \(f)")
    }
  }

  @Test func aLoneHoldShowsTheModelValueAsCoreAnimationDraws() throws {
    // One hold keyframe before a plain one: lottie-ios's discrete segment of one value, which
    // Apple's renders show Core Animation ignoring (the layer's own position, 0, shows).
    let doc = solidDocument(ks: #"{"p":{"a":1,"k":[{"t":0,"s":[30,0],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":10,"s":[5,5],"h":1},{"t":20,"s":[50,5]},{"t":40,"s":[80,5]}]}}"#)
    for (f, x) in [(0.0, 30.0), (5, 17.5), (10, 0), (15, 0), (20, 50), (30, 65)] {
      #expect(abs(try solidPosition(doc, frame: f).x - x) < 1e-9, "frame \(f)")
    }
  }

  @Test func legacyEndValuesReadAsTheNextKeyframe() throws {
    let doc = solidDocument(ks: #"{"p":{"a":1,"k":[{"t":0,"s":[0,0],"e":[60,30],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":30}]}}"#)
    let p = try solidPosition(doc, frame: 15)
    #expect(abs(p.x - 30) < 1e-9 && abs(p.y - 15) < 1e-9)
  }

  @Test func progressMapsToFramesAsLottieIOSDoes() throws {
    let animation = try LottieAnimation(data: solidDocument(ks: "{}", ip: 10, op: 70, fr: 24))
    #expect(animation.frame(atProgress: 0.25) == 25)
    #expect(animation.time(atFrame: 34) == 1)
    #expect(animation.duration == 2.5)
    #expect(animation.size == CGSize(width: 200, height: 100))
  }

  @Test func aLayerIsHiddenOutsideItsInAndOutPoints() throws {
    let doc = Array(
      """
      {"fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[
        {"ty":1,"ind":1,"ip":10,"op":20,"st":0,"sw":10,"sh":10,"sc":"#ff0000","ks":{}}]}
      """.utf8)
    let animation = try LottieAnimation(data: doc)
    let root = try animation.makeLayer()
    for (f, hidden) in [(0.0, true), (9.9, true), (10, false), (19.9, false), (20, true), (59, true)] {
      let contents = try #require(try root.presentation(at: animation.time(atFrame: f)).sublayers?.first?.sublayers?.first)
      #expect(contents.isHidden == hidden, "frame \(f)")
    }
  }
}
