// The figures of the demo: every `figure-*.json` in the examples folder, in
// book order (4.2 before 4.10: the number parts compare as numbers), each
// with its `_caption`. The caption is a comment to the scene loader, so it
// is read here straight from the JSON with JSONSerialization.
//
// Rejected: a list of figures in the code (it would drift from Examples/).
import Lamina

/// One figure file of `Examples/`.
struct Figure {
  /// The file name without `.json`, e.g. `figure-5.23`: the stem of its PNGs.
  let id: String
  let path: String
  /// The `_caption` of the scene, or "" when it has none.
  let caption: String

  /// The figure files of `folder`, in book order.
  static func all(in folder: String) throws -> [Figure] {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasPrefix("figure-") && $0.hasSuffix(".json") }
    return names.map { name in
      let path = folder + "/" + name
      return Figure(id: String(name.dropLast(5)), path: path, caption: caption(of: path))
    }
    .sorted { sortKey($0.id).lexicographicallyPrecedes(sortKey($1.id)) }
  }

  /// `figure-5.23-fixed` → [5, 23, "fixed"] compared part by part, numbers as
  /// numbers (padded so that string order is number order).
  private static func sortKey(_ id: String) -> [String] {
    id.dropFirst("figure-".count).split(whereSeparator: { $0 == "." || $0 == "-" }).map { part in
      Int(part).map { String(format: "%08d", $0) } ?? "~" + part
    }
  }

  private static func caption(of path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let caption = object["_caption"] as? String
    else { return "" }
    return caption
  }
}
