// SequenceWriter from Swift: the frames it writes are the frames drawn one
// by one at n / fps, progress is reported once per frame, a video without
// alpha is composited over its background so a fade fades (read back with
// ffmpeg, a decoder nobody here wrote), and every failure is a clear error.
import Foundation
import LaminaCPU
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite struct SequenceWriterTests {
  /// 64×48, transparent, 10 frames/s for 1 s: a white layer over the whole
  /// canvas fading from opacity 1 to 0.
  static let fade = ##"""
    { "version": 2, "canvas": { "width": 64, "height": 48, "duration": 1, "frameRate": 10 },
      "layers": [ { "frame": [0, 0, 64, 48], "backgroundColor": "#ffffff",
        "animations": [ { "type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 1 } ] } ] }
    """##

  static func folder() throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-seq-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  /// The video's frames decoded by ffmpeg to RGB (24 bits a pixel), or a
  /// recorded failure when ffmpeg is missing (tools/setup installs it).
  static func decode(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
    let ffmpeg = Process()
    ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    ffmpeg.arguments = ["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
    let pipe = Pipe()
    ffmpeg.standardOutput = pipe
    try ffmpeg.run()
    let bytes = Array(pipe.fileHandleForReading.readDataToEndOfFile())
    ffmpeg.waitUntilExit()
    #expect(ffmpeg.terminationStatus == 0, "ffmpeg could not decode \(path) (tools/setup installs ffmpeg)")
    let size = width * height * 3
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
  }

  /// A PNG file's straight pixels.
  static func png(_ path: String) throws -> StraightImage {
    try StraightImage(pngData: Array(try #require(FileManager.default.contents(atPath: path))))
  }

  static func mean(_ frame: [UInt8]) -> Double { Double(frame.reduce(0) { $0 + Int($1) }) / Double(frame.count) }

  @Test func anMP4OfAFadeOnATransparentCanvasFades() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let scene = try Scene(jsonData: Array(Self.fade.utf8))
    try SequenceWriter(renderer: CPURenderer()).write(scene, to: dir + "/fade.mp4")
    let frames = try Self.decode(dir + "/fade.mp4", width: 64, height: 48)
    try #require(frames.count == 10)
    let means = frames.map(Self.mean)
    // Frame n is white at opacity 1 − n/10 over black: 255·(1 − n/10).
    // Tolerance: 6 levels, H.264's error on flat frames at its default
    // quality (measured: under 2). Straight RGBA without the composite
    // gave 255 for every frame.
    for (n, m) in means.enumerated() {
      #expect(abs(m - 255 * (1 - Double(n) / 10)) <= 6, "frame \(n): mean \(m)")
    }
    #expect(zip(means, means.dropFirst()).allSatisfy { $0 > $1 }, "\(means)")
  }

  @Test func aWebMKeepsTheAlpha() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let scene = try Scene(jsonData: Array(Self.fade.utf8))
    try SequenceWriter(renderer: CPURenderer()).write(scene, to: dir + "/fade.webm")
    // Decoded with libvpx's VP9 decoder, which reads the alpha plane.
    let ffmpeg = Process()
    ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    ffmpeg.arguments = ["ffmpeg", "-v", "error", "-c:v", "libvpx-vp9", "-i", dir + "/fade.webm", "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
    let pipe = Pipe()
    ffmpeg.standardOutput = pipe
    try ffmpeg.run()
    let bytes = Array(pipe.fileHandleForReading.readDataToEndOfFile())
    ffmpeg.waitUntilExit()
    let size = 64 * 48 * 4
    try #require(bytes.count == 10 * size, "ffmpeg decodes 10 frames (tools/setup installs it)")
    for n in 0..<10 {
      let f = bytes[(n * size)..<((n + 1) * size)]
      let alpha = Double(stride(from: f.startIndex + 3, to: f.endIndex, by: 4).reduce(0) { $0 + Int(f[$1]) }) / Double(64 * 48)
      // Alpha 255·(1 − n/10) within 6 levels (VP9's lossy alpha plane); the colour stays white.
      #expect(abs(alpha - 255 * (1 - Double(n) / 10)) <= 6, "frame \(n): alpha \(alpha)")
      if n < 9 { #expect(f[f.startIndex] >= 245, "frame \(n): red \(f[f.startIndex])") }
    }
  }

  @Test func theBackgroundIsChosen() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // Frame 9 of the fade is 10 % white; frame... take the empty canvas: no layers.
    let scene = try Scene(jsonData: Array(##"{ "version": 2, "canvas": { "width": 32, "height": 32, "duration": 0.2, "frameRate": 10 }, "layers": [] }"##.utf8))
    let writer = SequenceWriter(renderer: CPURenderer())
    writer.background = Color(hex: "#FF0000")
    try writer.write(scene, to: dir + "/red.mp4")
    let frames = try Self.decode(dir + "/red.mp4", width: 32, height: 32)
    try #require(frames.count == 2)
    // Red through yuv420p and back: within 8 levels (BT.601's rounding).
    for f in frames {
      #expect(abs(Int(f[0]) - 255) <= 8 && f[1] <= 8 && f[2] <= 8, "\(f[0...2])")
    }
    // A PNG folder keeps alpha unless a background is chosen.
    let png = SequenceWriter(renderer: CPURenderer())
    try png.write(scene, to: dir + "/clear")
    #expect(try Self.png(dir + "/clear/frame-00000.png").pixels[0..<4] == [0, 0, 0, 0])
    png.background = .white
    try png.write(scene, to: dir + "/white")
    #expect(try Self.png(dir + "/white/frame-00001.png").pixels[0..<4] == [255, 255, 255, 255])
  }

  @Test func framesAreTheFramesDrawnOneByOneAndProgressIsReportedForEach() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let scene = try Scene(jsonData: Array(Self.fade.utf8))
    var reports: [SequenceProgress] = []
    let last = try SequenceWriter(renderer: CPURenderer()).write(scene, to: dir + "/f", frames: 3...6) { reports.append($0) }
    #expect(reports.map(\.frame) == [3, 4, 5, 6] && reports.map(\.done) == [1, 2, 3, 4])
    #expect(reports.allSatisfy { $0.total == 4 } && last.done == 4)
    #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.elapsed <= $1.elapsed })
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/f").sorted() == (3...6).map { SequenceOutput.fileName(ofFrame: $0) })
    for n in 3...6 {
      let drawn = CPURenderer().render(try scene.presentation(at: Double(n) / 10).renderPlan())
      #expect(try Self.png(dir + "/f/" + SequenceOutput.fileName(ofFrame: n)) == drawn.straight, "frame \(n)")
    }
    // An animated PNG of the same frames: ten of them, the first frame's pixels.
    try SequenceWriter(renderer: CPURenderer()).write(scene, to: dir + "/a.apng")
    let info = APNGInfo(data: Array(FileManager.default.contents(atPath: dir + "/a.apng") ?? Data()))
    #expect(info?.frameCount == 10)
  }

  @Test func failuresAreClearErrors() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let scene = try Scene(jsonData: Array(Self.fade.utf8))
    let writer = SequenceWriter(renderer: CPURenderer())
    #expect(throws: SequenceError.self) { try writer.write(scene, to: dir + "/x.avi") }
    do {
      try writer.write(scene, to: dir + "/x.avi")
    } catch {
      #expect(error.kind == .output && error.message.contains("unknown output kind '.avi'"))
    }
    #expect(VideoEncoder.find("ffmpeg", path: "/nonexistent") == nil)
    writer.ffmpegPath = dir + "/no-ffmpeg"
    do {
      try writer.write(scene, to: dir + "/x.mp4")
      Issue.record("a missing ffmpeg must fail")
    } catch {
      #expect(error.kind == .encoder && error.message.contains("cannot start"), "\(error)")
    }
    // An ffmpeg that exits at once: a clear error at the first frame, no hang.
    writer.ffmpegPath = "/bin/true"
    do {
      try writer.write(scene, to: dir + "/x.mp4")
      Issue.record("an ffmpeg that stops reading must fail")
    } catch {
      #expect(error.kind == .encoder && error.message.contains("ffmpeg"), "\(error)")
    }
    writer.ffmpegPath = nil
    // A folder that does not exist: ffmpeg's own words are quoted; a name
    // beginning with "-" is a file, not an option.
    do {
      try writer.write(scene, to: dir + "/missing/-x.mp4")
      Issue.record("an unwritable video must fail")
    } catch {
      #expect(error.kind == .encoder && error.message.contains("No such file or directory"), "\(error)")
    }
    try writer.write(scene, to: dir + "/-x:y.mp4", frames: 0...1)
    #expect(FileManager.default.fileExists(atPath: dir + "/-x:y.mp4"))
    do {
      try writer.write(scene, to: dir + "/x", frames: 8...12)
      Issue.record("a range past the end must fail")
    } catch {
      #expect(error.kind == .sequence && error.message.contains("outside the sequence's frames 0..9"), "\(error)")
    }
    // A PNG that cannot be written (a folder stands at its name): its
    // encoding thread's failure reaches the caller, naming the file.
    try FileManager.default.createDirectory(
      atPath: dir + "/blocked/" + SequenceOutput.fileName(ofFrame: 2), withIntermediateDirectories: true)
    do {
      try writer.write(scene, to: dir + "/blocked")
      Issue.record("an unwritable frame must fail")
    } catch {
      #expect(error.kind == .output && error.message.contains(SequenceOutput.fileName(ofFrame: 2)), "\(error)")
    }
    // A frame that cannot be drawn stops the run and stops ffmpeg, naming the frame.
    let bad = try Scene(jsonData: Array(Self.fade.utf8))
    let layer = try #require(bad.root.sublayers?.first)
    let a = BasicAnimation(keyPath: "opacity")
    a.toValue = Double.nan
    a.beginTime = 0.5
    a.duration = 1
    layer.add(a, forKey: "nan")
    do {
      try writer.write(bad, to: dir + "/bad.mp4")
      Issue.record("a non-finite frame must fail")
    } catch {
      #expect(error.kind == .frame && error.message.hasPrefix("frame 5 (t = 0.5 s)"), "\(error)")
    }
  }

  @Test func compositingOverABackgroundIsSourceOver() {
    // Premultiplied (128, 0, 0, 128) over white: 128 + 255·127/255 = 255, 127, 127.
    let image = Image(width: 2, height: 1, premultipliedPixels: [128, 0, 0, 128, 0, 0, 0, 0])
    #expect(image.composited(over: .white).pixels == [255, 127, 127, 255, 255, 255, 255, 255])
    #expect(image.composited(over: .black).pixels == [128, 0, 0, 255, 0, 0, 0, 255])
  }
}
