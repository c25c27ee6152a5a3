// LottieBezier: a Lottie shape's vertices, with in and out tangents
// relative to each vertex, open or closed. It becomes a Lamina Path of cubic
// curves only (a straight edge is a cubic whose handles sit on its ends),
// so that two keyframes of one shape always have the same commands and
// Lamina interpolates them point by point, as Core Animation interpolates
// the CGPaths lottie-ios gives it.
//
// Rejected: lines for straight edges. A keyframe whose edge bends and one
// whose edge is straight would then differ in commands and the shape would
// jump instead of morphing.

import Lamina

/// A Lottie bezier shape (`{"c": …, "v": …, "i": …, "o": …}`).
struct LottieBezier: Equatable, Sendable {
  var closed: Bool
  var vertices: [CGPoint]
  var inTangents: [CGPoint]
  var outTangents: [CGPoint]

  var path: Path {
    var elements: [Path.Element] = []
    let n = vertices.count
    guard n > 0 else { return Path(elements: []) }
    elements.reserveCapacity(n + 2)
    elements.append(.move(vertices[0]))
    func curve(_ a: Int, _ b: Int) -> Path.Element {
      let c1 = CGPoint(x: vertices[a].x + outTangents[a].x, y: vertices[a].y + outTangents[a].y)
      let c2 = CGPoint(x: vertices[b].x + inTangents[b].x, y: vertices[b].y + inTangents[b].y)
      return .cubic(control1: c1, control2: c2, to: vertices[b])
    }
    for i in 1..<max(n, 1) { elements.append(curve(i - 1, i)) }
    if closed {
      if n > 1 { elements.append(curve(n - 1, 0)) }
      elements.append(.close)
    }
    return Path(elements: elements)
  }

  /// Point by point toward `other` (the nearer one when the vertex counts differ).
  func interpolated(to other: LottieBezier, _ f: Double) -> LottieBezier {
    guard other.vertices.count == vertices.count else { return f < 1 ? self : other }
    func mix(_ a: [CGPoint], _ b: [CGPoint]) -> [CGPoint] {
      zip(a, b).map { CGPoint(x: $0.x + ($1.x - $0.x) * f, y: $0.y + ($1.y - $0.y) * f) }
    }
    return LottieBezier(
      closed: closed, vertices: mix(vertices, other.vertices), inTangents: mix(inTangents, other.inTangents),
      outTangents: mix(outTangents, other.outTangents))
  }

  /// Sharp corners (vertices without handles) replaced by two vertices
  /// `radius` along each edge (at most half the edge) with handles 0.5519 of
  /// the way back to the corner: lottie-ios's `roundCorners`. An open
  /// path's ends stay sharp; a path with no sharp corner is returned as it is.
  func roundingCorners(_ radius: Double) -> LottieBezier {
    let n = vertices.count
    guard n > 1, radius > 0 else { return self }
    let k = 0.5519
    var out = LottieBezier(closed: closed, vertices: [], inTangents: [], outTangents: [])
    var rounded = false
    func add(_ inHandle: CGPoint, _ p: CGPoint, _ outHandle: CGPoint) {
      out.vertices.append(p)
      out.inTangents.append(CGPoint(x: inHandle.x - p.x, y: inHandle.y - p.y))
      out.outTangents.append(CGPoint(x: outHandle.x - p.x, y: outHandle.y - p.y))
    }
    for e in 0..<n {
      let c = vertices[e]
      guard inTangents[e] == .zero, outTangents[e] == .zero, closed || (e != 0 && e != n - 1) else {
        add(
          CGPoint(x: c.x + inTangents[e].x, y: c.y + inTangents[e].y), c,
          CGPoint(x: c.x + outTangents[e].x, y: c.y + outTangents[e].y))
        continue
      }
      rounded = true
      func toward(_ q: CGPoint) -> CGPoint {
        let d = hypot(q.x - c.x, q.y - c.y)
        let f = d != 0 ? min(d / 2, radius) / d : 0
        return CGPoint(x: c.x + (q.x - c.x) * f, y: c.y + (q.y - c.y) * f)
      }
      let a = toward(vertices[(e + n - 1) % n]), b = toward(vertices[(e + 1) % n])
      add(a, a, CGPoint(x: a.x - (a.x - c.x) * k, y: a.y - (a.y - c.y) * k))
      add(CGPoint(x: b.x - (b.x - c.x) * k, y: b.y - (b.y - c.y) * k), b, b)
    }
    return rounded ? out : self
  }

  /// Built from absolute points (the rectangle, ellipse and star builders).
  init(closed: Bool, vertices: [CGPoint], inTangents: [CGPoint], outTangents: [CGPoint]) {
    (self.closed, self.vertices, self.inTangents, self.outTangents) = (closed, vertices, inTangents, outTangents)
  }
}

extension LottieNode {
  /// A shape value; keyframed shapes write it as `[{…}]` (an array of one).
  func bezier() throws(LottieError) -> LottieBezier {
    if case .array(let items) = value.kind, items.count >= 1 {
      return try LottieNode(value: items[0], path: path + [.index(0)]).bezier()
    }
    guard isObject else { throw error("must be a shape {\"c\", \"v\", \"i\", \"o\"}, got \(value.kindDescription)") }
    func points(_ key: String) throws(LottieError) -> [CGPoint] {
      guard let n = self[key] else { return [] }
      var out: [CGPoint] = []
      for e in try n.elements() { out.append(try e.point()) }
      return out
    }
    let v = try points("v")
    var i = try points("i"), o = try points("o")
    // Missing tangents are straight edges (lottie-ios pads them the same way).
    while i.count < v.count { i.append(.zero) }
    while o.count < v.count { o.append(.zero) }
    return LottieBezier(
      closed: try self["c"]?.bool() ?? false, vertices: v, inTangents: Array(i.prefix(v.count)),
      outTangents: Array(o.prefix(v.count)))
  }
}
