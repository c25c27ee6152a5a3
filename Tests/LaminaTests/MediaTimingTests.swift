// MediaTiming against values worked by hand from Core Animation's rules
// (docs/scene-format.md, "Timing"):
//
//   local  = (parent − beginTime) × speed + timeOffset
//   period = duration × (autoreverses ? 2 : 1)
//   active = repeatDuration, else period × repeatCount, else period
//   inside 0 ≤ local < active: cycle ⌊local / period⌋, phase local mod
//   period (mirrored past duration when autoreversing); outside: the fill.

import Testing

@testable import Lamina

@Suite struct MediaTimingTests {
  func timing(_ configure: (inout MediaTiming) -> Void) -> MediaTiming {
    var t = MediaTiming()
    configure(&t)
    return t
  }

  /// (timing, parent time, expected (time, iteration) or nil), each with its working.
  @Test func theHandWorkedTable() {
    let d1 = timing { $0.beginTime = 1; $0.duration = 2 }
    let rows: [(String, MediaTiming, Double, Double, MediaTiming.State?)] = [
      // local = (0 − 1) × 1 + 0 = −1 < 0, fill removed: not active.
      ("before the begin time", d1, 0, 2, nil),
      // local = (2 − 1) = 1: cycle 0, phase 1.
      ("inside", d1, 2, 2, .init(time: 1, iteration: 0)),
      // local = 2 = active: removed at the end.
      ("at the end, removed", d1, 3, 2, nil),
      // local = (3 − 1) = 2 = active, fill forwards: the end of the one cycle.
      ("at the end, forwards", timing { $0.beginTime = 1; $0.duration = 2; $0.fillMode = .forwards }, 3, 2,
       .init(time: 2, iteration: 0)),
      // local = −1, fill backwards: the start.
      ("before, backwards", timing { $0.beginTime = 1; $0.duration = 2; $0.fillMode = .backwards }, 0, 2,
       .init(time: 0, iteration: 0)),
      // local = (1.5 − 1) × 2 = 1.
      ("speed 2", timing { $0.beginTime = 1; $0.speed = 2; $0.duration = 2 }, 1.5, 2, .init(time: 1, iteration: 0)),
      // local = 0 × 1 + 0.5 = 0.5.
      ("time offset", timing { $0.timeOffset = 0.5; $0.duration = 2 }, 0, 2, .init(time: 0.5, iteration: 0)),
      // active = 1 × 2.5; local 1.25: cycle ⌊1.25⌋ = 1, phase 0.25.
      ("repeat 2.5, second cycle", timing { $0.repeatCount = 2.5; $0.duration = 1 }, 1.25, 1, .init(time: 0.25, iteration: 1)),
      // local 2.75 ≥ 2.5, removed.
      ("repeat 2.5, after", timing { $0.repeatCount = 2.5; $0.duration = 1 }, 2.75, 1, nil),
      // forwards: held where the half cycle stops, 2.5 mod 1 = 0.5 in cycle 2.
      ("repeat 2.5, forwards", timing { $0.repeatCount = 2.5; $0.duration = 1; $0.fillMode = .forwards }, 9, 1,
       .init(time: 0.5, iteration: 2)),
      // period 2; local 0.25: phase 0.25.
      ("autoreverse, forwards half", timing { $0.autoreverses = true; $0.duration = 1 }, 0.25, 1, .init(time: 0.25, iteration: 0)),
      // local 1.25: phase 1.25 > 1, mirrored: 2 − 1.25 = 0.75.
      ("autoreverse, backwards half", timing { $0.autoreverses = true; $0.duration = 1 }, 1.25, 1, .init(time: 0.75, iteration: 0)),
      // active = 2 (one cycle out and back); forwards: ends where it began, 0.
      ("autoreverse, forwards fill", timing { $0.autoreverses = true; $0.duration = 1; $0.fillMode = .both }, 5, 1,
       .init(time: 0, iteration: 0)),
      // active = repeatDuration 1.5; local 1.2: cycle 1, phase 0.2.
      ("repeat duration", timing { $0.repeatDuration = 1.5; $0.duration = 1 }, 1.2, 1, .init(time: 0.2, iteration: 1)),
      // both: held at 1.5 mod 1 = 0.5, cycle 1.
      ("repeat duration, filled", timing { $0.repeatDuration = 1.5; $0.duration = 1; $0.fillMode = .both }, 4, 1,
       .init(time: 0.5, iteration: 1)),
      // local = (0.5 − 0) × −1 + 2 = 1.5.
      ("negative speed", timing { $0.speed = -1; $0.timeOffset = 2; $0.duration = 2 }, 0.5, 2, .init(time: 1.5, iteration: 0)),
      // local = −3 × −1 … = (3 − 0) × −1 + 2 = −1 < 0: removed.
      ("negative speed, past the start", timing { $0.speed = -1; $0.timeOffset = 2; $0.duration = 2 }, 3, 2, nil),
      // local = 5 × 0 + 0.5 = 0.5 at every parent time.
      ("speed 0", timing { $0.speed = 0; $0.timeOffset = 0.5; $0.duration = 1 }, 5, 1, .init(time: 0.5, iteration: 0)),
    ]
    for (name, t, parent, d, expected) in rows {
      let got = t.state(at: parent, simpleDuration: d)
      // 1e-12: a remainder like 1.2 mod 1 is 0.19999999999999996.
      let same = got.map { g in expected.map { abs(g.time - $0.time) < 1e-12 && g.iteration == $0.iteration } ?? false }
      #expect(same ?? (expected == nil), "\(name): \(String(describing: got))")
    }
  }

