// `lamina bench --json` with a sequence scene (S6, S6-one): the JSON holds
// a `sequences` row per scene and backend (full, incremental, share, end
// to end frames per second), which tools/peers/compare.py reads. Run on a
// small stand-in for S6-one (LAMINA_BENCH_SCENES: a 96×64 canvas, 6
// frames, one card moving), so it takes about a second, not the four
// minutes of the real scene. Not a timing test: it asserts the shape and
// sense of the numbers.
import Foundation
import LaminaTestSupport
import Testing

@Suite(.enabled(if: LaminaTool.isBuilt, "the lamina tool is not built"))
struct BenchSequencesToolTests {
  static let card = ##""frame": [4, 4, 30, 20], "cornerRadius": 4, "backgroundColor": "#FFFFFF", "borderWidth": 1, "borderColor": "#333333", "shadowOpacity": 0.5, "shadowOffset": [0, 2], "shadowRadius": 2"##
  static let scene = """
    { "format": "lamina-scene", "version": 2,
      "canvas": { "width": 96, "height": 64, "background": "#EEEEEE", "duration": 0.1, "frameRate": 60 },
      "layers": [
        { "name": "still", \(card) },
        { "name": "moving", \(card.replacingOccurrences(of: "[4, 4,", with: "[50, 30,")),
          "animations": [ { "type": "basic", "keyPath": "position", "byValue": [-7.5, 3.25], "beginTime": 0, "duration": 0.1 } ] } ] }
    """

  @Test func theJSONHoldsSequenceRows() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-seq-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // The folder needs an S1 (BenchScene.folder); S6-one is the stand-in.
    try Self.scene.write(toFile: dir + "/S1.json", atomically: true, encoding: .utf8)
    try Self.scene.write(toFile: dir + "/S6-one.json", atomically: true, encoding: .utf8)
    let json = dir + "/bench.json"
    let (status, out, err) = try LaminaTool.run(
      ["bench", "S6-one", "--backend", "cpu", "--json", json], environment: ["LAMINA_BENCH_SCENES": dir])
    #expect(status == 0, "\(err)")
    #expect(out.contains("S6-one") && out.contains("share"), "\(out)")

    let data = try #require(FileManager.default.contents(atPath: json))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect((document["results"] as? [Any])?.isEmpty == true, "no steady-frame scene was asked for")
    let rows = try #require(document["sequences"] as? [[String: Any]])
    #expect(rows.count == 1)
    let row = try #require(rows.first)
    #expect(row["scene"] as? String == "S6-one" && row["backend"] as? String == "cpu")
    #expect(row["frames"] as? Int == 6)
    let full = try #require(row["full_ms"] as? Double), incremental = try #require(row["incremental_ms"] as? Double)
    let share = try #require(row["share"] as? Double)
    #expect(full > 0 && incremental > 0)
    #expect(abs(share - incremental / full) < 1e-9, "share is incremental / full")
    let tiles = try #require(row["damaged_tiles"] as? Double)
    #expect(tiles > 0 && tiles <= 1, "one card moved: some of the tiles, at most all")
    for key in ["lower_ms", "png_fps_full", "png_fps_incremental", "apng_fps_full", "apng_fps_incremental"] {
      #expect((row[key] as? Double ?? 0) > 0, "\(key)")
    }
  }
}
