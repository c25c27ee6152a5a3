// `lamina render --time` and `lamina frames` as a user runs them: frames
// written from a range equal the frames `render --time` draws at n / fps,
// progress goes to standard error as plain lines off a terminal, a video
// made through ffmpeg has every frame (counted by ffprobe), and bad
// options say what is wrong.

import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite(.enabled(if: LaminaTool.isBuilt, "the lamina tool is not built"))
struct FramesToolTests {
  static let scene = ##"""
    { "version": 2, "canvas": { "width": 40, "height": 20, "background": "#ffffff", "duration": 0.5, "frameRate": 10 },
      "layers": [ { "bounds": [0, 0, 6, 6], "position": [5, 10], "backgroundColor": "#ff0000",
        "animations": [ { "type": "basic", "keyPath": "position.x", "fromValue": 5, "toValue": 35, "duration": 0.5 } ] } ] }
    """##

  func folder() throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-frames-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try Self.scene.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
    return dir
  }

  @Test func framesFromARangeEqualRenderAtTheirTimes() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (status, out, err) = try LaminaTool.run(
      ["frames", dir + "/scene.json", "-o", dir + "/out", "--range", "2..3", "--backend", "cpu"], environment: [:])
    #expect(status == 0, "\(err)")
    #expect(out.contains("2 frames"))
    // Not a terminal: plain progress lines with the rate and the time left.
    #expect(err.contains("frame 2/2,") && err.contains("frames/s, ETA"), "\(err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted() == ["frame-00002.png", "frame-00003.png"])
    // The same frames with `render`'s compression, to compare files byte for byte.
    let small = try LaminaTool.run(
      ["frames", dir + "/scene.json", "-o", dir + "/small", "--range", "2..3", "--backend", "cpu", "--png-compression", "small"],
      environment: [:])
    #expect(small.status == 0, "\(small.err)")
    for n in [2, 3] {
      let still = dir + "/still\(n).png"
      let r = try LaminaTool.run(
        ["render", dir + "/scene.json", "-o", still, "--time", "\(Double(n) / 10)", "--backend", "cpu"], environment: [:])
      #expect(r.status == 0, "\(r.err)")
      let a = FileManager.default.contents(atPath: still)
      let b = FileManager.default.contents(atPath: dir + "/small/frame-0000\(n).png")
      #expect(a != nil && a == b, "frame \(n)")
      // The default, fast compression: other bytes, the same pixels.
      let fast = try #require(FileManager.default.contents(atPath: dir + "/out/frame-0000\(n).png"))
      #expect(try StraightImage(pngData: Array(fast)) == StraightImage(pngData: Array(a ?? Data())), "frame \(n)")
      // `render --png-compression fast` writes what `frames` writes by default.
      let quick = dir + "/quick\(n).png"
      let q = try LaminaTool.run(
        ["render", dir + "/scene.json", "-o", quick, "--time", "\(Double(n) / 10)", "--backend", "cpu",
         "--png-compression", "fast"], environment: [:])
      #expect(q.status == 0, "\(q.err)")
      #expect(FileManager.default.contents(atPath: quick) == fast, "frame \(n)")
    }
  }

  @Test func anAnimatedPNGAndAVideo() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let apng = try LaminaTool.run(["frames", dir + "/scene.json", "-o", dir + "/a.png", "--backend", "cpu"], environment: [:])
    #expect(apng.status == 0, "\(apng.err)")
    let info = APNGInfo(data: Array(FileManager.default.contents(atPath: dir + "/a.png") ?? Data()))
    #expect(info?.frameCount == 5 && info?.delays == [Double](repeating: 0.1, count: 5))
    // --fps and --duration override the canvas: 4 frames/s for 1 s.
    let video = try LaminaTool.run(
      ["frames", dir + "/scene.json", "-o", dir + "/v.mp4", "--fps", "4", "--duration", "1", "--backend", "cpu"],
      environment: [:])
    #expect(video.status == 0, "\(video.err)")
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    probe.arguments = [
      "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
      "stream=codec_name,nb_read_frames", "-of", "csv=p=0", dir + "/v.mp4",
    ]
    let pipe = Pipe()
    probe.standardOutput = pipe
    try probe.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    probe.waitUntilExit()
    #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "h264,4", "tools/setup installs ffmpeg")
  }

  @Test func badOptionsSayWhatIsWrong() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let cases: [([String], String)] = [
      (["--range", "4..2"], "the range 4..2 is reversed: FIRST must be ≤ LAST"),
      (["--range", "3..9"], "the range 3..9 is outside the sequence's frames 0..4"),
      (["--range", "7"], "expected FIRST..LAST, got '7'"),
      (["--fps", "0"], "the frame rate must be > 0"),
      (["--duration", "1e9"], "--duration: 1000000000 s at 10 frames/s is 10000000000 frames; at most 100000 are drawn in one run"),
    ]
    for (options, message) in cases {
      let r = try LaminaTool.run(["frames", dir + "/scene.json", "-o", dir + "/x"] + options, environment: [:])
      #expect(r.status != 0 && r.err.contains(message), "\(options): \(r.err)")
    }
    let time = try LaminaTool.run(["render", dir + "/scene.json", "-o", dir + "/x.png", "--time", "inf"], environment: [:])
    #expect(time.status != 0 && time.err.contains("--time must be a finite number of seconds"), "\(time.err)")
  }
}
