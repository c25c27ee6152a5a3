// Small geometry helpers of the lowering: projecting local rectangles to
// target pixels with homogeneous clipping (w > `nearW`), shifting
// commands into an offscreen's pixel grid, and the device bounds of a command.

extension Transform3D {
  /// Points of the plane z = 0 with w at or below this are behind the
  /// viewer: `Homography.nearW`, the one rule.
  var nearW: Double { Homography.nearW(m14, m24, m44) }

  /// The matrix that keeps x and y and sets z to 0 (flattening, row vectors).
  static let flatten: Transform3D = {
    var f = Transform3D.identity
    f.m33 = 0
    return f
  }()

  /// Translation in target pixels applied after `self`.
  func thenTranslated(x: Double, y: Double) -> Transform3D {
    concatenating(Transform3D(translationX: x, y: y))
  }
}

/// The bounding box, in target pixels, of `rect` (local) under `m`, after
/// clipping the quad to w > `nearW`; `nil` when nothing is in front of the viewer.
func projectedBounds(of rect: CGRect, _ m: Transform3D) -> CGRect? {
  guard rect.width >= 0, rect.height >= 0, !rect.isNull else { return nil }
  let corners = [
    m.apply(x: rect.minX, y: rect.minY), m.apply(x: rect.maxX, y: rect.minY),
    m.apply(x: rect.maxX, y: rect.maxY), m.apply(x: rect.minX, y: rect.maxY),
  ]
  var minX = Double.infinity, minY = Double.infinity
  var maxX = -Double.infinity, maxY = -Double.infinity
  func add(_ v: Vector4) {
    let x = v.x / v.w, y = v.y / v.w
    minX = min(minX, x); maxX = max(maxX, x)
    minY = min(minY, y); maxY = max(maxY, y)
  }
  let near = m.nearW
  for i in 0..<4 {
    let a = corners[i], b = corners[(i + 1) % 4]
    if a.w > near { add(a) }
    if (a.w > near) != (b.w > near) {
      let t = (near - a.w) / (b.w - a.w)
      add(Vector4(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t,
                  z: a.z + (b.z - a.z) * t, w: near))
    }
  }
  guard minX <= maxX, minY <= maxY, minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite
  else { return nil }
  return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
}

/// The bounding box, in local units, of the part of local `rect` that `m`
/// maps in front of the viewer (w > `nearW`) and inside the target rectangle
/// `area`; `nil` when none of it is. Every bound is a half-plane in local
/// coordinates (X ≥ x₀·W is linear in x and y), so the rectangle is cut
/// exactly by each in turn (Sutherland–Hodgman), with no inverse to take.
func visibleLocalRegion(of rect: CGRect, _ m: Transform3D, within area: CGRect) -> CGRect? {
  guard !rect.isNull, !area.isNull, area.width > 0, area.height > 0 else { return nil }
  // X, Y and W as affine functions a·x + b·y + c of the local point.
  let fx = (m.m11, m.m21, m.m41), fy = (m.m12, m.m22, m.m42), fw = (m.m14, m.m24, m.m44)
  // f − s·g ≥ 0, i.e. X/W ≥ s (or Y/W) where W > 0; `sign` −1 flips it.
  func bound(_ f: (Double, Double, Double), _ s: Double, _ sign: Double) -> (Double, Double, Double) {
    (sign * (f.0 - s * fw.0), sign * (f.1 - s * fw.1), sign * (f.2 - s * fw.2))
  }
  let planes = [
    (fw.0, fw.1, fw.2 - m.nearW),
    bound(fx, Double(area.minX), 1), bound(fx, Double(area.maxX), -1),
    bound(fy, Double(area.minY), 1), bound(fy, Double(area.maxY), -1),
  ]
  var polygon = [
    (Double(rect.minX), Double(rect.minY)), (Double(rect.maxX), Double(rect.minY)),
    (Double(rect.maxX), Double(rect.maxY)), (Double(rect.minX), Double(rect.maxY)),
  ]
  for (a, b, c) in planes {
    var out: [(Double, Double)] = []
    for i in polygon.indices {
      let p = polygon[i], q = polygon[(i + 1) % polygon.count]
      let dp = a * p.0 + b * p.1 + c, dq = a * q.0 + b * q.1 + c
      if dp >= 0 { out.append(p) }
      if (dp >= 0) != (dq >= 0) {
        let s = dp / (dp - dq)
        out.append((p.0 + (q.0 - p.0) * s, p.1 + (q.1 - p.1) * s))
      }
    }
    polygon = out
    if polygon.isEmpty { return nil }
  }
  let xs = polygon.map(\.0), ys = polygon.map(\.1)
  let box = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  return box.isNull || !box.width.isFinite || !box.height.isFinite ? nil : box
}

