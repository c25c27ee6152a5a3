// LottieShapePaths: the parametric shapes (rectangle, ellipse, star,
// polygon) as bezier vertices, built the way lottie-ios builds them, so a
// trimmed or dashed outline starts where Apple's renders start it: a
// rectangle at its top-right corner going clockwise, an ellipse at its top,
// a star at its first outer point (rotated by `r`); `d` = 3 reverses.
// The constants are lottie-ios's: 0.55228 for the ellipse's and rounded
// corners' handles, 0.47829 (star) and 0.25 (polygon) for roundness.

import Foundation
import Lamina

/// A vertex with absolute in and out handles.
private struct Vertex {
  var inHandle: CGPoint, point: CGPoint, outHandle: CGPoint
  init(_ i: CGPoint, _ p: CGPoint, _ o: CGPoint) { (inHandle, point, outHandle) = (i, p, o) }
  init(_ p: CGPoint) { self.init(p, p, p) }
  func moved(_ d: CGPoint) -> Vertex {
    Vertex(inHandle + d, point + d, outHandle + d)
  }
  var reversed: Vertex { Vertex(outHandle, point, inHandle) }
}

private func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
private func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }

private func bezier(_ vertices: [Vertex], reversed: Bool) -> LottieBezier {
  let vs = reversed ? vertices.reversed().map(\.reversed) : vertices
  return LottieBezier(
    closed: true, vertices: vs.map(\.point), inTangents: vs.map { $0.inHandle - $0.point },
    outTangents: vs.map { $0.outHandle - $0.point })
}

enum LottieShapePaths {
  static let ellipseHandle = 0.55228

  static func rectangle(position p: CGPoint, size: CGSize, radius r0: Double, reversed: Bool) -> LottieBezier {
    let w = size.width / 2, h = size.height / 2
    let r = min(min(r0, w), h)
    var v: [Vertex]
    if r <= 0 {
      v = [
        Vertex(CGPoint(x: w, y: -h)), Vertex(CGPoint(x: w, y: h)), Vertex(CGPoint(x: -w, y: h)),
        Vertex(CGPoint(x: -w, y: -h)), Vertex(CGPoint(x: w, y: -h)),
      ]
    } else {
      let c = r * ellipseHandle
      func at(_ i: CGPoint, _ q: CGPoint, _ o: CGPoint, _ d1: CGPoint, _ d2: CGPoint) -> Vertex {
        Vertex(i, q, o).moved(d1).moved(d2)
      }
      v = [
        at(CGPoint(x: r, y: 0), CGPoint(x: r, y: 0), CGPoint(x: r, y: 0), CGPoint(x: -r, y: r), CGPoint(x: w, y: -h)),
        at(CGPoint(x: r, y: 0), CGPoint(x: r, y: 0), CGPoint(x: r, y: c), CGPoint(x: -r, y: -r), CGPoint(x: w, y: h)),
        at(CGPoint(x: c, y: r), CGPoint(x: 0, y: r), CGPoint(x: 0, y: r), CGPoint(x: -r, y: -r), CGPoint(x: w, y: h)),
        at(CGPoint(x: 0, y: r), CGPoint(x: 0, y: r), CGPoint(x: -c, y: r), CGPoint(x: r, y: -r), CGPoint(x: -w, y: h)),
        at(CGPoint(x: -r, y: c), CGPoint(x: -r, y: 0), CGPoint(x: -r, y: 0), CGPoint(x: r, y: -r), CGPoint(x: -w, y: h)),
        at(CGPoint(x: -r, y: 0), CGPoint(x: -r, y: 0), CGPoint(x: -r, y: -c), CGPoint(x: r, y: r), CGPoint(x: -w, y: -h)),
        at(CGPoint(x: -c, y: -r), CGPoint(x: 0, y: -r), CGPoint(x: 0, y: -r), CGPoint(x: r, y: r), CGPoint(x: -w, y: -h)),
        at(CGPoint(x: 0, y: -r), CGPoint(x: 0, y: -r), CGPoint(x: c, y: -r), CGPoint(x: -r, y: r), CGPoint(x: w, y: -h)),
        at(CGPoint(x: r, y: -c), CGPoint(x: r, y: 0), CGPoint(x: r, y: 0), CGPoint(x: -r, y: r), CGPoint(x: w, y: -h)),
      ]
    }
    return bezier(v.map { $0.moved(p) }, reversed: reversed)
  }

