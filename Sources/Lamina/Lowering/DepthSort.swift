// DepthSort: the order in which the planes of one 3D rendering context are
// drawn, back to front, with planes that intersect cut along the
// intersection (a BSP tree, as Core Animation, Chromium and CSS
// `preserve-3d` do). Works in the context's space after the homogeneous
// divide, where the viewer looks down −z from +∞: projective maps keep
// planes planar, so the order found there is the order on screen.
//
// Rejected: sorting by centroid depth, which is wrong for long or crossing
// planes (the cube of figure 5.21 and the 3D cases of the corpus catch it).

/// A plane n·p + d = 0 in the context's divided space.
struct DepthPlane {
  var n: (x: Double, y: Double, z: Double)
  var d: Double
  func distance(_ p: (x: Double, y: Double, z: Double)) -> Double {
    n.x * p.x + n.y * p.y + n.z * p.z + d
  }
}

/// One piece of a participant to draw, with the cuts that made it: keep the
/// side of each plane named (`front` = positive distance).
struct DepthFragment {
  var participant: Int
  var cuts: [(plane: DepthPlane, front: Bool)]
}

enum DepthSort {
  typealias P3 = (x: Double, y: Double, z: Double)
  static let epsilon = 1e-7

  /// Orders `polygons` (one per participant, in the context's divided space,
  /// listed in zPosition-then-array order) back to front, cutting where
  /// needed. Empty or degenerate polygons are left out.
  static func order(_ polygons: [[P3]]) -> [DepthFragment] {
    var items: [(poly: [P3], frag: DepthFragment, plane: DepthPlane)] = []
    for (i, poly) in polygons.enumerated() {
      guard poly.count >= 3, let plane = planeOf(poly) else { continue }
      items.append((poly, DepthFragment(participant: i, cuts: []), plane))
    }
    var out: [DepthFragment] = []
    out.reserveCapacity(items.count)
    build(items, into: &out)
    return out
  }

  /// Builds and walks the BSP at once (the tree is never needed again).
  private static func build(_ items: [(poly: [P3], frag: DepthFragment, plane: DepthPlane)], into out: inout [DepthFragment]) {
    guard let splitter = items.first else { return }
    let plane = splitter.plane
    var front: [(poly: [P3], frag: DepthFragment, plane: DepthPlane)] = []
    var back: [(poly: [P3], frag: DepthFragment, plane: DepthPlane)] = []
    var coplanar: [DepthFragment] = [splitter.frag]
    for item in items.dropFirst() {
      var hasFront = false, hasBack = false
      let ds = item.poly.map { plane.distance($0) }
      for d in ds {
        if d > epsilon { hasFront = true } else if d < -epsilon { hasBack = true }
      }
      switch (hasFront, hasBack) {
      case (false, false): coplanar.append(item.frag)
      case (true, false): front.append(item)
      case (false, true): back.append(item)
      case (true, true):
        let (f, b) = split(item.poly, distances: ds)
        var ff = item.frag, bf = item.frag
        ff.cuts.append((plane, true))
        bf.cuts.append((plane, false))
        if f.count >= 3 { front.append((f, ff, item.plane)) }
        if b.count >= 3 { back.append((b, bf, item.plane)) }
      }
    }
    // The viewer is at +z: the side its normal points to (n.z > 0) is nearer.
    if plane.n.z >= 0 {
      build(back, into: &out)
      out.append(contentsOf: coplanar)
      build(front, into: &out)
    } else {
      build(front, into: &out)
      out.append(contentsOf: coplanar)
      build(back, into: &out)
    }
  }

  /// The plane of a polygon by Newell's method; `nil` if degenerate.
  static func planeOf(_ poly: [P3]) -> DepthPlane? {
    var nx = 0.0, ny = 0.0, nz = 0.0, cx = 0.0, cy = 0.0, cz = 0.0
    for i in poly.indices {
      let a = poly[i], b = poly[(i + 1) % poly.count]
      nx += (a.y - b.y) * (a.z + b.z)
      ny += (a.z - b.z) * (a.x + b.x)
      nz += (a.x - b.x) * (a.y + b.y)
      cx += a.x; cy += a.y; cz += a.z
    }
    let len = (nx * nx + ny * ny + nz * nz).squareRoot()
    guard len > 1e-12, len.isFinite else { return nil }
    let k = Double(poly.count)
    let n = (x: nx / len, y: ny / len, z: nz / len)
    return DepthPlane(n: n, d: -(n.x * cx / k + n.y * cy / k + n.z * cz / k))
  }

  /// Splits a convex polygon by signed distances into front and back parts.
  static func split(_ poly: [P3], distances ds: [Double]) -> ([P3], [P3]) {
    var f: [P3] = [], b: [P3] = []
    for i in poly.indices {
      let j = (i + 1) % poly.count
      let a = poly[i], c = poly[j], da = ds[i], dc = ds[j]
      if da >= -epsilon { f.append(a) }
      if da <= epsilon { b.append(a) }
      if (da > epsilon && dc < -epsilon) || (da < -epsilon && dc > epsilon) {
        let t = da / (da - dc)
        let p = (x: a.x + (c.x - a.x) * t, y: a.y + (c.y - a.y) * t, z: a.z + (c.z - a.z) * t)
        f.append(p)
        b.append(p)
      }
    }
    return (f, b)
  }

  /// The polygon of a local rectangle under a homogeneous matrix, clipped to
  /// w > `nearW` and divided.
  static func polygon(of rect: CGRect, _ m: Transform3D) -> [P3] {
    let corners = [
      m.apply(x: rect.minX, y: rect.minY), m.apply(x: rect.maxX, y: rect.minY),
      m.apply(x: rect.maxX, y: rect.maxY), m.apply(x: rect.minX, y: rect.maxY),
    ]
    var out: [P3] = []
    let near = m.nearW
    for i in 0..<4 {
      let a = corners[i], b = corners[(i + 1) % 4]
      if a.w > near { out.append((a.x / a.w, a.y / a.w, a.z / a.w)) }
      if (a.w > near) != (b.w > near) {
        let t = (near - a.w) / (b.w - a.w)
        let w = near
        out.append(((a.x + (b.x - a.x) * t) / w, (a.y + (b.y - a.y) * t) / w, (a.z + (b.z - a.z) * t) / w))
      }
    }
    return out
  }

  /// A cut as a half-plane in a participant's local coordinates, given its
  /// matrix into the context space (valid where w > 0).
  static func halfPlane(_ cut: (plane: DepthPlane, front: Bool), localToContext a: Transform3D) -> HalfPlane {
    let n = cut.plane.n, d = cut.plane.d, s = cut.front ? 1.0 : -1.0
    return HalfPlane(
      a: s * (n.x * a.m11 + n.y * a.m12 + n.z * a.m13 + d * a.m14),
      b: s * (n.x * a.m21 + n.y * a.m22 + n.z * a.m23 + d * a.m24),
      c: s * (n.x * a.m41 + n.y * a.m42 + n.z * a.m43 + d * a.m44))
  }
}
