// The README's Swift examples, compiled and run, so they cannot rot: the
// card (and the scene beside it, which must draw the same picture), and
// the animated lower third written with SequenceWriter. A last test checks
// that README.md holds this file's code: every line of each of its Swift
// blocks appears here, in order (the Package.swift block is not Swift the
// tests can compile, and is left out).
import Foundation
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

private typealias F = PlanFixtures

/// A lower third for a 1280×720 video: a gradient bar springs in, the
/// name and the role fade in one after the other, a line draws itself
/// under the name, and everything fades out at the end.
func lowerThird(name: String, role: String) throws -> Scene {
  let root = CALayer()
  root.bounds = CGRect(x: 0, y: 0, width: 1280, height: 720)
  let caption = CALayer()
  caption.frame = root.bounds
  try root.addSublayer(caption)

  let bar = CAGradientLayer()
  bar.frame = CGRect(x: 80, y: 520, width: 720, height: 128)
  bar.colors = [Color.hex("#0A84FF"), Color.hex("#5E5CE6")]
  bar.startPoint = CGPoint(x: 0, y: 0.5)
  bar.endPoint = CGPoint(x: 1, y: 0.5)
  bar.cornerRadius = 16
  try caption.addSublayer(bar)
  let slide = CASpringAnimation(keyPath: "position.x")
  slide.fromValue = -400  // to the model's position
  slide.damping = 14
  bar.add(slide, forKey: "slide in")

  let title = CATextLayer()
  title.frame = CGRect(x: 112, y: 536, width: 660, height: 48)
  title.string = name
  title.font = "Helvetica-Bold"
  title.fontSize = 38
  let subtitle = CATextLayer()
  subtitle.frame = CGRect(x: 112, y: 596, width: 660, height: 36)
  subtitle.string = role
  subtitle.font = "Helvetica"
  subtitle.fontSize = 26
  subtitle.foregroundColor = Color(white: 1, alpha: 0.85)
  for (layer, delay) in [(title, 0.3), (subtitle, 0.5)] {
    try caption.addSublayer(layer)
    let fadeIn = CABasicAnimation(keyPath: "opacity")
    fadeIn.fromValue = 0
    fadeIn.toValue = 1
    fadeIn.beginTime = delay
    fadeIn.duration = 0.4
    fadeIn.fillMode = .backwards
    layer.add(fadeIn, forKey: "fade in")
  }

  let line = CAShapeLayer()
  line.path = try Path(svg: "M 112 588 L 772 588")
  line.strokeColor = .white
  line.lineWidth = 2
  try caption.addSublayer(line)
  let draw = CABasicAnimation(keyPath: "strokeEnd")
  draw.fromValue = 0
  draw.beginTime = 0.6
  draw.duration = 0.8
  draw.fillMode = .backwards
  draw.timingFunction = CAMediaTimingFunction(name: .easeOut)
  line.add(draw, forKey: "draw")

  let fadeOut = CABasicAnimation(keyPath: "opacity")
  fadeOut.toValue = 0
  fadeOut.beginTime = 4.5
  fadeOut.duration = 0.5
  fadeOut.fillMode = .forwards
  caption.add(fadeOut, forKey: "fade out")

  var canvas = Canvas(width: 1280, height: 720)
  canvas.duration = 5
  canvas.frameRate = 30
  return Scene(canvas: canvas, root: root)
}


/// The README's lines that write files where the program runs: compiled, never called here.
private func readmeUsage() throws {
  let scene = try lowerThird(name: "Ada Lovelace", role: "Mathematician")
  try SequenceWriter(renderer: CPURenderer()).write(scene, to: "caption.mp4") { progress in
    print("frame \(progress.done) of \(progress.total)")
  }
}