  static func ellipse(center: CGPoint, size: CGSize, reversed: Bool) -> LottieBezier {
    var hw = size.width / 2
    let hh = size.height / 2
    if reversed { hw = -hw }
    let cx = hw * ellipseHandle, cy = hh * ellipseHandle
    let q1 = CGPoint(x: center.x, y: center.y - hh), q2 = CGPoint(x: center.x + hw, y: center.y)
    let q3 = CGPoint(x: center.x, y: center.y + hh), q4 = CGPoint(x: center.x - hw, y: center.y)
    var v = [
      Vertex(q1 + CGPoint(x: -cx, y: 0), q1, q1 + CGPoint(x: cx, y: 0)),
      Vertex(q2 + CGPoint(x: 0, y: -cy), q2, q2 + CGPoint(x: 0, y: cy)),
      Vertex(q3 + CGPoint(x: cx, y: 0), q3, q3 + CGPoint(x: -cx, y: 0)),
      Vertex(q4 + CGPoint(x: 0, y: cy), q4, q4 + CGPoint(x: 0, y: -cy)),
      Vertex(q1 + CGPoint(x: -cx, y: 0), q1, q1),
    ]
    // The fifth vertex closes the curve on the first, so nothing is left to
    // close: lottie-ios's ellipse path has no closing curve (its builder
    // only marks it closed). The closing curve from the fifth vertex back to
    // the first is zero long only without handles there; with them it would
    // be a loop at the top that a stroke draws and a trim or dash measures.
    v[0].inHandle = q1
    return bezier(v, reversed: false)
  }

  static func star(
    position: CGPoint, outerRadius: Double, innerRadius: Double, outerRoundness: Double, innerRoundness: Double,
    points n: Double, rotation: Double, reversed: Bool
  ) -> LottieBezier {
    guard n > 0, n.isFinite, n <= 1000 else { return LottieBezier(closed: true, vertices: [], inTangents: [], outTangents: []) }
    var angle = (rotation - 90) * .pi / 180
    let perPoint = 2 * Double.pi / n, half = perPoint / 2
    let partial = n - floor(n)
    let outerRound = outerRoundness * 0.01, innerRound = innerRoundness * 0.01
    var point: CGPoint
    var partialRadius = 0.0
    if partial != 0 {
      angle += half * (1 - partial)
      partialRadius = innerRadius + partial * (outerRadius - innerRadius)
      point = CGPoint(x: partialRadius * cos(angle), y: partialRadius * sin(angle))
      angle += perPoint * partial / 2
    } else {
      point = CGPoint(x: outerRadius * cos(angle), y: outerRadius * sin(angle))
      angle += half
    }
    var v = [Vertex(point + position)]
    var long = false
    let count = Int(ceil(n) * 2)
    for i in 0..<count {
      var radius = long ? outerRadius : innerRadius
      var dTheta = half
      if partialRadius != 0, i == count - 2 { dTheta = perPoint * partial / 2 }
      if partialRadius != 0, i == count - 1 { radius = partialRadius }
      let previous = point
      point = CGPoint(x: radius * cos(angle), y: radius * sin(angle))
      if innerRound == 0, outerRound == 0 {
        v.append(Vertex(point + position))
      } else {
        let t1 = atan2(previous.y, previous.x) - .pi / 2, t2 = atan2(point.y, point.x) - .pi / 2
        let r1 = long ? innerRadius * innerRound : outerRadius * outerRound
        let r2 = long ? outerRadius * outerRound : innerRadius * innerRound
        var cp1 = CGPoint(x: r1 * 0.47829 * cos(t1), y: r1 * 0.47829 * sin(t1))
        var cp2 = CGPoint(x: r2 * 0.47829 * cos(t2), y: r2 * 0.47829 * sin(t2))
        if partial != 0 {
          if i == 0 { cp1 = CGPoint(x: cp1.x * partial, y: cp1.y * partial) } else if i == count - 1 {
            cp2 = CGPoint(x: cp2.x * partial, y: cp2.y * partial)
          }
        }
        v[v.count - 1].outHandle = v[v.count - 1].point - cp1
        let p = point + position
        v.append(Vertex(p + cp2, p, p))
      }
      angle += dTheta
      long.toggle()
    }
    return bezier(v, reversed: reversed)
  }

  static func polygon(
    position: CGPoint, points n: Double, outerRadius: Double, outerRoundness: Double, rotation: Double, reversed: Bool
  ) -> LottieBezier {
    guard n > 0, n.isFinite, n <= 1000 else { return LottieBezier(closed: true, vertices: [], inTangents: [], outTangents: []) }
    var angle = (rotation - 90) * .pi / 180
    let perPoint = 2 * Double.pi / n
    let round = outerRoundness * 0.01
    var point = CGPoint(x: outerRadius * cos(angle), y: outerRadius * sin(angle))
    var v = [Vertex(point + position)]
    angle += perPoint
    for _ in 0..<Int(ceil(n)) {
      let previous = point
      point = CGPoint(x: outerRadius * cos(angle), y: outerRadius * sin(angle))
      if round != 0 {
        let t1 = atan2(previous.y, previous.x) - .pi / 2, t2 = atan2(point.y, point.x) - .pi / 2
        let k = outerRadius * round * 0.25
        let cp1 = CGPoint(x: k * cos(t1), y: k * sin(t1)), cp2 = CGPoint(x: k * cos(t2), y: k * sin(t2))
        v[v.count - 1].outHandle = v[v.count - 1].point - cp1
        let p = point + position
        v.append(Vertex(p + cp2, p, p))
      } else {
        v.append(Vertex(point + position))
      }
      angle += perPoint
    }
    return bezier(v, reversed: reversed)
  }
}
