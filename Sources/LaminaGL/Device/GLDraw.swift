// GLDraw: one draw call as a value: the program, the target, the blend,
// the textures with their samplers, every uniform the program reads, and
// the geometry. Passes build them; GLDevice applies each in full, so no
// state set for one draw can leak into the next, and nothing is re-bound
// by hand (the device skips what is already bound).
//
// Rejected: passes calling GL themselves (as they did: blending was
// switched in five files, and calls re-bound a target a callee had
// changed), and one struct of uniforms per program type (a draw value
// would then be generic, and the device would need a case per program).

import CGLES

/// Where a draw writes.
enum DrawTarget {
  /// A pooled surface (its texture's level 0), or the coverage atlas.
  case surface(SurfaceTarget)
  /// Level `level` of a surface's texture (MipPass), through the device's
  /// scratch framebuffer.
  case level(SurfaceTarget, Int)

  /// The pixel size of what is written.
  var size: (width: Int, height: Int) {
    switch self {
    case .surface(let s): return (s.width, s.height)
    case .level(let s, let level):
      return (max(1, s.width >> level), max(1, s.height >> level))
    }
  }
}

/// How a draw's output meets the target.
enum Blend: Equatable {
  /// Premultiplied source-over (ONE, ONE_MINUS_SRC_ALPHA).
  case sourceOver
  /// The output replaces the target's pixels (blending off).
  case replace
}

/// How a texture is read: filters and clamp to edge (a sampler object).
struct SamplerState: Hashable {
  var min: GLint
  var mag: GLint
  static let nearest = SamplerState(min: GL_NEAREST, mag: GL_NEAREST)
  static let linear = SamplerState(min: GL_LINEAR, mag: GL_LINEAR)
}

/// A texture bound to a unit for one draw.
struct TextureBinding {
  var unit: Int
  var texture: GLuint
  var sampler: SamplerState
}

/// One uniform's value, set by location (-1, a variant's compiled-out
/// uniform, is ignored as GL ignores it).
struct Uniform {
  enum Value {
    case int(GLint)
    case float(Float)
    case vec2(Float, Float)
    case ivec2(GLint, GLint)
    case vec4(Float, Float, Float, Float)
    /// Arrays: the floats of `count` elements of 1, 3 or 4 components, or 3×3 matrices.
    case floats([Float])
    case vec3s([Float])
    case vec4s([Float])
    case mat3s([Float])
  }
  var location: GLint
  var value: Value
  init(_ location: GLint, _ value: Value) {
    self.location = location
    self.value = value
  }
}

/// What a draw rasterizes.
enum Geometry {
  /// `count` quads of quad.vert (4 vertices each, from gl_VertexID and
  /// gl_InstanceID, the rectangles in the `quads` uniform).
  case quads(Int)
  /// `count` instances of an instance array, its buffer filled by
  /// `GLDevice.stream` just before (as sokol updates a buffer, then draws).
  case instances(InstanceArray, count: Int)
}

/// A vertex array with one streamed buffer of per-instance attributes
/// (QuadBatch's), made by the device.
struct InstanceArray {
  let vertexArray: GLuint
  let buffer: GLuint
}

/// One draw call, applied in full by `GLDevice.draw`.
struct GLDraw {
  var program: Program
  var target: DrawTarget
  var blend: Blend = .sourceOver
  var textures: [TextureBinding] = []
  var uniforms: [Uniform]
  var geometry: Geometry
}
