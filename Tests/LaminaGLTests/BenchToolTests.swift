// `lamina bench` as scripts and people read it: the JSON of `--json` (the
// machine, the GL renderer, one object per scene and backend with the
// times of every frame, wall and CPU) and the table's columns. Not a
// timing test: it asserts the shape and sense of the numbers, not speed.
import Foundation
import LaminaTestSupport
import Testing

@Suite("lamina bench output", requiresGL)
struct BenchToolTests {
  @Test(.enabled(if: LaminaTool.isBuilt, "the lamina tool is not built"))
  func jsonAndTableHoldEveryFrameWallAndCPU() throws {
    let json = FileManager.default.temporaryDirectory.path + "/lamina-bench-\(getpid()).json"
    defer { try? FileManager.default.removeItem(atPath: json) }
    let (status, out, err) = try LaminaTool.run(
      ["bench", "S2-sigma2", "--suite", "peers", "--frames", "3", "--warmup", "1", "--json", json], environment: [:])
    #expect(status == 0, "\(err)")
    #expect(out.contains("cpu ms") && out.contains("median ms") && out.contains("S2-sigma2"), "\(out)")

    let data = try #require(FileManager.default.contents(atPath: json))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect((document["gl_renderer"] as? String)?.isEmpty == false)
    #expect((document["machine"] as? [String: Any])?["cores"] as? Int ?? 0 >= 1)
    let rows = try #require(document["results"] as? [[String: Any]])
    #expect(Set(rows.compactMap { $0["backend"] as? String }) == ["gl", "cpu"])
    for row in rows {
      #expect(row["scene"] as? String == "S2-sigma2")
      let frames = try #require(row["frames_ms"] as? [Double]), cpu = try #require(row["cpu_frames_ms"] as? [Double])
      #expect(frames.count == 3 && cpu.count == 3, "every timed frame, warm-up left out")
      #expect(frames.allSatisfy { $0 > 0 } && cpu.allSatisfy { $0 >= 0 })
      let median = try #require(row["median_ms"] as? Double), low = try #require(row["min_ms"] as? Double)
      let p95 = try #require(row["p95_ms"] as? Double)
      #expect(low <= median && median <= p95 && low == frames.min())
      #expect((row["cpu_median_ms"] as? Double ?? 0) > 0, "a frame takes CPU time")
      #expect(row["parity_max_channel_difference"] as? Int != nil)
    }
  }
}
