// TextGlyphs: what a drawing step fills for a `TextLayout`: per run, one
// `Path` of all its glyph outlines (FreeType's FT_Outline_Decompose, in
// font units, unhinted, cached per face and glyph, then placed and scaled
// into the layer's bounds space with y down), or for a colour bitmap font
// (emoji: CBDT/sbix strikes) one image per glyph with the rectangle it
// covers. A run's glyphs share one path so that overlapping glyphs (a
// mark on its base, joined Arabic letters) are filled once under the
// non-zero rule instead of darkening where they overlap.
//
// Rejected: outlines at the device size with hinting (FT_LOAD_DEFAULT at a
// pixel size): the outline would change with the scale and the transform,
// and text under rotation or perspective would be drawn from a grid-fitted
// shape meant for an unrotated screen.

import CFreeType

extension TextLayout {
  /// What to draw for one run.
  public enum RunDrawing: Hashable, Sendable {
    /// Glyph outlines to fill (non-zero) with `color`, in bounds space.
    case outlines(Path, color: Color?)
    /// Colour glyphs: each image (premultiplied RGBA) drawn into its
    /// rectangle in bounds space; the run's colour does not apply.
    case bitmaps([(image: Image, frame: CGRect)])

    public static func == (a: RunDrawing, b: RunDrawing) -> Bool {
      switch (a, b) {
      case (.outlines(let p, let c), .outlines(let q, let d)): return p == q && c == d
      case (.bitmaps(let x), .bitmaps(let y)):
        return x.count == y.count
          && zip(x, y).allSatisfy { $0.image === $1.image && $0.frame == $1.frame }
      default: return false
      }
    }

    public func hash(into h: inout Hasher) {
      switch self {
      case .outlines(let p, let c):
        h.combine(p)
        h.combine(c)
      case .bitmaps(let x):
        for (image, frame) in x {
          h.combine(ObjectIdentifier(image))
          h.combine(frame.origin.x)
          h.combine(frame.origin.y)
        }
      }
    }
  }

  /// The drawing of every run, line by line in visual order. Throws when a
  /// glyph cannot be loaded from its font (a file damaged inside a table).
  public func drawings() throws(FontError) -> [RunDrawing] {
    var out: [RunDrawing] = []
    for line in lines {
      for run in line.runs { out.append(try Self.drawing(run)) }
    }
    return out
  }

  static func drawing(_ run: Run) throws(FontError) -> RunDrawing {
    try drawing(run, keeping: nil)
  }

  /// The drawing of `run`'s glyphs whose ink box (bounds space: the
  /// outline's control points, or the colour image's frame) `keeping`
  /// accepts; all of them when it is `nil`. The lowering keeps the glyphs
  /// that can reach the visible part of the target, so a page of a
  /// million characters flattens only what shows.
  static func drawing(_ run: Run, keeping: ((CGRect) -> Bool)?) throws(FontError) -> RunDrawing {
    if run.isColorBitmap {
      let face = try FontFace.open(run.font)
      var images: [(image: Image, frame: CGRect)] = []
      for g in run.glyphs {
        guard let bitmap = try face.colorBitmap(g.id) else { continue }
        let s = run.fontSize / bitmap.ppem
        let frame = CGRect(
          x: Double(g.position.x) + bitmap.left * s, y: Double(g.position.y) - bitmap.top * s,
          width: Double(bitmap.image.width) * s, height: Double(bitmap.image.height) * s)
        if let keeping, !keeping(frame) { continue }
        images.append((bitmap.image, frame))
      }
      return .bitmaps(images)
    }
    var elements: [Path.Element] = []
    for glyph in try glyphOutlines(run, keeping: keeping) { elements += glyph.elements }
    return .outlines(Path(elements: elements), color: run.color)
  }

  /// The outline of each of an outline run's glyphs, placed in bounds
  /// space, in the run's order, with its ink box (the placed control box),
  /// for the glyphs `keeping` accepts (all when `nil`); glyphs without an
  /// outline (spaces) are left out. `drawing` joins them into one path.
  static func glyphOutlines(_ run: Run, keeping: ((CGRect) -> Bool)?) throws(FontError)
    -> [(elements: [Path.Element], ink: CGRect)]
  {
    // The shapes relative to their origins, moved there: ox + p.x·k and
    // oy − p.y·k, the same bits as placing each point directly.
    try glyphShapes(run, keeping: keeping).map { g in
      (g.elements.map { $0.mapped { p in CGPoint(x: g.origin.x + Double(p.x), y: g.origin.y + Double(p.y)) } }, g.ink)
    }
  }
}

