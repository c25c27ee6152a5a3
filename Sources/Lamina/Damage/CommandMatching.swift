// CommandMatching: how the damage rule (PlanDamage.swift) decides that a
// canvas command of one frame is a command of the frame before, cheaply.
//
// Each canvas command is written once, when its frame is first diffed, as
// 64-bit words (`CommandWords`), each kind of draw writing its own
// (`writeWords(into:)`, beside its struct in Plan/, so a field is added
// where it is declared): every field a backend draws from, exactly
// (a Double or Float as its bit pattern, an optional as a flag then its
// value, an array as its count then its elements, a matrix as a mask of the
// entries whose bits are the identity's then the others, an image as the
// identity of its object, a field-less enum by its case's index), so the words
// decode in order. Two commands whose words are equal have the same bits in every such
// field, and both backends draw them alike: equal words are a field-for-field
// equality, not a digest. Left out: the layer's name, which no backend
// reads for pixels (it names the command in messages). Two fields are not
// written out, and commands carrying them are confirmed field for field
// (`==`) when their words agree (`CommandWords.confirm`): a path's polygons
// (written as their digest and counts; a page of text is thousands of
// points) and a composite's surface and mask, compared through the surfaces
// they name, recursively, not by index. The words are kept with the frame's
// digest (`PlanDigest`), so the next frame writes only its own.
//
// Equal words are stricter than `==` where `==` ignores bits: 0 and −0 are
// equal doubles with other words (such a pair damages its footprint: pixels
// drawn again, never a wrong one), and NaN, which no plan holds
// (FiniteCheck), would be equal words but unequal under `==`: the same bits,
// drawn the same. An image's identity is safe because the previous frame's
// plan is alive (its digest holds it) while the next is diffed, and two
// live objects never share an address. `CommandMatchingTests` changes each
// field of each kind of command alone and expects its footprint damaged,
// and lists every payload's stored fields through `Mirror`, so a field
// added to a command fails there until its draw writes it.
//
// Between the common prefix and suffix, where Myers' search compares many
// pairs, each command also gets a 64-bit hash of its words
// (`hash(of:)`), which rejects most unequal pairs before the words are
// compared. The prefix and suffix are compared word for word directly.
//
// Rejected: the commands' synthesized `==` and Swift's `Hasher` (SipHash)
// over them, as before. Reading a `DrawCommand` (256 bytes, six payload
// kinds) out of an array copies it, retaining its arrays, and the
// synthesized `==` copies the payloads again: S6-one's 3,000 canvas
// commands took 0.7–0.8 ms to diff and 0.7 ms to hash, of a 2.3–3.3 ms
// incremental frame. Words are written in one pass that reads each command
// once, and compared without touching the commands again. Trusting a hash
// alone (a collision would leave a changed command undrawn: a wrong frame,
// silently). And every draw's fields listed here, in one writer, by hand:
// a field then had a second home away from its struct.

/// The canvas commands of one plan, each written as 64-bit words (see the
/// top of the file).
struct CommandWords: @unchecked Sendable {
  /// All the commands' words, one after another (immutable once written).
  private let storage: WordStorage
  /// Where command `i`'s words start (`starts[i + 1]` is where they end).
  private(set) var starts: [Int]
  /// Whether command `i` must be confirmed beyond its words (a path's
  /// polygons, a composite's surfaces).
  private(set) var confirm: [Bool]

  /// The words of `commands`.
  init(_ commands: [DrawCommand]) {
    var w = CommandWordWriter(capacity: commands.count * 48 + 64)
    var starts = [Int](), confirm = [Bool]()
    starts.reserveCapacity(commands.count + 1)
    confirm.reserveCapacity(commands.count)
    starts.append(0)
    for command in commands {
      confirm.append(w.add(command))
      starts.append(w.count)
    }
    (storage, self.starts, self.confirm) = (WordStorage(w.words), starts, confirm)
  }

  var count: Int { confirm.count }

  /// A 64-bit hash of command `i`'s words (never 0: 0 marks a hash not
  /// computed yet in `PlanDigest`).
  func hash(of i: Int) -> UInt64 {
    let words = storage.words
    var state: UInt64 = 0x243F_6A88_85A3_08D3
    for k in starts[i]..<starts[i + 1] {
      state = (state ^ words[k]) &* 0x9E37_79B9_7F4A_7C15
      state ^= state >> 29
    }
    // murmur3's 64-bit finalizer.
    state ^= state >> 33
    state = state &* 0xFF51_AFD7_ED55_8CCD
    state ^= state >> 33
    state = state &* 0xC4CE_B9FE_1A85_EC53
    state ^= state >> 33
    return state | 1
  }

