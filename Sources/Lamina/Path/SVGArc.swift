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
    let (x0, y0, x1, y1) = (Double(p0.x), Double(p0.y), Double(p1.x), Double(p1.y))
    // F.6.2: coincident endpoints draw nothing; a zero radius draws a line.
    if x0 == x1 && y0 == y1 {
      elements = []
      return
    }
    var rx = Swift.abs(rxIn)
    var ry = Swift.abs(ryIn)
    let line: [Path.Element] = [.line(p1)]
    guard rx > 0, ry > 0 else {
      elements = line
      return
    }
    let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
    let cosPhi = cos(phi)
    let sinPhi = sin(phi)
    // F.6.5.1: the midpoint difference in the ellipse's rotated frame.
    let dx = (x0 - x1) / 2
    let dy = (y0 - y1) / 2
    let x1p = cosPhi * dx + sinPhi * dy
    let y1p = -sinPhi * dx + cosPhi * dy
    // F.6.6.2: scale the radii up when they cannot reach both endpoints.
    let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
    // λ is NaN when a radius is so small that its square underflows and a
    // coordinate is 0 (0/0): that too needs scaling.
    if !(lambda <= 1) {
      // rx·√λ = hypot(x1', y1'·rx/ry), which neither squares a tiny radius
      // (1e-300² underflows, making λ infinite) nor overflows.
      let ratio = rx / ry
      let scaled = hypot(x1p, y1p * ratio)
      if ratio > 0, ratio.isFinite, scaled > 0, scaled.isFinite, (scaled / ratio).isFinite {
        rx = scaled
        ry = scaled / ratio
      } else {
        let s = lambda.squareRoot()
        rx *= s
        ry *= s
      }
    }
    // F.6.5.2: the centre in the rotated frame.
    let rx2 = rx * rx
    let ry2 = ry * ry
    let num = rx2 * ry2 - rx2 * y1p * y1p - ry2 * x1p * x1p
    let den = rx2 * y1p * y1p + ry2 * x1p * x1p
    var coefficient = den > 0 ? (max(num, 0) / den).squareRoot() : 0
    if largeArc == sweep { coefficient = -coefficient }
    let cxp = coefficient * rx * y1p / ry
    let cyp = -coefficient * ry * x1p / rx
    // F.6.5.3: the centre.
    let cx = cosPhi * cxp - sinPhi * cyp + (x0 + x1) / 2
    let cy = sinPhi * cxp + cosPhi * cyp + (y0 + y1) / 2
    // F.6.5.5–6: the start angle and the sweep.
    let ux = (x1p - cxp) / rx
    let uy = (y1p - cyp) / ry
    let vx = (-x1p - cxp) / rx
    let vy = (-y1p - cyp) / ry
    let theta1 = atan2(uy, ux)
    var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }
    guard [rx, ry, cx, cy, theta1, delta].allSatisfy(\.isFinite) else {
      elements = line
      return
    }
    let pieces = max(1, Int((Swift.abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
    let step = delta / Double(pieces)
    let handle = 4.0 / 3.0 * tan(step / 4)
    // A point of the unit circle at angle t, mapped onto the ellipse.
    func map(_ ux: Double, _ uy: Double) -> CGPoint {
      let ex = rx * ux
      let ey = ry * uy
      return CGPoint(x: cx + cosPhi * ex - sinPhi * ey, y: cy + sinPhi * ex + cosPhi * ey)
    }
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
    elements = out
  }
}