@Suite struct ReadmeExampleTests {
  @Test func swiftExampleDrawsWhatTheSceneDraws() throws {
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
    let card = Layer()
    card.name = "card"
    card.frame = CGRect(x: 40, y: 40, width: 200, height: 120)
    card.backgroundColor = .white
    card.cornerRadius = 20
    card.shadowOpacity = 0.5
    card.shadowOffset = CGSize(width: 0, height: 5)
    card.shadowRadius = 5
    try root.addSublayer(card)
    let badge = Layer()
    badge.name = "badge"
    badge.frame = CGRect(x: 150, y: -10, width: 60, height: 60)
    badge.backgroundColor = Color(hex: "#FF3B30")
    badge.cornerRadius = 30
    try card.addSublayer(badge)

    let plan = try RenderPlan(
      root: root, size: root.bounds.size, scale: 2, background: Color.hex("#F2F2F7"))
    let image = CPURenderer().render(plan)
    func writeCard() throws {  // the README's last line: compiled, not run here
      try image.writePNG(to: "card.png")
    }
    _ = writeCard

    let json = """
      {
        "canvas": { "width": 300, "height": 200, "scale": 2, "background": "#F2F2F7" },
        "layers": [
          { "name": "card", "frame": [40, 40, 200, 120], "backgroundColor": "#FFFFFF",
            "cornerRadius": 20, "shadowOpacity": 0.5, "shadowOffset": [0, 5], "shadowRadius": 5,
            "sublayers": [
              { "name": "badge", "frame": [150, -10, 60, 60], "backgroundColor": "#FF3B30",
                "cornerRadius": 30 } ] } ]
      }
      """
    let scene = try Scene(jsonData: Array(json.utf8))
    let fromScene = CPURenderer().render(try scene.renderPlan())
    #expect(image.width == 600 && image.height == 400)
    #expect(image.pixels == fromScene.pixels)
    // The card's centre is white; the canvas corner is the background.
    #expect(image.pixel(x: 280, y: 200) == (255, 255, 255, 255))
    #expect(image.pixel(x: 2, y: 2) == (0xF2, 0xF2, 0xF7, 255))
    _ = readmeUsage  // compiled with the rest
  }

  /// The lower third at its moments: nothing at t = 0 (the bar still off
  /// the left edge, the text not yet faded in), everything at 2 s, nothing
  /// again at the end; its MP4's last frames fade (decoded by ffmpeg).
  @Test func theLowerThirdSpringsInAndFadesOut() throws {
    let scene = try lowerThird(name: "Ada Lovelace", role: "Mathematician")
    func frame(_ t: Double) throws -> Image { CPURenderer().render(try scene.presentation(at: t).renderPlan()) }
    /// Pixels of `image` inside `r` whose alpha is at least `alpha`.
    func count(_ image: Image, _ r: (x: Range<Int>, y: Range<Int>), alpha: UInt8 = 128, white: Bool = false) -> Int {
      var n = 0
      for y in r.y { for x in r.x {
        let p = image.pixel(x: x, y: y)
        if p.a >= alpha && (!white || (p.r > 200 && p.g > 200 && p.b > 200)) { n += 1 }
      } }
      return n
    }
    let start = try frame(0), middle = try frame(2), end = try frame(4.99)
    let bar = (x: 80..<800, y: 520..<648)
    #expect(count(start, bar) == 0 && count(end, bar, alpha: 8) == 0)
    // The bar, less what its 16-pt corners round off (4 · 16² · (1 − π/4) =
    // 219.7 px); 8 px of tolerance for the corners' antialiased edge pixels.
    #expect(abs(Double(count(middle, bar)) - (720 * 128 - 4 * 256 * (1 - Double.pi / 4))) <= 8)
    // The name in white inside the bar, and the line under it, drawn whole at 2 s.
    #expect(count(middle, (x: 112..<772, y: 536..<584), white: true) > 2000)
    #expect(count(middle, (x: 112..<772, y: 587..<589), white: true) > 1300)
    #expect(count(try frame(0.7), (x: 600..<772, y: 587..<589), white: true) == 0)  // not yet drawn there
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-readme-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try SequenceWriter(renderer: CPURenderer()).write(scene, to: dir + "/fade.mp4", frames: 136...148)
    let ffmpeg = Process()
    ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    ffmpeg.arguments = ["ffmpeg", "-v", "error", "-i", dir + "/fade.mp4", "-f", "rawvideo", "-pix_fmt", "gray", "-"]
    let pipe = Pipe()
    ffmpeg.standardOutput = pipe
    try ffmpeg.run()
    let bytes = Array(pipe.fileHandleForReading.readDataToEndOfFile())
    ffmpeg.waitUntilExit()
    let size = 1280 * 720
    try #require(bytes.count == 13 * size, "ffmpeg decodes 13 frames (tools/setup installs it)")
    let means = stride(from: 0, to: bytes.count, by: size).map { i in
      Double(bytes[i..<(i + size)].reduce(0) { $0 + Int($1) }) / Double(size)
    }
    // From frame 136 (4.53 s) the caption fades to black: each frame darker.
    #expect(zip(means, means.dropFirst()).allSatisfy { $0 > $1 }, "\(means)")
  }

  @Test func theReadmeHoldsThisFilesCode() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    let compiled = blocks.filter { !$0.hasPrefix("// swift-tools-version") }
    #expect(compiled.count == 2)
    for block in compiled {
      var at = 0
      for line in block.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
        guard let found = here[at...].firstIndex(of: line) else {
          Issue.record("README line not in ReadmeExampleTests.swift (in this order): \(line)")
          break
        }
        at = found + 1
      }
    }
  }
}
