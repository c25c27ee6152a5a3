// FrameSequence: which frames a scene's sequence has and when each is drawn.
// Frame n is drawn at exactly t = n / frameRate (a division, never a sum of
// steps, so frame n is the same whether drawn alone or after n − 1 others),
// for every n with t < duration: ⌈duration × frameRate⌉ frames, at least one.
//
// The limit on frames (`maximumFrames`) is on the frames one run draws,
// not on the sequence: a scene whose `canvas.duration` is 10⁹ s has 6·10¹⁰
// frames at 60 frames/s, and any range of up to 100,000 of them is drawn
// (issue 31: the whole sequence was counted, so `--range 0..1` of such a
// scene was refused). A longer sequence is numbered up to 2⁵³ frames (its
// later frames cannot be asked for: past 2⁵³, frame numbers and their
// times no longer map one to one in a Double).
//
// Rejected: including a frame at t = duration (a looping sequence would
// then show its first and last pictures twice in a row).

/// The frames of a sequence: a rate, a count and an optional range.
public struct FrameSequence: Equatable, Sendable {
  /// Frames per second (> 0).
  public var frameRate: Double
  /// How many frames the whole sequence has (at most `maximumNumberedFrames`).
  public var frameCount: Int
  /// Its length in seconds.
  public var duration: Double

  /// The most frames one run may draw (a whole sequence, or a range of one).
  public static let maximumFrames = 100_000
  /// The most frames a sequence numbers (2⁵³: every frame number, and its
  /// time n / rate, exact in a Double); a longer one is cut there.
  public static let maximumNumberedFrames = 1 << 53

  /// The sequence of `duration` seconds at `frameRate`, or the reason the
  /// numbers are not usable.
  public static func make(duration: Double, frameRate: Double) -> Result<FrameSequence, FrameSequenceError> {
    guard frameRate.isFinite, frameRate > 0 else { return .failure(.init("the frame rate must be > 0")) }
    guard duration.isFinite, duration >= 0 else { return .failure(.init("the duration must be ≥ 0 seconds")) }
    let exact = duration * frameRate
    // A product like 0.3 × 10 = 3.0000000000000004 must give 3 frames.
    let count = exact >= Double(maximumNumberedFrames) ? maximumNumberedFrames : max(1, Int((exact - 1e-9).rounded(.up)))
    return .success(FrameSequence(frameRate: frameRate, frameCount: count, duration: duration))
  }

  /// The time of frame `n`, in seconds.
  public func time(ofFrame n: Int) -> Double { Double(n) / frameRate }

  /// The frames one run draws: `range` (`FIRST..LAST`, inclusive, either
  /// side may be left out), or the whole sequence when `nil`; at most
  /// `maximumFrames` of them. A whole sequence beyond that is a `.tooLong`
  /// error (the caller names where the duration came from).
  public func frames(_ range: String?) -> Result<ClosedRange<Int>, FrameSequenceError> {
    guard let range else {
      guard frameCount <= Self.maximumFrames else {
        return .failure(
          .init(
            "\(JSONWriter.number(duration)) s at \(JSONWriter.number(frameRate)) frames/s is \(frameCount) frames; at most \(Self.maximumFrames) are drawn in one run (choose some with a range)",
            kind: .tooLong))
      }
      return .success(0...(frameCount - 1))
    }
    return self.range(range)
  }

  /// Parses `FIRST..LAST` (inclusive; either side may be left out) against
  /// the sequence: at most `maximumFrames` frames, in order, within it.
  public func range(_ text: String) -> Result<ClosedRange<Int>, FrameSequenceError> {
    let shown = Excerpt.named(text)
    let parts = text.components(separatedBy: "..")
    guard parts.count == 2 else { return .failure(.init("expected FIRST..LAST, got \(shown)")) }
    let first = parts[0].isEmpty ? 0 : Int(parts[0])
    let last = parts[1].isEmpty ? frameCount - 1 : Int(parts[1])
    guard let first, let last else { return .failure(.init("expected whole frame numbers in FIRST..LAST, got \(shown)")) }
    guard first <= last else {
      return .failure(.init("the range \(first)..\(last) is reversed: FIRST must be ≤ LAST"))
    }
    guard first >= 0, last < frameCount else {
      return .failure(.init("the range \(first)..\(last) is outside the sequence's frames 0..\(frameCount - 1)"))
    }
    let (span, overflow) = last.subtractingReportingOverflow(first)
    guard !overflow, span < Self.maximumFrames else {
      return .failure(
        .init("the range \(first)..\(last) is \(overflow ? "too many" : String(span + 1)) frames; at most \(Self.maximumFrames) are drawn in one run"))
    }
    return .success(first...last)
  }
}

/// Why a frame sequence cannot be made, or a range of it drawn.
public struct FrameSequenceError: Error, Equatable, CustomStringConvertible {
  /// What kind of problem: a whole sequence too long to draw in one run is
  /// `.tooLong`, where the caller names the duration's source.
  public enum Kind: Equatable, Sendable {
    case tooLong, other
  }
  public var message: String
  public var kind: Kind
  init(_ message: String, kind: Kind = .other) {
    self.message = message
    self.kind = kind
  }
  public var description: String { message }
}
