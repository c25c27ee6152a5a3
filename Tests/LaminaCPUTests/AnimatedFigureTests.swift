// The animated book figures (Examples/figure-8.* to 10.*, docs/figures.md
// "Chapters 8–10"), drawn by LaminaCPU at chosen times: every one loads and
// keeps moving over its whole sequence, and two are measured from their
// pixels against values Lamina did not compute:
//
// - 10.1's five dots at t = 2i/49 s lie where headless Chromium's Web
//   Animations put the same `cubic-bezier()` at progress i/49
//   (Tests/References/timing/chromium-cubic-bezier.json, tools/references/timing.py);
// - 8.x's second hand points at 360° × t / 4 s, worked out by hand.
//
// Positions are measured as pixel centroids, so the tests see the image,
// not the presentation: a blank, shifted or wrongly timed frame fails them.
// Rejected: comparing frames with goldens (a golden made by Lamina would
// only say the frames did not change, not that they are right).
import Foundation
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

@Suite struct AnimatedFigureTests {
  /// The figures that animate: animations and a duration.
  static let animated: [CorpusScene] = Corpus.scenes.filter { scene in
    guard scene.id.hasPrefix("figures/"), let s = try? Scene(contentsOfFile: scene.path) else { return false }
    return s.canvas.duration > 0 && s.root.hasAnimationsInSubtree
  }

  static func load(_ id: String) throws -> Scene {
    try Scene(contentsOfFile: Corpus.root + "/Examples/" + id + ".json")
  }

  @Test func theChapterEightToTenFiguresAreAnimated() {
    let ids = Set(Self.animated.map(\.id))
    for id in ["8.1", "8.3", "8.x", "9.1", "10.1", "10.4"] {
      #expect(ids.contains("figures/figure-" + id), "figure-\(id) is missing or does not animate")
    }
  }

  /// Eight frames spread over the sequence (the demo's strip), drawn at
  /// scale 1 to stay quick: each differs from the one before, so a figure
  /// that stops moving (or never starts) fails.
  @Test(arguments: animated)
  func keepsMovingOverItsSequence(_ figure: CorpusScene) throws {
    let scene = try Scene(contentsOfFile: figure.path)
    let sequence = try FrameSequence.make(duration: scene.canvas.duration, frameRate: scene.canvas.frameRate).get()
    #expect(sequence.frameCount >= 25, "a sequence of \(sequence.frameCount) frames is too short to watch")
    let renderer = CPURenderer()
    var previous: (n: Int, image: Image)?
    for i in 0..<8 {
      let n = i * sequence.frameCount / 8
      let image = renderer.render(try scene.presentation(at: sequence.time(ofFrame: n)).renderPlan(scale: 1))
      if let previous {
        #expect(image.pixels != previous.image.pixels, "\(figure.id): frames \(previous.n) and \(n) are the same")
      }
      previous = (n, image)
    }
  }

  // MARK: 10.1 against Chromium

  struct ChromiumCurves: Decodable {
    struct Curve: Decodable {
      let name: String
      let x: [Double]
      let progress: [Double]
    }
    let curves: [Curve]
  }

  /// The x centroid (pixels) of the dot colour `#007AFF` over pixel rows
  /// `rows` and columns `columns`, weighting each pixel by how far its red
  /// channel falls from the background's (229) towards the dot's (0), times
  /// its alpha (so a transparent image holds no dot).
  static func dotCentroid(_ image: Image, rows: Range<Int>, columns: Range<Int>) -> Double? {
    let straight = image.straight.pixels
    var sum = 0.0, weight = 0.0
    for y in rows {
      for x in columns {
        let i = (y * image.width + x) * 4
        let w = max(0, 229 - Double(straight[i])) / 229 * Double(straight[i + 3]) / 255
        sum += w * (Double(x) + 0.5)
        weight += w
      }
    }
    return weight > 1 ? sum / weight : nil
  }

  /// A dot's centre as measured lies within this many pixels of Chromium's
  /// position: 680 px of travel × 1e-4 (how far Lamina's curves may stray
  /// from Chromium's, TimingFunctionTests) is 0.07 px, plus the centroid of
  /// an anti-aliased disc's upper band, which sampling leaves within a few
  /// hundredths of a pixel of its centre (measured: 0.001 px). One frame early or late moves a
  /// dot by up to 27 px; the wrong curve by tens.
  static let dotTolerance = 0.1