  /// Whether command `i` of `a` and command `j` of `b` have equal words.
  static func equal(_ a: CommandWords, _ i: Int, _ b: CommandWords, _ j: Int) -> Bool {
    let (a0, b0) = (a.starts[i], b.starts[j])
    let n = a.starts[i + 1] - a0
    guard n == b.starts[j + 1] - b0 else { return false }
    let (x, y) = (a.storage.words + a0, b.storage.words + b0)
    var k = 0
    while k < n {
      if x[k] != y[k] { return false }
      k += 1
    }
    return true
  }

  /// The words, in memory of their own, written once: appending to an
  /// array checked its uniqueness and capacity per word.
  private final class WordStorage {
    let words: UnsafeMutablePointer<UInt64>
    init(_ words: UnsafeMutablePointer<UInt64>) { self.words = words }
    deinit { words.deallocate() }
  }
}

/// Appends a command's words (into memory it grows by doubling). Each kind
/// of draw writes its own fields (`writeWords(into:)`, beside its struct in
/// Plan/), one `write(into:)` a field; each field type's words are its
/// `CommandWordField` conformance, below; a list of fields is one
/// `write(_:_:…)` call. Rejected: that call over a parameter pack (Swift
/// does not specialize packs: every field went through a witness table,
/// and S6-one's incremental frame went 0.68 → 1.24 ms). Fixed arities are
/// ordinary generics, specialized and inlined.
struct CommandWordWriter {
  private(set) var words: UnsafeMutablePointer<UInt64>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    words = .allocate(capacity: self.capacity)
  }

  @inline(__always) mutating func add(_ word: UInt64) {
    if count == capacity { grow() }
    words[count] = word
    count += 1
  }
  private mutating func grow() {
    let larger = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity * 2)
    larger.update(from: words, count: count)
    words.deallocate()
    (words, capacity) = (larger, capacity * 2)
  }

  /// Writes the fields in order.
  @inline(__always) mutating func write<A: Field, B: Field>(_ a: A, _ b: B) { a.write(into: &self); b.write(into: &self) }
  @inline(__always) mutating func write<A: Field, B: Field, C: Field>(_ a: A, _ b: B, _ c: C) { write(a, b); c.write(into: &self) }
  @inline(__always) mutating func write<A: Field, B: Field, C: Field, D: Field>(_ a: A, _ b: B, _ c: C, _ d: D) {
    write(a, b, c); d.write(into: &self)
  }
  @inline(__always) mutating func write<A: Field, B: Field, C: Field, D: Field, E: Field>(
    _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
  ) { write(a, b, c, d); e.write(into: &self) }
  @inline(__always) mutating func write<A: Field, B: Field, C: Field, D: Field, E: Field, F: Field>(
    _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
  ) { write(a, b, c, d, e); f.write(into: &self) }
  typealias Field = CommandWordField

  /// Writes `command`; true when it must also be confirmed. Inlined into
  /// the loop over the commands, where the switch borrows each command in
  /// place; called, it received a copy of each (retaining its arrays).
  /// So are the writers of each kind of draw it dispatches to.
  @inline(__always) mutating func add(_ command: DrawCommand) -> Bool {
    switch command {
    case .roundedRect(let d): d.writeWords(into: &self)
    case .shadow(let d): d.writeWords(into: &self)
    case .image(let d): d.writeWords(into: &self)
    case .gradient(let d): d.writeWords(into: &self)
    case .path(let d):
      d.writeWords(into: &self)
      return true
    case .composite(let d):
      d.writeWords(into: &self)
      return true
    }
    return false
  }
}

/// A field type of the draw commands, written as words (see the top of the
/// file).
protocol CommandWordField {
  func write(into w: inout CommandWordWriter)
}

/// A field-less enum: its case's index in `allCases`, the order of
/// declaration (specialized, a compare, not a search).
extension CommandWordField where Self: CaseIterable & Equatable {
  @inline(__always) func write(into w: inout CommandWordWriter) {
    var k: UInt64 = 0
    for c in Self.allCases {
      if c == self { break }
      k += 1
    }
    w.add(k)
  }
}

extension CornerCurve: CommandWordField {}
extension ContentsFilter: CommandWordField {}
extension FillRule: CommandWordField {}
extension GradientType: CommandWordField {}