extension TextLayout {
  /// Each of an outline run's glyphs (those `keeping` accepts, all when
  /// `nil`; glyphs without an outline left out), in the run's order: its
  /// id, its origin in bounds space, its outline scaled to the run's size
  /// relative to that origin (y down), and its ink box placed in bounds
  /// space (as `glyphOutlines` gives it). The lowering flattens each
  /// distinct outline once and moves it to its origins (`GlyphRun`); it
  /// asks for no `elements` (left empty) and scales an outline only when
  /// its flattening is not kept (`scaledOutline`).
  static func glyphShapes(_ run: Run, elements wanted: Bool = true, keeping: ((CGRect) -> Bool)?) throws(FontError)
    -> [(glyph: UInt32, origin: SIMD2<Double>, elements: [Path.Element], ink: CGRect)]
  {
    let face = try FontFace.open(run.font)
    let k = run.fontSize / face.unitsPerEm
    // Per glyph id, its control box (nil: no outline) and its scaled
    // outline, made at its first placement (a page places each glyph
    // hundreds of times; its box was a walk over its outline each time).
    var shapes: [UInt32: (box: CGRect?, elements: [Path.Element]?)] = [:]
    var out: [(glyph: UInt32, origin: SIMD2<Double>, elements: [Path.Element], ink: CGRect)] = []
    out.reserveCapacity(run.glyphs.count)
    for g in run.glyphs {
      let ox = Double(g.position.x)
      let oy = Double(g.position.y)
      var shape: (box: CGRect?, elements: [Path.Element]?)
      if let known = shapes[g.id] {
        shape = known
      } else {
        if wanted {
          let (outline, box) = try face.outlineWithBox(g.id)
          shape = (box, box == nil ? nil : Self.scaled(outline, k))
        } else {
          let box = try face.controlBox(g.id)
          shape = (box, box == nil ? nil : [])
        }
        shapes[g.id] = shape
      }
      guard let box = shape.box, let elements = shape.elements else { continue }
      let ink = CGRect(
        x: ox + Double(box.minX) * k, y: oy - Double(box.maxY) * k,
        width: Double(box.width) * k, height: Double(box.height) * k)
      if let keeping, !keeping(ink) { continue }
      out.append((g.id, SIMD2(ox, oy), elements, ink))
    }
    return out
  }
}

extension FontFace {
  /// The box of an outline's points, control points included (it holds
  /// the curves: each lies in the hull of its control points), in font
  /// units, y up; `nil` for an empty outline.
  static func controlBox(_ outline: [Path.Element]) -> CGRect? {
    var lo = SIMD2(Double.infinity, Double.infinity), hi = -lo
    func add(_ p: CGPoint) {
      let v = SIMD2(Double(p.x), Double(p.y))
      lo = pointwiseMin(lo, v)
      hi = pointwiseMax(hi, v)
    }
    for e in outline {
      switch e {
      case .move(let p), .line(let p): add(p)
      case .quad(let c, let p):
        add(c)
        add(p)
      case .cubic(let c1, let c2, let p):
        add(c1)
        add(c2)
        add(p)
      case .close: break
      }
    }
    guard lo.x <= hi.x, lo.y <= hi.y else { return nil }
    return CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
  }
}

/// A colour glyph's image at its strike's size.
struct ColorBitmap: Sendable {
  let image: Image
  /// The strike's pixels per em.
  let ppem: Double
  /// The image's left edge from the origin and its top above the baseline, in strike pixels.
  let left: Double, top: Double
}

/// Collects FT_Outline_Decompose's callbacks.
private final class OutlineSink {
  var elements: [Path.Element] = []
  var open = false
}

extension TextLayout {
  /// `glyph`'s outline in `run`'s face scaled to its size, y down, relative
  /// to its origin (the `elements` of `glyphShapes`).
  static func scaledOutline(_ glyph: UInt32, of run: Run) throws(FontError) -> [Path.Element] {
    let face = try FontFace.open(run.font)
    return scaled(try face.outline(glyph), run.fontSize / face.unitsPerEm)
  }

  /// Font units, y up, to bounds units at `k` per unit, y down.
  private static func scaled(_ outline: [Path.Element], _ k: Double) -> [Path.Element] {
    func scale(_ p: CGPoint) -> CGPoint { CGPoint(x: Double(p.x) * k, y: -(Double(p.y) * k)) }
    return outline.map { $0.mapped(scale) }
  }
}

extension FontFace {
  /// `outline(glyph)` and its `controlBox`, the box found once per face
  /// (every run of a page asks again for the boxes of its glyphs).
  func outlineWithBox(_ glyph: UInt32) throws(FontError) -> (elements: [Path.Element], box: CGRect?) {
    let elements = try outline(glyph)
    if let known = controlBoxes.withLock({ $0[glyph] }) { return (elements, known) }
    let box = Self.controlBox(elements)
    controlBoxes.withLock { $0[glyph] = box }
    return (elements, box)
  }

  /// The glyph's `controlBox` alone: from the table when known, without
  /// fetching (and retaining, from every worker at once) its outline.
  func controlBox(_ glyph: UInt32) throws(FontError) -> CGRect? {
    if let known = controlBoxes.withLock({ $0[glyph] }) { return known }
    return try outlineWithBox(glyph).box
  }

