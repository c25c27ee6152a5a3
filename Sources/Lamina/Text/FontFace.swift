// FontFace: one face of one font file, opened once per process and shared:
// a HarfBuzz face and font for shaping and metrics (HarfBuzz's own
// OpenType functions, the default of `hb-shape`), and a FreeType face for
// outlines and colour bitmaps. Shaping runs at a scale of one unit per font
// unit, and positions become points by multiplying by size / unitsPerEm in
// Double, so a layout does not depend on the output resolution and matches
// `hb-shape`'s default output exactly.
//
// A file is checked before either library sees it: its sfnt table
// directory must lie inside the file (a truncated download fails here with
// the table it cuts, rather than shaping with missing tables, which
// HarfBuzz would silently do).
//
// Rejected: shaping through FreeType's font functions (hb-ft), at the
// pixel size: positions would be rounded to 1/64 pixel and hinted, so one
// layout would not serve every scale, and `hb-shape`'s reference output
// would differ by the rounding.

import CFreeType
import CHarfBuzz
import Synchronization

/// Why a font file cannot be used.
public struct FontError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file.
  public var path: String
  /// What is wrong with it.
  public var reason: String
  /// "font PATH: REASON".
  public var description: String { "font \(path): \(reason)" }
}

/// One face of a font file.
public struct FontReference: Hashable, Sendable, CustomStringConvertible {
  /// The file's path.
  public var path: String
  /// The face's index in the file (a `.ttc` holds several).
  public var faceIndex: Int
  /// The face at `faceIndex` of the file at `path`.
  public init(path: String, faceIndex: Int = 0) {
    self.path = path
    self.faceIndex = faceIndex
  }
  /// The path, with `#index` for a face other than the first.
  public var description: String { faceIndex == 0 ? path : "\(path)#\(faceIndex)" }
}

/// An open face, shared by every layout that uses it.
final class FontFace: @unchecked Sendable {
  let reference: FontReference
  /// The family name the file gives (fontconfig's first family name).
  let family: String
  let unitsPerEm: Double
  /// Ascender, descender (positive, below the baseline) and line gap in
  /// font units, from HarfBuzz (OS/2 typo metrics when the font says to
  /// use them, else hhea).
  let ascent: Double, descent: Double, lineGap: Double
  /// The height of capital letters in font units: the OS/2 table's
  /// `sCapHeight`, else the top of the glyph of "H", else 0.
  let capHeight: Double
  /// The face holds colour bitmap strikes (CBDT, sbix): glyphs are images.
  let hasColorBitmaps: Bool
  /// HarfBuzz objects are immutable once made and safe to share.
  let hbFont: OpaquePointer
  /// FreeType faces are not thread-safe: every use holds `ftLock`.
  nonisolated(unsafe) private let ftFace: FT_Face
  private let ftLock = Mutex(())
  /// Glyph outlines in font units, by glyph (TextGlyphs.swift).
  let outlines = Mutex<[UInt32: [Path.Element]]>([:])
  /// Their control boxes (nil: no outline), by glyph (TextGlyphs.swift).
  let controlBoxes = Mutex<[UInt32: CGRect?]>([:])
  /// Colour glyph images, by glyph (TextGlyphs.swift): one `Image` per
  /// glyph for the process, so a backend's texture of it is reused.
  let colorBitmaps = Mutex<[UInt32: ColorBitmap?]>([:])

  private init(
    reference: FontReference, family: String, hbFont: OpaquePointer, ftFace: FT_Face
  ) {
    self.reference = reference
    self.family = family
    self.hbFont = hbFont
    let upem = Double(hb_face_get_upem(hb_font_get_face(hbFont)))
    unitsPerEm = upem > 0 ? upem : 1000
    var extents = hb_font_extents_t()
    hb_font_get_h_extents(hbFont, &extents)
    ascent = Double(extents.ascender)
    descent = -Double(extents.descender)
    lineGap = Double(extents.line_gap)
    var cap: hb_position_t = 0
    var h: hb_codepoint_t = 0
    var glyph = hb_glyph_extents_t()
    if hb_ot_metrics_get_position(hbFont, HB_OT_METRICS_TAG_CAP_HEIGHT, &cap) != 0, cap > 0 {
      capHeight = Double(cap)
    } else if hb_font_get_nominal_glyph(hbFont, 0x48, &h) != 0, hb_font_get_glyph_extents(hbFont, h, &glyph) != 0 {
      capHeight = max(0, Double(glyph.y_bearing))
    } else {
      capHeight = 0
    }
    hasColorBitmaps =
      (ftFace.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0
      && (ftFace.pointee.face_flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES)) != 0
    self.ftFace = ftFace
  }

  /// The glyph for a Unicode scalar, or `nil` when the face lacks it.
  func glyph(for scalar: Unicode.Scalar) -> UInt32? {
    var g: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(hbFont, scalar.value, &g) != 0 ? g : nil
  }

