// RenderPlan: what to draw, as plain values. The lowering (Lowering.swift)
// walks the layer tree once and produces it; LaminaCPU and LaminaGL draw it
// and nothing else, so a difference between them is a backend bug.
//
// Model: a list of surfaces (the canvas is surface 0; the others are
// offscreen targets for groups). Each surface holds draw commands in order,
// composited premultiplied source-over. Every command carries a projective
// matrix from its local space (points of one layer's bounds space, or pixels
// of another surface) to the target surface's pixels (origin top-left, y
// down, pixel (i, j) covers [i, i+1)×[j, j+1), its centre at +0.5), and a
// clip list whose coverages multiply. Backends evaluate shapes in local
// space by mapping each pixel centre back through the inverse matrix, so
// perspective is exact, never approximated.
//
// Rejected: a retained scene graph per backend (two traversals drift apart),
// and flattening 3D subtrees through offscreens (the lowering flattens by
// matrix, z := 0, which is exact and costs nothing; offscreens are used only
// for what needs one: group opacity, masks, rasterization, content shadows,
// and planes cut by the 3D sort).

/// One drawing command.
public enum DrawCommand: Hashable, Sendable {
  case roundedRect(RoundedRectDraw)
  case image(ImageDraw)
  case shadow(ShadowDraw)
  case composite(CompositeDraw)
  case gradient(GradientDraw)
  /// A shape layer's fill or stroke (PathDraw.swift).
  case path(PathDraw)
}

/// A render target: the canvas, or an offscreen group.
public struct Surface: Hashable, Sendable {
  public var width: Int
  public var height: Int
  /// What the surface is for, for messages and debugging.
  public var label: String
  /// For `shouldRasterize`: equal keys mean equal pixels, so a renderer may
  /// reuse a raster it kept from an earlier frame.
  public var rasterKey: Int?
  public var commands: [DrawCommand]
  public init(width: Int, height: Int, label: String, rasterKey: Int? = nil, commands: [DrawCommand] = []) {
    self.width = width
    self.height = height
    self.label = label
    self.rasterKey = rasterKey
    self.commands = commands
  }
}

/// Everything a backend needs to draw one frame.
public struct RenderPlan: Hashable, Sendable {
  /// Output size in pixels.
  public var width: Int
  public var height: Int
  /// Canvas background, premultiplied; surfaces other than 0 start transparent.
  public var background: PremultipliedColor
  /// Surface 0 is the canvas. A composite only names later surfaces, so
  /// drawing them from last to first never reads one before it is drawn.
  public var surfaces: [Surface]

  /// A plan from its parts.
  public init(width: Int, height: Int, background: PremultipliedColor, surfaces: [Surface]) {
    self.width = width
    self.height = height
    self.background = background
    self.surfaces = surfaces
  }
}

/// A backend that draws render plans.
public protocol PlanRenderer: AnyObject {
  /// Draws the plan and reads the canvas back.
  func render(_ plan: RenderPlan) throws -> Image
}

