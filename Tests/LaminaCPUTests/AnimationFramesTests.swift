// Frames are pure functions of time: frame n of an animated scene drawn
// alone (a fresh load, a fresh renderer), within the whole sequence (one
// renderer, whose caches carry over from frame to frame) and within two
// split ranges is the same image, byte for byte. The animated PNG of the
// sequence has the right frames and delays by its own chunks and by
// ffprobe (tools/setup installs ffmpeg), and ffmpeg decodes each of its
// frames back to the rendered pixels.

import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina
@testable import LaminaCPU

@Suite struct AnimationFramesTests {
  static func scene() throws -> Scene { try AnimatedScenes.sampler() }

  static func frame(_ scene: Scene, _ n: Int, _ renderer: CPURenderer) throws -> Image {
    try renderer.render(scene.presentation(at: Double(n) / scene.canvas.frameRate).renderPlan())
  }

  @Test func framesArePureFunctionsOfTime() throws {
    let scene = try Self.scene()
    let count = 12
    // Alone: a fresh scene and renderer per frame.
    let alone = try (0..<count).map { n in try Self.frame(try Self.scene(), n, CPURenderer()).pixels }
    // In sequence: one renderer throughout.
    let renderer = CPURenderer()
    let sequence = try (0..<count).map { try Self.frame(scene, $0, renderer).pixels }
    // Two ranges, each with its own renderer, the second run first.
    let second = CPURenderer()
    let late = try (5..<count).map { try Self.frame(scene, $0, second).pixels }
    let first = CPURenderer()
    let early = try (0..<5).map { try Self.frame(scene, $0, first).pixels }
    for n in 0..<count {
      #expect(sequence[n] == alone[n], "frame \(n) in sequence")
      #expect((early + late)[n] == alone[n], "frame \(n) in split ranges")
    }
    // The frames differ (the test would pass on a still scene otherwise).
    #expect(Set(alone).count == count)
  }

  @Test func theBoxIsWhereTheLinearAnimationPutsIt() throws {
    // At frame 6 (t = 0.5) the box's centre is at x = 10 + 80 × 0.5 = 50,
    // turned half way round (a square turned 180° covers the same pixels).
    let image = try Self.frame(Self.scene(), 6, CPURenderer())
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * 100 + x) * 4..<(y * 100 + x) * 4 + 4]) }
    #expect(pixel(50, 15) == [255, 0, 0, 255])
    #expect(pixel(43, 15) == [255, 255, 255, 255])
    #expect(pixel(10, 15) == [255, 255, 255, 255])
  }

  @Test func theAnimatedPNGHasEveryFrameAndItsDelay() throws {
    let scene = try Self.scene()
    let renderer = CPURenderer()
    let frames = try (0..<12).map { try Self.frame(scene, $0, renderer) }
    var apng = APNGEncoder(width: 100, height: 60, delay: APNGEncoder.delay(framesPerSecond: 12))
    for f in frames { try apng.append(f) }
    let data = apng.data()
    let info = try #require(APNGInfo(data: data))
    #expect(info.frameCount == 12 && info.width == 100 && info.height == 60)
    #expect(info.delays == [Double](repeating: 1.0 / 12, count: 12))
    #expect(info.isWellFormed)
    // Frame 0 is also the still image: libpng reads it as frame 0 (opaque,
    // so the premultiplied bytes read back are the rendered ones).
    #expect(try Image(pngData: data).pixels == frames[0].pixels)

    // ffprobe and ffmpeg, from outside.
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-apng-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("frames.png").path
    try apng.write(to: file)
    let probe = try Self.run(
      "ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                  "stream=codec_name,nb_read_frames,r_frame_rate", "-of", "csv=p=0", file])
    #expect(String(decoding: probe, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "apng,12/1,12")
    let times = try Self.run(
      "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time", "-of", "csv=p=0", file])
    let pts = String(decoding: times, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
    #expect(pts.count == 12)
    for (i, t) in pts.enumerated() { #expect(abs(t - Double(i) / 12) < 1e-3, "frame \(i) at \(t)") }
    let raw = try Self.run("ffmpeg", ["-v", "error", "-i", file, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
    #expect(raw.count == 12 * 100 * 60 * 4)
    for (i, f) in frames.enumerated() {
      #expect(Array(raw[(i * 24000)..<((i + 1) * 24000)]) == f.straight.pixels, "frame \(i) decoded by ffmpeg")
    }
  }

  /// Runs a tool from PATH and returns its standard output.
  static func run(_ tool: String, _ arguments: [String]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(tool) failed (tools/setup installs ffmpeg)")
    return Array(data)
  }
}