  @Test func aLayerWithoutDurationRunsForever() {
    let t = timing { $0.beginTime = 2; $0.speed = 3 }
    // (10 − 2) × 3 = 24, not repeated, not clamped.
    #expect(t.state(at: 10, simpleDuration: .infinity) == .init(time: 24, iteration: 0))
  }

  @Test func nestedLayerAndAnimationTimes() throws {
    // Layer: begin 1, speed 2 → local = (t − 1) × 2. Animation in it: begin
    // 0.5, duration 1, linear opacity 0 → 1. At t = 1.5: layer 1, animation
    // local 0.5, opacity 0.5. At t = 1.2: layer 0.4 < 0.5: not begun, the
    // model's 0.25.
    let root = Layer()
    let layer = Layer()
    layer.opacity = 0.25
    layer.beginTime = 1
    layer.speed = 2
    try root.addSublayer(layer)
    let a = BasicAnimation(keyPath: "opacity")
    a.fromValue = .number(0)
    a.toValue = .number(1)
    a.beginTime = 0.5
    a.duration = 1
    layer.add(a, forKey: "fade")
    let at15 = try root.presentation(at: 1.5).sublayers![0].opacity
    let at12 = try root.presentation(at: 1.2).sublayers![0].opacity
    #expect(abs(at15 - 0.5) < 1e-12)
    #expect(at12 == 0.25)
    // A group halves the time: group speed 2 around the same animation
    // (begin 0.5) → at layer time 0.5 the group is at 1, the child at 0.5.
    let g = AnimationGroup()
    let child = BasicAnimation(keyPath: "opacity")
    child.fromValue = .number(0)
    child.toValue = .number(1)
    child.beginTime = 0.5
    child.duration = 1
    g.animations = [child]
    g.speed = 2
    g.duration = 10
    layer.removeAllAnimations()
    layer.add(g, forKey: nil)
    // t = 1.25 → layer (0.25) × 2 = 0.5 → group 1 → child 0.5.
    #expect(abs(try root.presentation(at: 1.25).sublayers![0].opacity - 0.5) < 1e-12)
  }

  @Test func hugeTimesAndCountsStayBoundedAndFast() {
    let t = timing { $0.repeatCount = 1e300; $0.duration = 0.25 }
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for k in 0..<1000 {
        let s = t.state(at: 1e300 * Double(k % 7 + 1) / 7, simpleDuration: 0.25)
        #expect(s.map { (0...0.25).contains($0.time) } ?? true)
      }
    }
    #expect(elapsed < .seconds(1))
    // A time that is not finite is never active.
    #expect(t.state(at: .infinity, simpleDuration: 0.25) == nil)
  }
}
