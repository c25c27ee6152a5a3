// Every tolerance the relations use can fail: each refuses a blank image,
// the image moved by one pixel, and the image tinted by 16 levels of red, on
// a random tree that covers a good part of its canvas. The sweep's ink
// bound refuses a blank frame and a frame with a tenth more ink.
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

@Suite("Relation tolerances can fail")
struct RelationToleranceTests {
  /// The first random tree whose CPU render covers at least 40 % of its
  /// canvas, with two or more colours.
  static let reference: Image = {
    let renderer = CPURenderer(threads: 1)
    var options = TreeOptions()
    options.canvasBackground = false
    for index in 0..<200 {
      let scene = RandomTrees.scene(seed: SplitMix64.treeSeed(base: 99, index: index), options: options)
      guard let image = try? renderer.render(scene.renderPlan()) else { continue }
      let covered = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 128 }.count
      if covered * 10 >= image.width * image.height * 4 { return image }
    }
    fatalError("no random tree covers 40 % of its canvas")
  }()

  static func variants(of im: Image) -> [(String, Image)] {
    let w = im.width, h = im.height
    let blank = Image(width: w, height: h, premultipliedPixels: [UInt8](repeating: 0, count: w * h * 4))
    var shifted = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 1..<w {
        for c in 0..<4 { shifted[(y * w + x) * 4 + c] = im.pixels[(y * w + x - 1) * 4 + c] }
      }
    }
    // Red down by 16 levels where there is any (premultiplied stays valid).
    let tinted = im.pixels.enumerated().map { i, v in i % 4 == 0 ? v &- min(v, 16) : v }
    return [
      ("blank", blank), ("shifted", Image(width: w, height: h, premultipliedPixels: shifted)),
      ("tinted", Image(width: w, height: h, premultipliedPixels: tinted)),
    ]
  }

  static let tolerances: [ImageTolerance] = Array(
    Dictionary(Relations.all.map { ($0.tolerance.name, $0.tolerance) }) { a, _ in a }.values
  ) + [.regroup, .sameDrawing, .pixelShift, .shadowForm, .epsilonStep]

  @Test func everyToleranceRefusesBlankShiftedAndTintedImages() throws {
    let image = Self.reference
    for tolerance in Self.tolerances {
      #expect(tolerance.violations(of: try ImageDiff(image, image)).isEmpty, "\(tolerance.name) refuses the image itself")
      for (name, variant) in Self.variants(of: image) {
        #expect(!tolerance.violations(of: try ImageDiff(image, variant)).isEmpty,
          "\(tolerance.name) accepts a \(name) image")
      }
    }
  }

  @Test func inkBoundRefusesBlankAndBrighterFrames() {
    let ink = Relations.ink(Self.reference)
    let n = Self.reference.width * Self.reference.height
    #expect(Relations.inkViolation(predicted: ink, actual: ink, pixels: n) == nil)
    #expect(Relations.inkViolation(predicted: ink, actual: [0, 0, 0, 0], pixels: n) != nil)
    #expect(Relations.inkViolation(predicted: ink, actual: ink.map { $0 * 1.1 }, pixels: n) != nil)
  }
}
