// The animated Chromium references: Tests/References/animated/NAME.json
// (a scene listing `_referenceTimes`) with NAME@Ts.png, Chromium's frame of
// the scene at t = T seconds, drawn from Web Animations that say what the
// scene's animations say (tools/references/translate_animation.py,
// docs/references.md, "Animated scenes"). Lamina draws the same frame as
// `scene.presentation(at: T)`. Rejected: listing the times in Swift (the
// PNG names are the list, so a frame added by the tool is tested at once).
import Lamina

/// One frame of an animated reference scene.
public struct AnimatedReferenceFrame: Sendable, CustomStringConvertible {
  /// The scene's file name without `.json`, e.g. `opacity-fade`.
  public let id: String
  /// The scene time of the frame, in seconds.
  public let time: Double
  /// The time as written in the file name.
  public let timeText: String
  public var scenePath: String { AnimatedReferences.folder + "/" + id + ".json" }
  public var imagePath: String { AnimatedReferences.folder + "/" + id + "@" + timeText + "s.png" }
  public var description: String { id + "@" + timeText + "s" }

  /// The scene presented at `time` (or at `other`), lowered.
  public func plan(at other: Double? = nil) throws -> RenderPlan {
    try Scene(contentsOfFile: scenePath).presentation(at: other ?? time).renderPlan()
  }

  /// The canvas scale (pixels per point).
  public var scale: Double { (try? Scene(contentsOfFile: scenePath).canvas.scale) ?? 1 }

  /// Chromium's frame.
  public func reference() throws -> Image { try Image(contentsOfPNGFile: imagePath) }
}

public enum AnimatedReferences {
  /// Tests/References/animated.
  public static let folder = References.folder + "/animated"

  /// Every frame, sorted by scene and time.
  public static let frames: [AnimatedReferenceFrame] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.compactMap { name -> AnimatedReferenceFrame? in
      guard name.hasSuffix("s.png"), let at = name.lastIndex(of: "@") else { return nil }
      let id = String(name[..<at])
      let text = String(name[name.index(after: at)...].dropLast(5))
      guard let t = Double(text) else { return nil }
      return AnimatedReferenceFrame(id: id, time: t, timeText: text)
    }.sorted { ($0.id, $0.time) < ($1.id, $1.time) }
  }()

  /// The scene ids.
  public static var sceneIDs: [String] { Array(Set(frames.map(\.id))).sorted() }
}
