// SequenceWriter: a scene's frames written to a PNG folder, an animated
// PNG or a video, from Swift; `lamina frames` is a thin caller of it.
// Frame n is drawn at n / fps from the model alone (`Scene.presentation(at:)`,
// FrameSequence), so any range of frames equals those frames of the whole
// sequence. With an IncrementalRenderer, consecutive frames are drawn
// incrementally (only what changed is redrawn; the bytes are those of a
// full render) unless `drawsWholeFrames`. Where the output has no alpha,
// each frame is composited over a background first (SequenceOutput.swift).
//
// A caller observes progress through a closure called after each frame is
// drawn and handed to the output (frame number, count done, total, seconds
// elapsed and seconds spent making presentations; a PNG folder's frames
// are encoded on other threads, PNGFolderWriter, and `write` returns once
// every file is written); a failure stops the run, stops ffmpeg, and
// throws a `SequenceError` naming the frame and its time.
//
// Rejected: an AsyncSequence of frames (the drawing is synchronous CPU or
// GL work on the caller's thread; an async wrapper would only hide that),
// and printing progress here (a library does not own standard error: the
// CLI prints what the closure hands it).

/// Why a sequence could not be written.
public struct SequenceError: Error, Equatable, CustomStringConvertible {
  /// What kind of failure: the frame numbers, the output, the encoder, a frame.
  public enum Kind: Sendable, Equatable {
    /// The frame rate, duration or range are not usable.
    case sequence
    /// More frames than `FrameSequence.maximumFrames` in one run.
    case tooLong
    /// The output cannot be written (an unknown extension, a folder that
    /// cannot be made, a file that cannot be written).
    case output
    /// `ffmpeg` is missing, failed, or stopped reading.
    case encoder
    /// A frame could not be presented, lowered or drawn.
    case frame
  }
  /// What went wrong, and where.
  public var message: String
  public var kind: Kind
  public var description: String { message }

  public init(_ message: String, kind: Kind) {
    self.message = message
    self.kind = kind
  }
}

/// Where a run of `SequenceWriter.write` is: reported after each frame.
public struct SequenceProgress: Sendable, Equatable {
  /// The frame just written (its number in the sequence).
  public var frame: Int
  /// How many frames are written, this one included.
  public var done: Int
  /// How many frames the run writes.
  public var total: Int
  /// Seconds since the run started.
  public var elapsed: Double
  /// Of those, seconds spent making presentations (the rest: lowering,
  /// drawing, encoding, writing).
  public var presenting: Double
}

/// Writes frames of a scene to a PNG folder, an animated PNG or a video.
///
/// ```swift
/// let writer = SequenceWriter(renderer: CPURenderer())
/// try writer.write(scene, to: "caption.mp4") { p in
///   print("frame \(p.done)/\(p.total)")
/// }
/// ```
public final class SequenceWriter {
  /// Draws the frames; an `IncrementalRenderer` draws each after the one
  /// before incrementally (the same bytes).
  public let renderer: any PlanRenderer
  /// Draw every frame whole, even with an incremental renderer.
  public var drawsWholeFrames = false
  /// PNG compression of a folder's frames or an animated PNG (the pixels
  /// are the same): fast by default, since sequences are large.
  public var pngCompression = PNGCompression.fast
  /// Composited under every frame; `nil` takes the output's default
  /// (`SequenceOutput.defaultBackground`: black for H.264, none otherwise).
  public var background: Color?
  /// Pixels per point; `nil` takes the scene's `canvas.scale`.
  public var scale: Double?
  /// The `ffmpeg` executable for videos; `nil` finds it on `PATH`.
  public var ffmpegPath: String?

  public init(renderer: any PlanRenderer) {
    self.renderer = renderer
  }

  /// Writes `frames` (default: all) of `sequence` (default: the scene's
  /// `canvas.duration` at `canvas.frameRate`) to the output `path` names
  /// (`SequenceOutput(path:)`), calling `progress` after each frame.
  /// Returns the last progress.
  @discardableResult
  public func write(
    _ scene: Scene, to path: String, frames: ClosedRange<Int>? = nil, sequence: FrameSequence? = nil,
    progress: ((SequenceProgress) -> Void)? = nil
  ) throws(SequenceError) -> SequenceProgress {
    guard let output = SequenceOutput(path: path) else {
      throw SequenceError(
        "unknown output kind '.\((path as NSString).pathExtension)': use a folder, .png, .apng, .mp4, .mov, .mkv, .webm or .gif",
        kind: .output)
    }
    return try write(scene, to: output, frames: frames, sequence: sequence, progress: progress)
  }

