// Lamina: the layer model, scene files, images and the lowering.
//
// Design: `Layer` mirrors `CALayer` (names, defaults, geometry rules) so that
// Core Animation code ports line by line. Geometry uses Foundation's
// `CGPoint`/`CGSize`/`CGRect` (present on Linux) for the same reason; the
// transform types (`Transform3D`, `CGAffineTransform`) are Lamina's own,
// because Foundation on Linux has neither. Everything that draws goes through
// one lowering (`Plan/`) into a `RenderPlan` of plain values, consumed by
// LaminaCPU and LaminaGL alike; this module never links GL.
//
// Rejected: a scene graph per backend. Two traversals drift apart, and a
// difference between the backends must always be a backend bug.
@_exported import Foundation
