// StampRuns against the plain blend: rows of made-up values (runs of 0, of
// 1 and just above, of NaN and negatives, of values just short of full or
// empty, partial values between, runs just shorter and just longer than
// `minimum`) drawn through `walk` as RoundedRectStage draws them, and through
// `SpanBlender` alone, over random bytes, for opaque and translucent
// colours and spans cut anywhere. Equal bytes. Then real shapes:
// RoundedRectStage (fills and border rings) against every stamp value blended
// with `blendPixel`.
import Testing
import LaminaTestSupport
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct StampRunsTests {
  typealias Stream = ShadowSpanTests.Stream

  /// A stamp of `width` × `height` whose rows are runs of made-up values.
  func madeUpStamp(_ width: Int, _ height: Int, _ s: inout Stream) -> Stamp {
    var values = [Float](repeating: 0, count: width * height)
    for j in 0..<height {
      var i = 0
      while i < width {
        let length = [1, 3, StampRuns.minimum - 1, StampRuns.minimum, StampRuns.minimum + 5, 40][Int(s.next() % 6)]
        let kind = s.next() % 8
        for x in i..<min(width, i + length) {
          switch kind {
          case 0: values[j * width + x] = 0
          case 1: values[j * width + x] = x % 3 == 0 ? Float(1).nextUp : 1
          case 2: values[j * width + x] = x % 2 == 0 ? .nan : -0.25
          // Nearly full and nearly empty: a run test that is off draws these wrong.
          case 3: values[j * width + x] = x % 4 == 0 ? 0.95 : 1
          case 4: values[j * width + x] = x % 4 == 0 ? 0.006 : 0
          default: values[j * width + x] = Float(s.unit())
          }
        }
        i += length
      }
    }
    let copy = values
    return Stamp(rect: PixelRect(x0: 0, y0: 0, x1: width, y1: height)) { region, scratch in
      for j in region.y0..<region.y1 {
        for i in region.x0..<region.x1 {
          scratch.coverage[(j - region.y0) * region.width + (i - region.x0)] = copy[j * width + i]
        }
      }
    }
  }

  @Test(arguments: 0..<4)
  func walkingTheRunsIsBlendingEveryValue(seed: Int) {
    var s = Stream(state: UInt64(seed) &+ 101)
    let width = 150, height = 24
    let stamp = madeUpStamp(width, height, &s)
    let runs = stamp.runs
    // Every run holds what it claims, and is long enough.
    for j in 0..<height {
      for run in runs.runs[Int(runs.first[j])..<Int(runs.first[j + 1])] {
        #expect(run.end - run.start >= Int32(StampRuns.minimum))
        for i in Int(run.start)..<Int(run.end) {
          let v = stamp.values[j * width + i]
          #expect(run.full ? v >= 1 : !(v > 0), "row \(j) column \(i): \(v) in a \(run.full ? "full" : "empty") run")
        }
      }
    }
    #expect(runs.runs.contains { $0.full } && runs.runs.contains { !$0.full })
    for color in [SIMD4<Float>(1, 1, 1, 1), SIMD4(0.2, 0.2, 0.2, 1), SIMD4(0.1, 0, 0.3, 0.5)] {
      let walked = ShadowSpanTests().noise(width + 20, height, &s)
      let blended = StageHarness.copy(walked)
      let blender = SpanBlender(color), origin = 7
      for j in 0..<height {
        let x0 = origin + Int(s.next() % 30), x1 = origin + width - Int(s.next() % 30)
        let line = walked.pixels + j * (width + 20) * 4, row = stamp.values + j * width - origin
        runs.walk(
          row: j, origin: origin, from: x0, to: x1, fills: color.w >= 1,
          blend: { a, b in blender.blend(line + a * 4, row + a, clip: nil, count: b - a) },
          fill: { a, b in
            UnsafeMutableRawPointer(line + a * 4).initializeMemory(as: UInt32.self, repeating: packed(color), count: b - a)
          })
        blender.blend(blended.pixels + (j * (width + 20) + x0) * 4, row + x0, clip: nil, count: x1 - x0)
      }
      let differ = StageHarness.firstDifference(walked, blended)
      #expect(differ == nil, "colour \(color): byte \(differ ?? 0)")
    }
  }

  @Test(arguments: 0..<4)
  func shapesEqualThePixelDefinition(seed: Int) {
    var s = Stream(state: UInt64(seed) &+ 303)
    let width = 150, height = 120
    let limit = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    // Stamped at the first meeting: this checks the stamp's runs (StampBudgetTests checks a first meeting drawn without one).
    let stamps = StampCache(stampsFirstMeeting: true)
    var runsSeen = 0
    for _ in 0..<6 {
      let w = s.range(20, 140), h = s.range(20, 110)
      let outer = RoundedRect(
        rect: F.rect(s.range(-10, 40), s.range(-10, 30), w, h),
        radii: [0, 1, 2, 3].map { _ in s.unit() < 0.2 ? 0 : s.range(0, min(w, h) / 2) })
      let inset = s.range(0.5, 6)
      let border = s.unit() < 0.5 ? nil : RoundedRect(rect: outer.rect.insetBy(dx: inset, dy: inset))
      let opaque = s.unit() < 0.6
      let color = opaque
        ? PremultipliedColor(r: 0.2, g: 0.2, b: 0.2, a: 1) : PremultipliedColor(r: 0.3, g: 0.1, b: 0, a: 0.6)
      let matrix = Transform3D(translationX: Double(Int(s.next() % 20)) + [0, 0.5, 0.25][Int(s.next() % 3)], y: 3)
      let draw = RoundedRectDraw(matrix: matrix, outer: outer, border: border, color: color, clips: [], name: "s")
      let actual = ShadowSpanTests().noise(width, height, &s)
      let expected = StageHarness.copy(actual)
      guard let stage = RoundedRectStage(draw, limit: limit, stamps: stamps),
        case .stamp(let stamp, let dx, let dy) = stage.source
      else {
        Issue.record("an axis-aligned unclipped shape is stamped")
        continue
      }
      runsSeen += stamp.runs.runs.count
      StageHarness.drawInTiles(stage, into: actual)
      StageHarness.blendEveryValue(of: stamp, dx: dx, dy: dy, color: color, onto: expected)
      let differ = StageHarness.firstDifference(actual, expected)
      #expect(differ == nil, "\(outer) border \(border != nil) opaque \(opaque): byte \(differ ?? 0)")
    }
    #expect(runsSeen > 0, "the shapes have runs to walk")
  }
}