  /// Writes `frames` of `sequence` to `output`; see `write(_:to:frames:sequence:progress:)`.
  @discardableResult
  public func write(
    _ scene: Scene, to output: SequenceOutput, frames: ClosedRange<Int>? = nil, sequence: FrameSequence? = nil,
    progress: ((SequenceProgress) -> Void)? = nil
  ) throws(SequenceError) -> SequenceProgress {
    let given = sequence
    let sequence: FrameSequence
    if let given { sequence = given } else { sequence = try Self.sequence(of: scene) }
    let range: ClosedRange<Int>
    if let frames {
      guard frames.lowerBound >= 0, frames.upperBound < sequence.frameCount else {
        throw SequenceError(
          "the range \(frames.lowerBound)..\(frames.upperBound) is outside the sequence's frames 0..\(sequence.frameCount - 1)",
          kind: .sequence)
      }
      guard frames.count <= FrameSequence.maximumFrames else {
        throw SequenceError("at most \(FrameSequence.maximumFrames) frames are drawn in one run", kind: .tooLong)
      }
      range = frames
    } else {
      switch sequence.frames(nil) {
      case .success(let r): range = r
      case .failure(let e): throw SequenceError(e.message, kind: e.kind == .tooLong ? .tooLong : .sequence)
      }
    }
    let s = scale ?? scene.canvas.scale
    let width = Int((scene.canvas.width * s).rounded()), height = Int((scene.canvas.height * s).rounded())
    let background = self.background ?? output.defaultBackground
    var sink = try Sink(output, width: width, height: height, fps: sequence.frameRate, compression: pngCompression, ffmpeg: ffmpegPath)
    let incremental = drawsWholeFrames ? nil : renderer as? any IncrementalRenderer
    incremental?.forgetFrame()
    let start = DispatchTime.now()
    var state = SequenceProgress(frame: range.lowerBound, done: 0, total: range.count, elapsed: 0, presenting: 0)
    for n in range {
      let t = sequence.time(ofFrame: n)
      var image: Image
      do {
        let started = DispatchTime.now()
        let presented = try scene.presentation(at: t)
        state.presenting += Self.seconds(since: started)
        let plan = try presented.renderPlan(scale: scale)
        image = try incremental?.renderFrame(plan) ?? renderer.render(plan)
      } catch {
        sink.abandon()
        throw SequenceError("frame \(n) (t = \(t) s): \(error)", kind: .frame)
      }
      if let background { image = image.composited(over: background) }
      do {
        try sink.add(image, frame: n)
      } catch {
        sink.abandon()
        throw error
      }
      state.frame = n
      state.done += 1
      state.elapsed = Self.seconds(since: start)
      progress?(state)
    }
    try sink.finish()
    state.elapsed = Self.seconds(since: start)
    return state
  }

  /// The scene's own sequence: `canvas.duration` at `canvas.frameRate`.
  static func sequence(of scene: Scene) throws(SequenceError) -> FrameSequence {
    switch FrameSequence.make(duration: scene.canvas.duration, frameRate: scene.canvas.frameRate) {
    case .success(let s): return s
    case .failure(let e): throw SequenceError(e.message, kind: .sequence)
    }
  }

  static func seconds(since t: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - t.uptimeNanoseconds) / 1e9
  }

  /// Where frames go.
  private struct Sink {
    let output: SequenceOutput
    var apng: APNGEncoder?
    var video: VideoEncoder?
    var folder: PNGFolderWriter?
    let compression: PNGCompression

    init(
      _ output: SequenceOutput, width: Int, height: Int, fps: Double, compression: PNGCompression, ffmpeg: String?
    ) throws(SequenceError) {
      self.output = output
      self.compression = compression
      switch output {
      case .pngFolder(let path):
        do {
          try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
          throw SequenceError("cannot make the folder \(path): \(error.localizedDescription)", kind: .output)
        }
        folder = PNGFolderWriter(folder: path, compression: compression)
      case .apng:
        apng = APNGEncoder(
          width: width, height: height, delay: APNGEncoder.delay(framesPerSecond: fps), compression: compression)
      case .video(let path, let format):
        guard let tool = ffmpeg ?? VideoEncoder.find("ffmpeg") else {
          throw SequenceError(
            "writing \(path) needs the ffmpeg command-line tool (tools/setup installs it); write a folder or an animated PNG instead",
            kind: .encoder)
        }
        video = try VideoEncoder(tool: tool, path: path, format: format, width: width, height: height, fps: fps)
      }
    }

    mutating func add(_ image: Image, frame n: Int) throws(SequenceError) {
      switch output {
      case .pngFolder:
        try folder?.add(image, frame: n)
      case .apng:
        do {
          try apng?.append(image)
        } catch {
          throw SequenceError("frame \(n): \(error)", kind: .output)
        }
      case .video:
        try video?.add(image, frame: n)
      }
    }

    func finish() throws(SequenceError) {
      switch output {
      case .pngFolder: try folder?.finish()
      case .apng(let path):
        do {
          try apng?.write(to: path)
        } catch {
          throw SequenceError("cannot write \(path): \(error)", kind: .output)
        }
      case .video: try video?.finish()
      }
    }

    func abandon() {
      video?.abandon()
      // Frames already queued still land; nothing more is queued.
      _ = try? folder?.finish()
    }
  }
}

extension Image {
  /// The image composited over an opaque `background` (source-over of the
  /// premultiplied pixels, rounded to nearest): what a player without alpha
  /// shows. A translucent background is made opaque (its colour is used).
  public func composited(over background: Color) -> Image {
    let b = [background.red, background.green, background.blue].map { UInt32(($0 * 255).rounded()) }
    var out = pixels
    out.withUnsafeMutableBufferPointer { p in
      for i in stride(from: 0, to: p.count, by: 4) {
        let rest = 255 - UInt32(p[i + 3])
        guard rest > 0 else { continue }
        for c in 0..<3 { p[i + c] = UInt8(UInt32(p[i + c]) + (b[c] * rest + 127) / 255) }
        p[i + 3] = 255
      }
    }
    return Image(width: width, height: height, premultipliedPixels: out, source: source)
  }
}
