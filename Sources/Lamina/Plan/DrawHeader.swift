// DrawHeader: what every draw command carries whatever it draws (the
// matrix to the target's pixels, its clips, the layer's name), and the
// protocol that gives each kind of draw those fields by name.
//
// Rejected: the three fields repeated on every draw struct (moving a
// command into an offscreen's grid was written once per kind).

/// What every command carries, whatever it draws: the matrix from its local
/// space to the target's pixels, the clips whose coverages multiply its
/// own, and the layer it comes from. One type, so moving a command into an
/// offscreen's grid or reading its clips is written once.
public struct DrawHeader: Hashable, Sendable {
  /// Local units → target pixels.
  public var matrix: Transform3D
  public var clips: [Clip]
  /// The layer it comes from, for messages and debugging.
  public var name: String

  public init(matrix: Transform3D, clips: [Clip], name: String) {
    self.matrix = matrix
    self.clips = clips
    self.name = name
  }

  /// The header moved by (x, y) target pixels, clips and all.
  public func shifted(x: Double, y: Double) -> DrawHeader {
    DrawHeader(
      matrix: matrix.thenTranslated(x: x, y: y), clips: clips.map { $0.shifted(x: x, y: y) }, name: name)
  }
}

/// The header's fields on each kind of command.
public protocol DrawHeaderCarrier {
  var header: DrawHeader { get set }
}

extension DrawHeaderCarrier {
  /// Local units → target pixels.
  public var matrix: Transform3D {
    get { header.matrix }
    set { header.matrix = newValue }
  }
  public var clips: [Clip] {
    get { header.clips }
    set { header.clips = newValue }
  }
  /// The layer it comes from, for messages and debugging.
  public var name: String {
    get { header.name }
    set { header.name = newValue }
  }
}