  /// Runs `body` with the FreeType face, alone.
  func withFreeType<R>(_ body: (FT_Face) throws -> R) rethrows -> R {
    try ftLock.withLock { _ in try body(ftFace) }
  }

  // MARK: Opening

  private static let cache = Mutex<[FontReference: Result<FontFace, FontError>]>([:])
  /// FreeType's library object is not thread-safe: faces are made and
  /// dropped under this lock (FreeType's documentation, "Multi-threading").
  private static let libraryLock = Mutex(())
  nonisolated(unsafe) private static let library: FT_Library? = {
    var lib: FT_Library?
    return FT_Init_FreeType(&lib) == 0 ? lib : nil
  }()

  /// The face, opened on first use; the same object afterwards. A file
  /// that cannot be read, is not a font or is truncated gives `FontError`
  /// (remembered, so a bad file is read once).
  static func open(_ reference: FontReference, family: String? = nil) throws(FontError) -> FontFace
  {
    if let known = cache.withLock({ $0[reference] }) { return try known.get() }
    let result = Result { () throws(FontError) -> FontFace in try load(reference, family: family) }
    return try cache.withLock { cache in
      if let raced = cache[reference] { return raced }
      cache[reference] = result
      return result
    }.get()
  }

  private static func load(_ reference: FontReference, family: String?) throws(FontError)
    -> FontFace
  {
    let path = reference.path
    func fail(_ reason: String) -> FontError { FontError(path: path, reason: reason) }
    // One mapping of the file serves both libraries; it lives as long as
    // the face (faces are cached for the life of the process).
    guard access(path, R_OK) == 0 else {
      throw fail("cannot read the file: \(String(cString: strerror(errno)))")
    }
    guard let blob = hb_blob_create_from_file_or_fail(path) else {
      throw fail("cannot read the file")
    }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length) else {
      hb_blob_destroy(blob)
      throw fail("the file is empty")
    }
    let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
    if let problem = sfntProblem(bytes, faceIndex: reference.faceIndex) {
      hb_blob_destroy(blob)
      throw fail(problem)
    }
    guard let library else { throw fail("FreeType could not start") }
    var face: FT_Face?
    let error = data.withMemoryRebound(to: FT_Byte.self, capacity: Int(length)) { bytes in
      libraryLock.withLock { _ in
        FT_New_Memory_Face(library, bytes, FT_Long(length), FT_Long(reference.faceIndex), &face)
      }
    }
    guard error == 0, let face else {
      hb_blob_destroy(blob)
      throw fail("FreeType cannot open it (error \(error))")
    }
    let hbFace = hb_face_create(blob, UInt32(reference.faceIndex))
    guard let hbFace, hb_face_get_glyph_count(hbFace) > 0 else {
      if let hbFace { hb_face_destroy(hbFace) }
      libraryLock.withLock { _ in _ = FT_Done_Face(face) }
      throw fail("it holds no glyphs")
    }
    let hbFont = hb_font_create(hbFace)!
    hb_face_destroy(hbFace)
    let upem = hb_face_get_upem(hb_font_get_face(hbFont))
    hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
    hb_font_make_immutable(hbFont)
    let name = family ?? face.pointee.family_name.map { String(cString: $0) } ?? path
    return FontFace(reference: reference, family: name, hbFont: hbFont, ftFace: face)
  }

  /// Why the file's table directory does not fit the file, or `nil`.
  /// (Reads the sfnt header and the table records: tag, checksum, offset,
  /// length; a collection's header first points at its faces.)
  static func sfntProblem(_ b: UnsafeRawBufferPointer, faceIndex: Int) -> String? {
    func u32(_ i: Int) -> Int? {
      guard i >= 0, i + 4 <= b.count else { return nil }
      return Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
    func u16(_ i: Int) -> Int? {
      guard i >= 0, i + 2 <= b.count else { return nil }
      return Int(b[i]) << 8 | Int(b[i + 1])
    }
    guard let tag = u32(0) else { return "the file is too short to be a font (\(b.count) bytes)" }
    var start = 0
    if tag == 0x7474_6366 {  // "ttcf"
      guard let n = u32(8), faceIndex < n, let offset = u32(12 + 4 * faceIndex) else {
        return "the collection has no face \(faceIndex) (or its header is cut)"
      }
      start = offset
    }
    guard let sfnt = u32(start), [0x0001_0000, 0x4F54_544F, 0x7472_7565].contains(sfnt) else {
      return "not a TrueType or OpenType font (no sfnt header)"
    }
    guard let numTables = u16(start + 4) else { return "the file is truncated in its header" }
    for t in 0..<numTables {
      let record = start + 12 + 16 * t
      guard let offset = u32(record + 8), let length = u32(record + 12) else {
        return "the file is truncated in its table directory (\(b.count) bytes)"
      }
      if offset + length > b.count {
        let name = String(decoding: b[record..<record + 4], as: UTF8.self)
        return
          "the file is truncated: table '\(name)' ends at byte \(offset + length), the file has \(b.count)"
      }
    }
    return nil
  }
}
