// ShaderSource: assembles a program's GLSL from the embedded Shaders/
// files. Every stage gets `#version 300 es`, high precision and its
// variant's `#define`s; fragment shaders get the shared coverage.glsl (and
// clip.glsl for CLIPS variants) plus the continuous-corner half-planes,
// flattened here from Lamina's `CornerPiece.continuous`, so the shader and
// the CPU share one definition of Apple's corner.
//
// Rejected: a `#include` preprocessor in the files (GLSL ES has none, and
// glslangValidator would need the same one); uniform flags instead of
// defines (on llvmpipe a disabled branch costs as much as running it).

import Foundation
import Lamina

enum ShaderSource {
  /// A file of Shaders/, or nil when the name is not embedded.
  static func file(_ name: String) -> String? { EmbeddedShaders.files[name] }

  /// The full source of one stage. `main` is a Shaders/ file name.
  static func assemble(main: String, defines: [String], continuous: Bool = false) -> String? {
    guard let body = file(main) else { return nil }
    var text = "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n"
    for define in defines.sorted() { text += "#define \(define)\n" }
    if main.hasSuffix(".frag") {
      text += "#define CONTINUOUS_CORNERS \(continuous ? "true" : "false")\n"
      if !["blur.frag", "mip.frag", "batch.frag"].contains(main) {
        text += continuousCurveDeclaration
        text += "#line 1\n" + (file("coverage.glsl") ?? "")
        if defines.contains("CLIPS") { text += "#line 1\n" + (file("clip.glsl") ?? "") }
        if defines.contains("BLEND") { text += blendModeDeclaration + "#line 1\n" + (file("blend.glsl") ?? "") }
      }
    }
    return text + "#line 1\n" + body
  }

  /// blend.glsl's numbers for the modes: `BLEND_MULTIPLY` … from
  /// `BlendMode.allCases` (`shaderIndex`, the value of `uBlendMode`), so
  /// the shader and the CPU share one list.
  static let blendModeDeclaration: String = {
    BlendMode.allCases.map { mode in
      var name = ""
      for c in String(describing: mode) {
        if c.isUppercase { name += "_" }
        name += c.uppercased()
      }
      return "#define BLEND_\(name) \(mode.shaderIndex)\n"
    }.joined()
  }()

  /// How far Apple's continuous corner reaches along each edge, in radii.
  static let continuousReach = ContinuousCorner.extent

  /// The continuous corner of unit radius, in corner coordinates (distance
  /// along the edge it leaves, distance into the rectangle), from the top
  /// edge round to the side edge: Lamina's `CornerPiece.continuous` (the
  /// one definition of Apple's corner), each cubic flattened into 8 chords.
  static let continuousCorner: [(Double, Double)] = {
    var points: [(Double, Double)] = [(ContinuousCorner.extent, 0)]
    for piece in CornerPiece.continuous {
      switch piece {
      case .cubic:
        for i in 1...8 {
          let p = piece.evaluate(Double(i) / 8).point
          points.append((p.x, p.y))
        }
      case .line(_, let end): points.append((end.x, end.y))
      case .quarterArc: break
      }
    }
    return points
  }()

  /// One half-plane (n, c) per segment: n·s + c is the signed distance
  /// from the segment's line, positive outside (towards the corner).
  static let continuousCurveDeclaration: String = {
    let points = continuousCorner
    var planes: [String] = []
    for i in 0..<(points.count - 1) {
      let (ax, ay) = points[i], (bx, by) = points[i + 1]
      let tx = bx - ax, ty = by - ay
      let length = (tx * tx + ty * ty).squareRoot()
      let nx = -ty / length, ny = tx / length
      let c = -(nx * ax + ny * ay)
      planes.append("vec3(\(nx), \(ny), \(c))")
    }
    return """
      #define CONTINUOUS_REACH \(continuousReach)
      #define CONTINUOUS_PLANES \(planes.count)
      const vec3 kContinuousCurve[\(planes.count)] = vec3[\(planes.count)](
        \(planes.joined(separator: ",\n  ")));

      """
  }()
}
