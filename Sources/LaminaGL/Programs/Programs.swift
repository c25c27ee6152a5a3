// The typed programs, one per shader: a list of the uniform names it sets
// (locations looked up once at link, TypedProgram), and the cache of variants.
// A variant is a set of `#define`s; each is compiled on first use and kept
// for the renderer's life.

import CGLES

/// The uniforms of one shader, by the names its GLSL gives them without
/// the `u` (`rect` is `uRect`). The case order is the order of the locations.
protocol UniformNames: CaseIterable, RawRepresentable where RawValue == Int, AllCases == [Self] {}

/// A linked program with the locations of the uniforms `Names` lists and
/// of CommonUniforms, looked up once at link; a variant that compiled one
/// out has -1 there, which GL ignores. A pass reads `p[.rect]`: one array
/// read, not a dictionary of strings (this runs thousands of times a frame).
///
/// Rejected: a struct per shader with a stored property and a lookup line
/// per uniform (each uniform's name was written three times, and the eight
/// structs differed only in their lists).
struct TypedProgram<Names: UniformNames> {
  let program: Program
  let common: CommonUniforms
  private let slots: [GLint]

  init(_ p: Program) {
    program = p
    common = CommonUniforms(p)
    slots = Names.allCases.map { p.location(String(describing: $0)) }
  }

  subscript(_ name: Names) -> GLint { slots[name.rawValue] }
}

enum RoundedRectUniform: Int, UniformNames {
  case rect, radii, innerRect, innerRadii, color
  case backdrop, backdropOrigin, blendMode  // BLEND
}
enum ShadowUniform: Int, UniformNames { case rect, radii, extent, sigma, color }
enum ImageUniform: Int, UniformNames {
  case image, imageSize, bounds, bias, opacity, nearestTie, edgeTie
  case destX, sourceStartX, sourceEndX, destY, sourceStartY, sourceEndY
  case pixelOrigin, uvOrigin, uvScale, lod  // INTERIOR
  case tint  // TINT
}
enum CompositeUniform: Int, UniformNames {
  case source, sourceSize, bias, opacity, mask
  case shadow, shadowOffset, shadowScale, shadowColor
  case shadowClipInverse, shadowClipRect, shadowClipRadii, shadowClipContinuous
  case backdrop, backdropOrigin, blendMode  // BLEND
}
/// batch.vert/batch.frag, mip.frag and blur.frag draw their own quads, not
/// quad.vert's: their `common` holds only -1s.
enum BatchUniform: Int, UniformNames { case targetSize, atlas }
enum MipUniform: Int, UniformNames { case quads, targetSize, input, inputSize, outputSize }
enum BlurUniform: Int, UniformNames { case quads, targetSize, input, direction, weights, radius }

typealias RoundedRectProgram = TypedProgram<RoundedRectUniform>
typealias ShadowProgram = TypedProgram<ShadowUniform>
typealias ImageProgram = TypedProgram<ImageUniform>
typealias CompositeProgram = TypedProgram<CompositeUniform>
typealias BatchProgram = TypedProgram<BatchUniform>
typealias MipProgram = TypedProgram<MipUniform>
typealias BlurProgram = TypedProgram<BlurUniform>

/// Every shader and the defines its variants may use (also what the
/// compile tests walk through).
enum ShaderVariants {
  static let fragments: [(file: String, flags: [String])] = [
    ("rounded_rect.frag", ["ROUNDED", "RING", "CLIPS", "AXIS_ALIGNED", "PROJECTIVE", "BLEND"]),
    ("shadow.frag", ["ROUNDED", "NEAR_CORNERS", "CONTINUOUS", "CLIPS"]),
    ("image.frag", ["CLIPS", "INTERIOR", "TINT", "BILINEAR"]),
    ("composite.frag", ["NEAREST", "MASK", "SHADOW", "SHADOW_ONLY", "SHADOW_CLIP", "CLIPS", "PROJECTIVE", "BLEND"]),
    ("blur.frag", ["DOWNSAMPLE", "ALPHA_INPUT"]),
    ("batch.frag", ["SOLID"]),
    ("mip.frag", []),
    ("gradient.frag", ["RADIAL", "CONIC", "ROUNDED", "CLIPS", "AXIS_ALIGNED", "PROJECTIVE", "STOP_TEXTURE"]),
    ("path.frag", ["CLIPS"]),
  ]

  /// The vertex shader a fragment shader is linked with.
  static func vertex(for fragment: String) -> String {
    fragment == "batch.frag" ? "batch.vert" : "quad.vert"
  }
}

/// Compiled programs by variant, created on first use.
final class ProgramCache {
  private struct Key: Hashable {
    var file: String
    var defines: [String]
    var continuous: Bool
  }
  private var programs: [Key: Program] = [:]
  private let ledger: GLObjectLedger

  init(ledger: GLObjectLedger) { self.ledger = ledger }

  /// The program of `file` with `defines`, compiled and linked on first use.
  func program(_ file: String, _ defines: [String], continuous: Bool = false) throws(GLError) -> Program {
    let key = Key(file: file, defines: defines.sorted(), continuous: continuous)
    if let program = programs[key] { return program }
    let name = ([file] + key.defines + (continuous ? ["CONTINUOUS"] : [])).joined(separator: "+")
    guard let vertex = ShaderSource.assemble(main: ShaderVariants.vertex(for: file), defines: []),
      let fragment = ShaderSource.assemble(main: file, defines: key.defines, continuous: continuous)
    else { throw .shaderCompile(name: name, log: "shader source \(file) is not embedded in the binary") }
    let program = try Program(name: name, vertex: vertex, fragment: fragment, ledger: ledger)
    programs[key] = program
    return program
  }

