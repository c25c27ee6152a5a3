// Readback: BGRA pixels become RGBA, for any pixel count (8 at a time, then
// the rest one by one), and a rendered canvas reads back its colours in
// order (a red card is red, not blue).

import Testing
import LaminaTestSupport

@testable import Lamina
@testable import LaminaGL

@Suite struct ReadbackSwapTests {
  @Test(arguments: [0, 1, 7, 8, 9, 23])
  func redAndBlueChangePlaces(pixels: Int) {
    func pixel(_ i: Int, red: Bool) -> [UInt8] {
      let b = UInt8(i), g = UInt8(100 + i), r = UInt8(200 - i), a = UInt8(50 + i)
      return red ? [r, g, b, a] : [b, g, r, a]
    }
    var bytes: [UInt8] = (0..<pixels).flatMap { pixel($0, red: false) }
    bytes.withUnsafeMutableBytes { Readback.swapRedAndBlue($0) }
    let expected: [UInt8] = (0..<pixels).flatMap { pixel($0, red: true) }
    #expect(bytes == expected)
  }
}

@Suite("GL readback", requiresGL)
struct ReadbackTests {
  @Test func aRedCardReadsBackRed() throws {
    let red = PremultipliedColor(r: 1, g: 0, b: 0, a: 1)
    let plan = PlanFixtures.plan(
      11, 5, background: PremultipliedColor(r: 0, g: 0, b: 1, a: 1),
      [PlanFixtures.roundedRect(CGRect(x: 0, y: 0, width: 6, height: 5), color: red)])
    let image = try GLRenderer().render(plan)
    #expect(Array(image.pixels[0..<4]) == [255, 0, 0, 255])
    #expect(Array(image.pixels[40..<44]) == [0, 0, 255, 255], "the last pixel of the first row is the background")
  }
}

@Suite("Canvas reuse (GL)", requiresGL)
struct CanvasReuseGLTests {
  @Test func framesLetGoOfAreReusedAndHeldOnesNeverWritten() throws {
    let failures = try CanvasReuse.failures({ try GLRenderer() }, render: { try $0.render($1) })
    #expect(failures.isEmpty, "\(failures)")
  }
}
