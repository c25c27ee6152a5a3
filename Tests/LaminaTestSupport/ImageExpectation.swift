// Comparing a rendered image with an expected one: exactly (goldens) or
// within a named tolerance (GL against CPU). A failure writes
// `expected | diff | actual` and a JSON report under .build/image-failures/
// and returns a message naming them.
import Lamina

/// A named bound on how far two images may differ, with its reason. Every
/// one is declared in this module (the tolerance files), beside the others.
public struct ImageTolerance: Sendable, CustomStringConvertible {
  public let name: String
  /// Why this much difference is expected.
  public let reason: String
  /// Most pixels must have every channel within this many levels…
  public let levels: Int
  /// …all but at most this share of pixels.
  public let maxShareBeyondLevels: Double
  /// No more than this share of pixels may differ by more than `largeLevels`.
  public let largeLevels: Int
  public let maxShareBeyondLarge: Double
  /// The mean absolute error over all channels must stay below this.
  public let maxMeanError: Double

  /// Identical bytes.
  public static let exact = ImageTolerance(
    name: "exact", reason: "the CPU renderer is deterministic", levels: 0, maxShareBeyondLevels: 0,
    largeLevels: 0, maxShareBeyondLarge: 0, maxMeanError: 0)

  /// The reasons a diff breaks this tolerance; empty when it passes.
  public func violations(of d: ImageDiff) -> [String] {
    var out: [String] = []
    if d.fractionBeyond(levels) > maxShareBeyondLevels {
      out.append(String(format: "%.4f%% of pixels beyond %d levels (limit %.4f%%)",
        d.fractionBeyond(levels) * 100, levels, maxShareBeyondLevels * 100))
    }
    if d.fractionBeyond(largeLevels) > maxShareBeyondLarge {
      out.append(String(format: "%.4f%% of pixels beyond %d levels (limit %.4f%%)",
        d.fractionBeyond(largeLevels) * 100, largeLevels, maxShareBeyondLarge * 100))
    }
    if d.meanAbsoluteError > maxMeanError || (maxMeanError == 0 && d.maxChannelDifference > 0) {
      out.append(String(format: "mean absolute error %.4f (limit %.4f)", d.meanAbsoluteError, maxMeanError))
    }
    return out
  }

  public var description: String { "\(name) (\(reason))" }
}

public enum ImageExpectation {
  /// The folder failing tests write to.
  public static let failureFolder = Corpus.root + "/.build/image-failures"

  /// `nil` when `actual` matches `expected` within `tolerance`; otherwise a
  /// message with the numbers and the paths of the strip and report written.
  public static func check(
    _ actual: Image, against expected: Image, tolerance: ImageTolerance, name: String
  ) -> String? {
    let diff: ImageDiff
    do {
      diff = try ImageDiff(expected, actual)
    } catch {
      return report(name, expected, actual, "\(error)", nil)
    }
    let problems = tolerance.violations(of: diff)
    if problems.isEmpty { return nil }
    return report(name, expected, actual, problems.joined(separator: "; "), diff)
  }

  static func report(_ name: String, _ expected: Image, _ actual: Image, _ why: String, _ d: ImageDiff?) -> String {
    let safe = name.replacingOccurrences(of: "/", with: "_")
    try? FileManager.default.createDirectory(atPath: failureFolder, withIntermediateDirectories: true)
    let strip = failureFolder + "/" + safe + ".png"
    let json = failureFolder + "/" + safe + ".json"
    if let png = try? ImageDiff.sideBySide(expected: expected, actual: actual).pngData() {
      _ = FileManager.default.createFile(atPath: strip, contents: Data(png))
    }
    var fields: [String: Any] = ["name": name, "why": why]
    if let d {
      fields["maxChannelDifference"] = d.maxChannelDifference
      fields["meanAbsoluteError"] = d.meanAbsoluteError
      fields["beyond2"] = d.fractionBeyond(2)
      fields["beyond16"] = d.fractionBeyond(16)
    }
    if let data = try? JSONSerialization.data(withJSONObject: fields, options: [.prettyPrinted, .sortedKeys]) {
      _ = FileManager.default.createFile(atPath: json, contents: data)
    }
    return "\(name): \(why)\n  expected | diff | actual: \(strip)\n  report: \(json)"
  }

  /// True when goldens may be rewritten (`LAMINA_UPDATE_GOLDENS=1`).
  public static var updatingGoldens: Bool {
    ProcessInfo.processInfo.environment["LAMINA_UPDATE_GOLDENS"] == "1"
  }
}

/// Wrong versions of a right image, which every tolerance must refuse: a
/// tolerance that accepts them could not fail.
public enum WrongImages {
  /// All transparent.
  public static func blank(like image: Image) -> Image {
    Image(
      width: image.width, height: image.height,
      premultipliedPixels: [UInt8](repeating: 0, count: image.width * image.height * 4))
  }

  /// Moved by whole pixels; the edge rows and columns repeat into the gap,
  /// so only the move itself differs (not a transparent strip).
  public static func shifted(_ image: Image, dx: Int, dy: Int) -> Image {
    let w = image.width, h = image.height
    var out = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      let sy = min(max(y - dy, 0), h - 1)
      for x in 0..<w {
        let sx = min(max(x - dx, 0), w - 1)
        for c in 0..<4 { out[(y * w + x) * 4 + c] = image.pixels[(sy * w + sx) * 4 + c] }
      }
    }
    return Image(width: w, height: h, premultipliedPixels: out)
  }

  /// Red lowered by `levels` wherever there is red (premultiplied stays valid).
  public static func tinted(_ image: Image, levels: UInt8) -> Image {
    Image(
      width: image.width, height: image.height,
      premultipliedPixels: image.pixels.enumerated().map { i, v in i % 4 == 0 ? v &- min(v, levels) : v })
  }

  /// Blank, moved one pixel right, and red lowered by `tint` levels.
  public static func all(_ image: Image, tint: UInt8) -> [(String, Image)] {
    [("blank", blank(like: image)), ("shifted", shifted(image, dx: 1, dy: 0)), ("tinted", tinted(image, levels: tint))]
  }
}