  @Test func timingFunctionDotsSitWhereChromiumPutsThem() throws {
    let scene = try Self.load("figure-10.1")
    let chromium = try References.fixture(ChromiumCurves.self, "timing/chromium-cubic-bezier.json")
    let names = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
    let renderer = CPURenderer()
    let scale = scene.canvas.scale
    var worst = 0.0
    for i in [5, 12, 20, 30, 41, 48] {
      let t = 2 * Double(i) / 49  // the animations last 2 s; Chromium sampled x = i / 49
      let image = renderer.render(try scene.presentation(at: t).renderPlan())
      for (lane, name) in names.enumerated() {
        let curve = try #require(chromium.curves.first { $0.name == name })
        #expect(abs(curve.x[i] - Double(i) / 49) < 1e-12)
        let expected = (100 + 340 * curve.progress[i]) * scale
        let yc = 40 + 55 * Double(lane)
        // The band above the 2-point track: rows yc − 9 … yc − 2 points.
        let rows = Int((yc - 9) * scale)..<Int((yc - 2) * scale)
        let measured = try #require(
          Self.dotCentroid(image, rows: rows, columns: Int(80 * scale)..<Int(460 * scale)), "\(name) at t = \(t): no dot")
        worst = max(worst, abs(measured - expected))
        #expect(
          abs(measured - expected) <= Self.dotTolerance,
          "\(name) at t = \(t): dot at \(measured) px, Chromium's progress \(curve.progress[i]) puts it at \(expected) px")
      }
    }
    print("figure-10.1: largest distance from Chromium's dot positions \(worst) px")
  }

  /// The measurement can fail: the frame moved by one pixel, or drawn one
  /// frame (1/25 s) late, is refused.
  @Test func dotMeasurementRejectsShiftedAndLateFrames() throws {
    let scene = try Self.load("figure-10.1")
    let renderer = CPURenderer()
    let t = 2 * 20.0 / 49
    let image = renderer.render(try scene.presentation(at: t).renderPlan())
    let late = renderer.render(try scene.presentation(at: t + 1.0 / 25).renderPlan())
    let shifted = WrongImages.shifted(image, dx: 1, dy: 0)
    // The easeIn lane (centre y = 95 points): rows 86 … 93 points at scale 2.
    let rows = 172..<186, columns = 160..<920
    let right = try #require(Self.dotCentroid(image, rows: rows, columns: columns))
    let lateX = try #require(Self.dotCentroid(late, rows: rows, columns: columns))
    let shiftedX = try #require(Self.dotCentroid(shifted, rows: rows, columns: columns))
    #expect(abs(lateX - right) > 10 * Self.dotTolerance)
    #expect(abs(shiftedX - right) > 5 * Self.dotTolerance)
    #expect(Self.dotCentroid(WrongImages.blank(like: image), rows: rows, columns: columns) == nil)
  }

  // MARK: 8.x by hand

  /// The angle (degrees clockwise from 12 o'clock) of the red second hand
  /// `#FF3B30`, from the centroid of its pixels 30…95 points from the
  /// clock's centre (240, 150); each pixel weighted by red minus green
  /// (0 on the white face, the grey and black hands; 196 on the hand).
  static func secondHandAngle(_ image: Image, scale: Double) -> Double? {
    let straight = image.straight.pixels
    let cx = 240 * scale, cy = 150 * scale
    var sx = 0.0, sy = 0.0, weight = 0.0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
        let r = (dx * dx + dy * dy).squareRoot() / scale
        guard r >= 30, r <= 95 else { continue }
        let i = (y * image.width + x) * 4
        let w = max(0, Double(straight[i]) - Double(straight[i + 1])) / 196
        sx += w * dx
        sy += w * dy
        weight += w
      }
    }
    guard weight > 10 else { return nil }
    let degrees = atan2(sx, -sy) * 180 / .pi
    return degrees < 0 ? degrees + 360 : degrees
  }

  /// The measured angle is within this of the hand-worked one: a 4-pixel-wide
  /// hand 130 pixels long, its centroid taken over anti-aliased edges, points
  /// within a few hundredths of a degree (measured: 0.0004°); 0.3° is a frame
  /// at 25 frames/s of 90°/s divided by 12, so a frame early or late fails.
  static let angleTolerance = 0.3

  @Test func clockSecondHandPointsWhereTheHandWorkedAngleSays() throws {
    let scene = try Self.load("figure-8.x")
    let renderer = CPURenderer()
    // One full turn in 4 s, linear, from 12 o'clock: 90° a second.
    var worst = 0.0
    for (t, degrees) in [(0.5, 45.0), (1.0, 90.0), (1.5, 135.0), (2.25, 202.5), (3.1, 279.0)] {
      let image = renderer.render(try scene.presentation(at: t).renderPlan())
      let measured = try #require(Self.secondHandAngle(image, scale: scene.canvas.scale), "t = \(t): no second hand")
      worst = max(worst, abs(measured - degrees))
      #expect(abs(measured - degrees) <= Self.angleTolerance, "t = \(t): hand at \(measured)°, expected \(degrees)°")
    }
    print("figure-8.x: largest distance from the hand-worked second-hand angles \(worst)°")
    // The measurement can fail: a blank canvas has no hand, and the frame
    // a frame later (t = 1.04 s) is 3.6° on.
    let blank = Image(width: 960, height: 600, premultipliedPixels: [UInt8](repeating: 255, count: 960 * 600 * 4))
    #expect(Self.secondHandAngle(blank, scale: 2) == nil)
    let later = renderer.render(try scene.presentation(at: 1.04).renderPlan())
    let laterAngle = try #require(Self.secondHandAngle(later, scale: 2))
    #expect(abs(laterAngle - 90) > 10 * Self.angleTolerance)
  }
}