  /// The `#define`s of variant `index`: `names[i]` is bit i's (`nil` for a
  /// bit that is not a define, such as continuous corners, which the
  /// source assembler takes). Spelled out only when a variant is compiled.
  static func defines(_ index: Int, _ names: [String?]) -> [String] {
    names.indices.compactMap { index & (1 << $0) != 0 ? names[$0] : nil }
  }

  /// Variant `index` of `file` (its defines `defines(index, names)`) from
  /// `cache`, compiled and kept there on first use: what every typed
  /// accessor below does with its own array.
  func variant<Names>(
    _ cache: inout [TypedProgram<Names>?], _ index: Int, _ file: String, _ names: [String?], continuous: Bool = false
  ) throws(GLError) -> TypedProgram<Names> {
    if let cached = cache[index] { return cached }
    let wrapper = TypedProgram<Names>(try program(file, Self.defines(index, names), continuous: continuous))
    cache[index] = wrapper
    return wrapper
  }

  // Typed wrappers by variant bits, so a draw costs one array read, not a
  // dictionary of strings (this runs thousands of times a frame).
  private var shapes = [RoundedRectProgram?](repeating: nil, count: 128)
  private var shadows = [ShadowProgram?](repeating: nil, count: 16)
  private var images = [ImageProgram?](repeating: nil, count: 16)
  private var composites: [[String]: CompositeProgram] = [:]
  private var batches = [BatchProgram?](repeating: nil, count: 2)
  private var mipProgram: MipProgram?
  private var blurs = [BlurProgram?](repeating: nil, count: 4)
  /// gradient.frag's wrappers by variant bits (GradientProgram.swift).
  var gradients = [GradientProgram?](repeating: nil, count: 256)
  /// path.frag's wrappers, without and with clips (PathProgram.swift).
  var paths = [PathProgram?](repeating: nil, count: 2)

  func roundedRect(
    rounded: Bool, continuous: Bool, ring: Bool, clips: Bool, axisAligned: Bool = false, projective: Bool = false,
    blend: Bool = false
  ) throws(GLError) -> RoundedRectProgram {
    let continuous = rounded && continuous
    let index =
      (rounded ? 1 : 0) | (continuous ? 2 : 0) | (ring ? 4 : 0) | (clips ? 8 : 0) | (axisAligned ? 16 : 0)
      | (projective ? 32 : 0) | (blend ? 64 : 0)
    return try variant(
      &shapes, index, "rounded_rect.frag", ["ROUNDED", nil, "RING", "CLIPS", "AXIS_ALIGNED", "PROJECTIVE", "BLEND"],
      continuous: continuous)
  }

  func shadow(rounded: Bool, nearCorners: Bool, continuous: Bool, clips: Bool) throws(GLError) -> ShadowProgram {
    let near = rounded && nearCorners
    let continuous = rounded && continuous
    let index = (rounded ? 1 : 0) | (near ? 2 : 0) | (clips ? 4 : 0) | (continuous ? 8 : 0)
    return try variant(&shadows, index, "shadow.frag", ["ROUNDED", "NEAR_CORNERS", "CLIPS", "CONTINUOUS"])
  }

  func image(clips: Bool, interior: Bool = false, tint: Bool = false, bilinear: Bool = false) throws(GLError)
    -> ImageProgram
  {
    let index = (clips ? 1 : 0) | (interior ? 2 : 0) | (tint ? 4 : 0) | (bilinear ? 8 : 0)
    return try variant(&images, index, "image.frag", ["CLIPS", "INTERIOR", "TINT", "BILINEAR"])
  }

  func composite(defines: [String]) throws(GLError) -> CompositeProgram {
    if let cached = composites[defines] { return cached }
    let wrapper = CompositeProgram(try program("composite.frag", defines))
    composites[defines] = wrapper
    return wrapper
  }

  func mip() throws(GLError) -> MipProgram {
    if let mipProgram { return mipProgram }
    let wrapper = MipProgram(try program("mip.frag", []))
    mipProgram = wrapper
    return wrapper
  }

  func batch(solid: Bool) throws(GLError) -> BatchProgram {
    try variant(&batches, solid ? 1 : 0, "batch.frag", ["SOLID"])
  }

  func blur(downsample: Bool, alphaInput: Bool) throws(GLError) -> BlurProgram {
    try variant(&blurs, (downsample ? 1 : 0) | (alphaInput ? 2 : 0), "blur.frag", ["DOWNSAMPLE", "ALPHA_INPUT"])
  }

  /// Number of programs compiled so far.
  var count: Int { programs.count }

  func deleteAll() {
    for program in programs.values { program.delete() }
    programs.removeAll()
    shapes = shapes.map { _ in nil }
    shadows = shadows.map { _ in nil }
    images = images.map { _ in nil }
    composites.removeAll()
    batches = batches.map { _ in nil }
    mipProgram = nil
    blurs = blurs.map { _ in nil }
    gradients = gradients.map { _ in nil }
    paths = paths.map { _ in nil }
  }
}