extension UInt64: CommandWordField {
  @inline(__always) func write(into w: inout CommandWordWriter) { w.add(self) }
}
/// Bits.
extension Double: CommandWordField {
  @inline(__always) func write(into w: inout CommandWordWriter) { w.add(bitPattern) }
}
/// Bits, widened.
extension Float: CommandWordField {
  @inline(__always) func write(into w: inout CommandWordWriter) { w.add(UInt64(bitPattern)) }
}
extension Int: CommandWordField {
  @inline(__always) func write(into w: inout CommandWordWriter) { w.add(UInt64(bitPattern: Int64(self))) }
}
extension Bool: CommandWordField {
  @inline(__always) func write(into w: inout CommandWordWriter) { w.add(self ? 1 as UInt64 : 0) }
}

/// An optional: 0, or 1 then the value's words.
extension Optional: CommandWordField where Wrapped: CommandWordField {
  @inline(__always) func write(into w: inout CommandWordWriter) {
    if let value = self {
      w.add(1)
      value.write(into: &w)
    } else {
      w.add(0)
    }
  }
}

/// An array: its count, then its elements.
extension Array: CommandWordField where Element: CommandWordField {
  @inline(__always) func write(into w: inout CommandWordWriter) {
    count.write(into: &w)
    for e in self { e.write(into: &w) }
  }
}

extension CGPoint: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(Double(x), Double(y)) }
}
extension CGRect: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(Double(origin.x), Double(origin.y), Double(size.width), Double(size.height)) }
}
/// A mask of the entries whose bits are the identity's (+0 or 1), then the
/// other entries in order: a translation is 3 words, not 16.
extension Transform3D: CommandWordField {
  func write(into w: inout CommandWordWriter) {
    let entries = (m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44)
    let mask = withUnsafeBytes(of: entries) { raw -> UInt64 in
      var mask: UInt64 = 0
      for k in 0..<16 {
        let identity: Double = k % 5 == 0 ? 1 : 0
        if raw.load(fromByteOffset: k * 8, as: UInt64.self) == identity.bitPattern { mask |= 1 << UInt64(k) }
      }
      return mask
    }
    w.add(mask)
    withUnsafeBytes(of: entries) { raw in
      for k in 0..<16 where mask & (1 << UInt64(k)) == 0 { w.add(raw.load(fromByteOffset: k * 8, as: UInt64.self)) }
    }
  }
}
extension PremultipliedColor: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(r, g, b, a) }
}
extension Color: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(red, green, blue, alpha) }
}
extension ColorMultiplier: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(red, green, blue) }
}
extension RoundedRect: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(rect, radii, curve) }
}
extension Clip: CommandWordField {
  func write(into w: inout CommandWordWriter) {
    matrix.write(into: &w)
    switch shape {
    case .roundedRect(let r):
      w.add(0)
      r.write(into: &w)
    case .convex(let planes):
      w.add(1)
      planes.write(into: &w)
    }
  }
}
extension HalfPlane: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(a, b, c) }
}
/// Not the name: no backend reads it for pixels (messages only).
extension DrawHeader: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(matrix, clips) }
}
extension Sampling: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(minification, magnification, bias) }
}
extension SurfaceShadow: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(sigma, offsetX, offsetY, color, shadowOnly, clip) }
}

extension ImageSlice: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(destination, source) }
}

extension Gradient: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(type, start, end, stops) }
}
extension GradientStop: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(location, color) }
}

/// Text under a similarity: its glyphs decide the pieces' masks. The
/// outlines follow from the face, glyph, size and scale (only the lowering
/// makes a GlyphRun), and `==` confirms the rest.
extension GlyphRun: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(faceID, fontSize, scale, outlines.count, glyphs) }
}

extension GlyphRun.Placed: CommandWordField {
  func write(into w: inout CommandWordWriter) { w.write(UInt64(glyph), outline, origin.x, origin.y) }
}

extension DrawCommand {
  /// Whether `self` and `other` are equal field for field (their payloads'
  /// `==`); two composites are compared by `composites` (PlanDamage
  /// compares them through the surfaces they name, not their indices).
  func matches(_ other: DrawCommand, composites: (CompositeDraw, CompositeDraw) -> Bool) -> Bool {
    switch (self, other) {
    case (.roundedRect(let x), .roundedRect(let y)): return x == y
    case (.shadow(let x), .shadow(let y)): return x == y
    case (.image(let x), .image(let y)): return x == y
    case (.gradient(let x), .gradient(let y)): return x == y
    case (.path(let x), .path(let y)): return x == y
    case (.composite(let x), .composite(let y)): return composites(x, y)
    default: return false  // different kinds
    }
  }
}