extension CGRect {
  /// The smallest rectangle of whole pixels holding this one.
  var roundedOut: CGRect {
    guard !isNull, minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return self }
    let x0 = floor(Double(minX)), y0 = floor(Double(minY))
    return CGRect(x: x0, y: y0, width: ceil(Double(maxX)) - x0, height: ceil(Double(maxY)) - y0)
  }
}

extension ImageSlice {
  /// The union of the slices' destinations.
  public static func union(_ slices: [ImageSlice]) -> CGRect {
    slices.dropFirst().reduce(slices.first?.destination ?? .null) { $0.union($1.destination) }
  }
}

extension CGRect {
  /// True when this rectangle covers `other`, within 1e-9 of its size.
  func covers(_ other: CGRect) -> Bool {
    let e = 1e-9 * max(1, Double(max(width, height)))
    return Double(minX) <= Double(other.minX) + e && Double(minY) <= Double(other.minY) + e
      && Double(maxX) >= Double(other.maxX) - e && Double(maxY) >= Double(other.maxY) - e
  }
}

extension Clip {
  /// A conservative device box outside which the clip's coverage is 0.
  var deviceBounds: CGRect? {
    switch shape {
    case .roundedRect(let rr): return projectedBounds(of: rr.rect, matrix)
    case .convex: return nil
    }
  }

  public func shifted(x: Double, y: Double) -> Clip {
    Clip(matrix: matrix.thenTranslated(x: x, y: y), shape: shape)
  }
}

extension DrawCommand {
  /// The header of any command: its matrix, clips and name.
  public var header: DrawHeader {
    get {
      switch self {
      case .roundedRect(let d): d.header
      case .image(let d): d.header
      case .shadow(let d): d.header
      case .composite(let d): d.header
      case .gradient(let d): d.header
      case .path(let d): d.header
      }
    }
    set {
      switch self {
      case .roundedRect(var d): d.header = newValue; self = .roundedRect(d)
      case .image(var d): d.header = newValue; self = .image(d)
      case .shadow(var d): d.header = newValue; self = .shadow(d)
      case .composite(var d): d.header = newValue; self = .composite(d)
      case .gradient(var d): d.header = newValue; self = .gradient(d)
      case .path(var d): d.header = newValue; self = .path(d)
      }
    }
  }

  /// The clips of any command.
  public var clips: [Clip] {
    get { header.clips }
    set { header.clips = newValue }
  }

  /// The name of any command (the layer it draws).
  public var name: String { header.name }

  /// A conservative box of the target pixels the command can touch.
  public func deviceBounds(surfaces: [Surface]) -> CGRect? {
    var box: CGRect?
    switch self {
    case .roundedRect(let d): box = projectedBounds(of: d.outer.rect, d.matrix)
    case .image(let d):
      let union = d.slices.reduce(CGRect.null) { $0.union($1.destination) }
      box = projectedBounds(of: union, d.matrix)
    case .shadow(let d): box = projectedBounds(of: d.extent, d.matrix)
    case .gradient(let d): box = projectedBounds(of: d.shape.rect, d.matrix)
    case .path(let d): box = projectedBounds(of: d.bounds, d.matrix)
    case .composite(let d):
      let s = surfaces[d.surface]
      var rect = CGRect(x: 0, y: 0, width: s.width, height: s.height)
      if let sh = d.shadow {
        let m = shadowReach(sigma: sh.sigma)
        let moved = rect.offsetBy(dx: sh.offsetX, dy: sh.offsetY).insetBy(dx: -m, dy: -m)
        rect = sh.shadowOnly ? moved : rect.union(moved)
      }
      box = projectedBounds(of: rect, d.matrix)
    }
    // Clips multiply coverage, pixel by pixel: a command and a clip that
    // share a pixel but not an area still put the product of their two
    // anti-aliased coverages there. So they meet on whole pixels (an exact
    // intersection had dropped such pixels from groups, where the canvas
    // drew them: found by the opaqueMaskChangesNothing relation).
    for clip in clips {
      guard let b = box else { return nil }
      if let cb = clip.deviceBounds { box = b.roundedOut.intersection(cb.roundedOut) }
    }
    if let b = box, b.isNull || b.isEmpty { return nil }
    return box
  }

  /// The command moved by (x, y) target pixels.
  func shifted(x: Double, y: Double) -> DrawCommand {
    var moved = self
    moved.header = header.shifted(x: x, y: y)
    return moved
  }
}
