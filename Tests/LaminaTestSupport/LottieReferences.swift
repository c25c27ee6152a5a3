// LottieReferences: lottie-ios's development samples with Core Animation's
// own renders of them (Tests/References/lottie-ios, copied by
// tools/lottie-ios-references), drawn by a backend at each reference's size
// and judged by SnapshotComparison, swift-snapshot-testing's rule. A render
// is drawn as lottie-ios's snapshot views draw it: the animation scaled by
// 2 × (its size clamped to 500 pt on the longer side) / its size, from the
// top-left, on a transparent canvas.
import Foundation
import Lamina
import LaminaLottie

public enum LottieReferences {
  public static let folder = Corpus.root + "/Tests/References/lottie-ios"

  /// One reference: a sample at a progress, and how it compared.
  public struct Outcome: Sendable {
    public var name: String
    public var progress: Double
    public var result: SnapshotComparison.Result
    /// An empty (transparent) image passes this reference too: it tells nothing.
    public var emptyPasses: Bool
    public var label: String { "\(name)@\(Int((progress * 100).rounded()))" }
  }

  /// The references of the manifest drawn by `render` and compared: all of
  /// them, or with `every: n` one in n (by position in the manifest, so each
  /// sample and each progress is drawn somewhere).
  public static func check(every n: Int = 1, render: (RenderPlan) throws -> Image) throws -> [Outcome] {
    var position = 0
    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))
    guard let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let samples = manifest["samples"] as? [[String: Any]]
    else { throw CocoaError(.fileReadCorruptFile) }
    var out: [Outcome] = []
    for sample in samples {
      guard let name = sample["name"] as? String, let file = sample["file"] as? String,
        let refs = sample["references"] as? [[String: Any]]
      else { continue }
      let precision = Float(sample["precision"] as? Double ?? 0.985)
      let animation = try LottieAnimation(contentsOf: folder + "/" + file)
      let w = animation.size.width, h = animation.size.height
      let scale = w > h ? 2 * min(w, 500) / w : 2 * min(h, 500) / h
      for ref in refs {
        guard let png = ref["png"] as? String, let progress = ref["progress"] as? Double else { continue }
        position += 1
        if (position - 1) % n != 0 { continue }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + png)))
        let reference = try StraightImage(pngData: bytes)
        let scene = try animation.scene(scale: scale, pixelSize: (reference.width, reference.height))
        let t = animation.time(atFrame: animation.frame(atProgress: progress))
        let image = try render(try scene.presentation(at: t).renderPlan())
        let empty = Image(width: reference.width, height: reference.height,
                          premultipliedPixels: [UInt8](repeating: 0, count: reference.width * reference.height * 4))
        out.append(
          Outcome(
            name: name, progress: progress, result: SnapshotComparison.compare(reference, image, precision: precision),
            emptyPasses: SnapshotComparison.compare(reference, empty, precision: precision).passed))
      }
    }
    return out
  }
}