  /// The glyph's outline in font units, y up (cached).
  func outline(_ glyph: UInt32) throws(FontError) -> [Path.Element] {
    if let known = outlines.withLock({ $0[glyph] }) { return known }
    let result: Result<[Path.Element], FontError> = withFreeType { face in
      let flags =
        FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_IGNORE_TRANSFORM
      if let failed = load(glyph, into: face, flags: Int32(flags), "glyph") { return .failure(failed) }
      let slot = face.pointee.glyph!
      guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .success([]) }
      let sink = OutlineSink()
      var funcs = FT_Outline_Funcs(
        move_to: { to, user in
          let s = Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
          if s.open { s.elements.append(.close) }
          s.elements.append(.move(point(to!)))
          s.open = true
          return 0
        },
        line_to: { to, user in
          Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue().elements.append(
            .line(point(to!)))
          return 0
        },
        conic_to: { c, to, user in
          Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue().elements.append(
            .quad(control: point(c!), to: point(to!)))
          return 0
        },
        cubic_to: { c1, c2, to, user in
          Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue().elements.append(
            .cubic(control1: point(c1!), control2: point(c2!), to: point(to!)))
          return 0
        },
        shift: 0, delta: 0)
      let status = withUnsafeMutablePointer(to: &slot.pointee.outline) { outline in
        FT_Outline_Decompose(outline, &funcs, Unmanaged.passUnretained(sink).toOpaque())
      }
      guard status == 0 else {
        return .failure(
          FontError(
            path: reference.path,
            reason: "glyph \(glyph) has a damaged outline (FreeType error \(status))"))
      }
      if sink.open { sink.elements.append(.close) }
      return .success(sink.elements)
    }
    let elements = try result.get()
    outlines.withLock { $0[glyph] = elements }
    return elements
  }

  /// The glyph's colour image from the face's largest strike, or `nil`
  /// when the strike has none for it.
  func colorBitmap(_ glyph: UInt32) throws(FontError) -> ColorBitmap? {
    if let known = colorBitmaps.withLock({ $0[glyph] }) { return known }
    let bitmap = try loadColorBitmap(glyph)
    colorBitmaps.withLock { $0[glyph] = .some(bitmap) }
    return bitmap
  }

  /// Loads `glyph` into `face`'s slot; nil, or the error naming the glyph
  /// (`kind`: "glyph", "colour glyph") and FreeType's code.
  private func load(_ glyph: UInt32, into face: FT_Face, flags: Int32, _ kind: String) -> FontError? {
    let error = FT_Load_Glyph(face, glyph, flags)
    guard error != 0 else { return nil }
    return FontError(path: reference.path, reason: "\(kind) \(glyph) cannot be loaded (FreeType error \(error))")
  }

  private func loadColorBitmap(_ glyph: UInt32) throws(FontError) -> ColorBitmap? {
    let result: Result<ColorBitmap?, FontError> = withFreeType { face in
      let strikes = Int(face.pointee.num_fixed_sizes)
      guard strikes > 0, let sizes = face.pointee.available_sizes else { return .success(nil) }
      var best = 0
      for i in 0..<strikes where sizes[i].y_ppem > sizes[best].y_ppem { best = i }
      guard FT_Select_Size(face, Int32(best)) == 0 else {
        return .failure(
          FontError(path: reference.path, reason: "its bitmap strike cannot be selected"))
      }
      if let failed = load(glyph, into: face, flags: Int32(FT_LOAD_COLOR), "colour glyph") { return .failure(failed) }
      let slot = face.pointee.glyph!.pointee
      let bitmap = slot.bitmap
      guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), bitmap.width > 0,
        bitmap.rows > 0,
        let buffer = bitmap.buffer
      else { return .success(nil) }
      let w = Int(bitmap.width)
      let h = Int(bitmap.rows)
      let pitch = Int(bitmap.pitch)
      var pixels = [UInt8](repeating: 0, count: w * h * 4)
      // FreeType's BGRA is premultiplied, as Lamina's images are.
      for y in 0..<h {
        let row = buffer + y * pitch
        for x in 0..<w {
          let i = (y * w + x) * 4
          pixels[i] = row[x * 4 + 2]
          pixels[i + 1] = row[x * 4 + 1]
          pixels[i + 2] = row[x * 4]
          pixels[i + 3] = row[x * 4 + 3]
        }
      }
      return .success(
        ColorBitmap(
          image: Image(width: w, height: h, premultipliedPixels: pixels),
          ppem: Double(sizes[best].y_ppem) / 64, left: Double(slot.bitmap_left),
          top: Double(slot.bitmap_top)))
    }
    return try result.get()
  }
}

private func point(_ v: UnsafePointer<FT_Vector>) -> CGPoint {
  CGPoint(x: Double(v.pointee.x), y: Double(v.pointee.y))
}
