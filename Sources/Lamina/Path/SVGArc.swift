// SVGArc: an SVG elliptical arc (endpoint form) as cubic Béziers, following
// the SVG 1.1 implementation notes F.6.5 (endpoint to centre form) and F.6.6
// (out-of-range radii).
//
// Design: the arc is split into pieces of at most 90°, each approximated by
// one cubic with handle length 4/3·tan(Δ/4) (radial error below 3e-4 of the
// radius per quarter, far under the rasterizer's tolerance). Degenerate input
// never yields NaN: coincident endpoints give nothing, a zero radius gives a
// line, too-small radii are scaled up, and anything non-finite falls back to
// a line. Rejected: a native arc element, which every consumer would then
// have to flatten on its own.

struct SVGArc {
  /// The elements that draw the arc from the current point (no leading move).
  let elements: [Path.Element]

  init(
    from p0: CGPoint, to p1: CGPoint, rx rxIn: Double, ry ryIn: Double,
    rotationDegrees: Double, largeArc: Bool, sweep: Bool
  ) {
    // F.6.2: coincident endpoints draw nothing; a zero radius draws a line.
    if Double(p0.x) == Double(p1.x) && Double(p0.y) == Double(p1.y) {
      elements = []
      return
    }
    let rx = Swift.abs(rxIn)
    let ry = Swift.abs(ryIn)
    let line: [Path.Element] = [.line(p1)]
    guard rx > 0, ry > 0 else {
      elements = line
      return
    }
    let arc = CenterArc(
      from: p0, to: p1, rx: rx, ry: ry, rotationDegrees: rotationDegrees, largeArc: largeArc, sweep: sweep)
    guard [arc.rx, arc.ry, arc.cx, arc.cy, arc.theta1, arc.delta].allSatisfy(\.isFinite) else {
      elements = line
      return
    }
    elements = arc.cubics(endingAt: p1)
  }
}

/// An elliptical arc in centre form: the ellipse (radii, rotation, centre),
/// the start angle and the signed sweep on its unit circle.
private struct CenterArc {
  let rx: Double
  let ry: Double
  let cosPhi: Double
  let sinPhi: Double
  let cx: Double
  let cy: Double
  let theta1: Double
  let delta: Double

  /// The centre form of the endpoint arc (F.6.5), its radii scaled up
  /// when they cannot reach both endpoints (F.6.6); `rx` and `ry` are
  /// positive.
  init(
    from p0: CGPoint, to p1: CGPoint, rx: Double, ry: Double, rotationDegrees: Double, largeArc: Bool, sweep: Bool
  ) {
    let (x0, y0, x1, y1) = (Double(p0.x), Double(p0.y), Double(p1.x), Double(p1.y))
    let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
    cosPhi = cos(phi)
    sinPhi = sin(phi)
    // F.6.5.1: the midpoint difference in the ellipse's rotated frame.
    let dx = (x0 - x1) / 2
    let dy = (y0 - y1) / 2
    let x1p = cosPhi * dx + sinPhi * dy
    let y1p = -sinPhi * dx + cosPhi * dy
    (self.rx, self.ry) = Self.radii(rx, ry, reaching: x1p, y1p)
    // F.6.5.2: the centre in the rotated frame.
    let rx2 = self.rx * self.rx
    let ry2 = self.ry * self.ry
    let num = rx2 * ry2 - rx2 * y1p * y1p - ry2 * x1p * x1p
    let den = rx2 * y1p * y1p + ry2 * x1p * x1p
    var coefficient = den > 0 ? (max(num, 0) / den).squareRoot() : 0
    if largeArc == sweep { coefficient = -coefficient }
    let cxp = coefficient * self.rx * y1p / self.ry
    let cyp = -coefficient * self.ry * x1p / self.rx
    // F.6.5.3: the centre.
    cx = cosPhi * cxp - sinPhi * cyp + (x0 + x1) / 2
    cy = sinPhi * cxp + cosPhi * cyp + (y0 + y1) / 2
    // F.6.5.5–6: the start angle and the sweep.
    let ux = (x1p - cxp) / self.rx
    let uy = (y1p - cyp) / self.ry
    let vx = (-x1p - cxp) / self.rx
    let vy = (-y1p - cyp) / self.ry
    theta1 = atan2(uy, ux)
    var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }
    self.delta = delta
  }

  /// F.6.6.2: the radii, scaled up when they cannot reach both endpoints,
  /// (x1p, y1p) being the midpoint difference in the rotated frame.
  private static func radii(_ rx: Double, _ ry: Double, reaching x1p: Double, _ y1p: Double) -> (Double, Double) {
    let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
    // λ is NaN when a radius is so small that its square underflows and a
    // coordinate is 0 (0/0): that too needs scaling.
    guard !(lambda <= 1) else { return (rx, ry) }
    // rx·√λ = hypot(x1', y1'·rx/ry), which neither squares a tiny radius
    // (1e-300² underflows, making λ infinite) nor overflows.
    let ratio = rx / ry
    let scaled = hypot(x1p, y1p * ratio)
    if ratio > 0, ratio.isFinite, scaled > 0, scaled.isFinite, (scaled / ratio).isFinite {
      return (scaled, scaled / ratio)
    }
    let s = lambda.squareRoot()
    return (rx * s, ry * s)
  }

  /// The arc as cubics of at most 90° each, the last ending exactly at
  /// `p1`.
  func cubics(endingAt p1: CGPoint) -> [Path.Element] {
    let pieces = max(1, Int((Swift.abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
    let step = delta / Double(pieces)
    let handle = 4.0 / 3.0 * tan(step / 4)
    var out: [Path.Element] = []
    out.reserveCapacity(pieces)
    var t = theta1
    for k in 0..<pieces {
      let t2 = t + step
      let (c1, s1, c2, s2) = (cos(t), sin(t), cos(t2), sin(t2))
      let end = k == pieces - 1 ? p1 : map(c2, s2)
      out.append(
        .cubic(
          control1: map(c1 - handle * s1, s1 + handle * c1),
          control2: map(c2 + handle * s2, s2 - handle * c2), to: end))
      t = t2
    }
    return out
  }

  /// A point of the unit circle, mapped onto the ellipse.
  private func map(_ ux: Double, _ uy: Double) -> CGPoint {
    let ex = rx * ux
    let ey = ry * uy
    return CGPoint(x: cx + cosPhi * ex - sinPhi * ey, y: cy + sinPhi * ex + cosPhi * ey)
  }
}
