// FrameSequence: which frames a scene's sequence has and when each is drawn.
// Frame n is drawn at exactly t = n / frameRate (a division, never a sum of
// steps, so frame n is the same whether drawn alone or after n − 1 others),
// for every n with t < duration: ⌈duration × frameRate⌉ frames, at least one.
//
// Rejected: including a frame at t = duration (a looping sequence would
// then show its first and last pictures twice in a row).

/// The frames of a sequence: a rate, a count and an optional range.
public struct FrameSequence: Equatable, Sendable {
  /// Frames per second (> 0).
  public var frameRate: Double
  /// How many frames the whole sequence has.
  public var frameCount: Int

  /// The most frames one sequence may have.
  public static let maximumFrames = 100_000

  /// The sequence of `duration` seconds at `frameRate`; `nil` with the reason
  /// when the numbers are not usable.
  public static func make(duration: Double, frameRate: Double) -> Result<FrameSequence, FrameSequenceError> {
    guard frameRate.isFinite, frameRate > 0 else { return .failure(.init("the frame rate must be > 0")) }
    guard duration.isFinite, duration >= 0 else { return .failure(.init("the duration must be ≥ 0 seconds")) }
    let exact = duration * frameRate
    guard exact <= Double(maximumFrames) else {
      return .failure(
        .init("\(duration) s at \(frameRate) frames/s is \(exact.rounded(.up)) frames; the limit is \(maximumFrames)"))
    }
    // A product like 0.3 × 10 = 3.0000000000000004 must give 3 frames.
    let count = max(1, Int((exact - 1e-9).rounded(.up)))
    return .success(FrameSequence(frameRate: frameRate, frameCount: count))
  }

  /// The time of frame `n`, in seconds.
  public func time(ofFrame n: Int) -> Double { Double(n) / frameRate }

  /// Parses `FIRST..LAST` (inclusive; either side may be left out) against
  /// the sequence.
  public func range(_ text: String) -> Result<ClosedRange<Int>, FrameSequenceError> {
    let parts = text.components(separatedBy: "..")
    guard parts.count == 2 else { return .failure(.init("expected FIRST..LAST, got '\(text)'")) }
    let first = parts[0].isEmpty ? 0 : Int(parts[0])
    let last = parts[1].isEmpty ? frameCount - 1 : Int(parts[1])
    guard let first, let last else { return .failure(.init("expected whole frame numbers in FIRST..LAST, got '\(text)'")) }
    guard first >= 0, first <= last, last < frameCount else {
      return .failure(.init("the range \(first)..\(last) is outside the sequence's frames 0..\(frameCount - 1)"))
    }
    return .success(first...last)
  }
}

/// Why a frame sequence cannot be made.
public struct FrameSequenceError: Error, Equatable, CustomStringConvertible {
  public var message: String
  init(_ message: String) { self.message = message }
  public var description: String { message }
}
