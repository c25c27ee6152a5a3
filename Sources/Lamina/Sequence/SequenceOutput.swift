// SequenceOutput: where a frame sequence goes, chosen from the output's
// path as `lamina frames -o` chooses it: a folder of PNGs (no extension),
// an animated PNG (`.png`, `.apng`), or a video through the `ffmpeg`
// command-line tool (`.mp4`, `.mov`, `.mkv`: H.264; `.webm`: VP9 with
// alpha; `.gif`). Which of them keep alpha decides what a transparent
// canvas becomes:
//
// - PNG folders, animated PNGs and WebM keep alpha: a fade is a fade of
//   alpha, and the canvas stays transparent;
// - H.264 (`yuv420p`) has no alpha. Given straight RGBA, it keeps the
//   colours and drops alpha, so a layer fading out on a transparent canvas
//   stayed at full strength. Its frames are composited over a background
//   first (black unless one is chosen), as a player would show them;
// - GIF has one transparent palette entry: a transparent canvas stays
//   transparent (what a sticker or an overlay GIF needs) and translucent
//   pixels are quantized to the palette; choose a background for fades.
//
// An explicit background is composited under every kind of output.
//
// Rejected: compositing over black for every output (a PNG folder or a
// WebM overlay would lose the alpha it can carry), and letting ffmpeg
// composite (`-vf overlay`: one more filter graph per codec, where a
// source-over of premultiplied pixels is a few lines here).

/// Where a frame sequence is written.
public enum SequenceOutput: Hashable, Sendable {
  /// A folder of `frame-00000.png`, `frame-00001.png`, …
  case pngFolder(String)
  /// One animated PNG.
  case apng(String)
  /// A video written by the `ffmpeg` tool, its codec chosen by the extension.
  case video(String, VideoFormat)

  /// The video formats, by file extension.
  public enum VideoFormat: String, Hashable, Sendable, CaseIterable {
    /// H.264 in MP4 (`.mp4`), QuickTime (`.mov`) or Matroska (`.mkv`): no alpha.
    case h264
    /// VP9 with alpha in WebM (`.webm`).
    case webm
    /// An animated GIF (`.gif`): one transparent palette entry.
    case gif

    /// Whether the format keeps partial transparency.
    public var keepsAlpha: Bool { self == .webm }
  }

  /// The output `path` names: a folder when it has no extension, else by
  /// its extension; `nil` for an extension no output has.
  public init?(path: String) {
    switch (path as NSString).pathExtension.lowercased() {
    case "": self = .pngFolder(path)
    case "png", "apng": self = .apng(path)
    case "mp4", "mov", "mkv": self = .video(path, .h264)
    case "webm": self = .video(path, .webm)
    case "gif": self = .video(path, .gif)
    default: return nil
    }
  }

  /// The path written.
  public var path: String {
    switch self {
    case .pngFolder(let p), .apng(let p), .video(let p, _): return p
    }
  }

  /// The background composited under every frame when none is chosen:
  /// opaque black for H.264, which has no alpha; none for the others.
  public var defaultBackground: Color? {
    if case .video(_, .h264) = self { return .black }
    return nil
  }

  /// The file name of frame `n` in a folder: `frame-00012.png`, at least
  /// five digits, every digit of a larger number.
  public static func fileName(ofFrame n: Int) -> String {
    let digits = String(n)
    return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
  }
}
