// AxisRoundedRectCoverage: the exact area coverage of a rounded rectangle
// (or a border ring: the outer shape minus its inner edge) placed on the
// target by a positive scale and a translation, pixel by pixel without
// sweeping its whole box.
//
// Away from its corners such a shape is a rectangle, and the area of a
// rectangle inside a pixel is the product of the overlaps of the pixel's
// column and row with the rectangle's sides: `ox(i)·oy(j)` (a ring:
// `ox·oy − ix·iy`). Only the pixels that meet a corner's curve need areas
// of polygons; each corner's pixels form a small box (its *patch*), where
// the shape is its flattened corner joined by straight lines to the patch's
// far sides, accumulated over that box alone. So a 120 × 80 card costs four
// ~14 × 14 patches and two products a pixel, where sweeping its outline cut
// every row of its box (with the ring, ~640 edges over ~10,000 cells).
//
// Every value depends on its pixel and the shape alone, never on the
// region asked for: a patch is always accumulated over its whole box from
// the same origin. So a stamp's tiles, a card drawn where it is and a card
// drawn from a kept stamp have the same bytes, without drawing a stamp's
// tiles whole (StampTileMemo) to make them agree.
//
// Exactness: the products are the exact areas (Float overlaps); the
// patches are the accumulator's areas of the same flattened corners as the
// whole outline (`RoundedRect.appendPoints`, 0.001 px). A pixel's value
// may differ from sweeping the whole outline by the rounding of a running
// sum (an ulp or so of Float, one level of 8 bits at a tie).
//
// Rejected: a closed form of the circle's area in each corner pixel (no
// closed form for Apple's continuous corner, whose cubics are flattened
// anyway, and the corner pixels are a few percent of a card's); signed
// distance to the outline (not an area: wrong at corners and thin rings).
import Lamina

/// Coverage of an axis-aligned rounded rectangle or ring, in the pixels of
/// the placement it was made with. A class: a stage reads it for every
/// tile it draws (a copy of the value, arrays retained, per tile was ~2 %
/// of a cold S1-frac; boxed in an indirect enum case it was still copied
/// out of the box).
final class AxisRoundedRectCoverage: Sendable {
  /// One corner's box and what each shape draws there (outer added, inner
  /// subtracted), in target pixels.
  struct Patch: Sendable {
    let rect: PixelRect
    let outer: PatchCorner?
    let inner: PatchCorner?
  }

  /// A shape's corner within a patch: its flattened curve joined along the
  /// shape's own sides to the patch's far sides. The points are made where
  /// the patch is evaluated, on the drawing workers (made for every card
  /// when it was prepared, they were a tenth of a cold S1-frac, on one thread).
  struct PatchCorner: Sendable {
    let corner: PlacedCorner
    /// The corner point and the patch's far sides, in target pixels.
    let origin: SIMD2<Double>, farX: Double, farY: Double

    /// The closed polygon, into `points` (emptied first).
    func polygon(_ h: Homography, tolerance: Double, into points: inout [SIMD2<Double>]) {
      points.removeAll(keepingCapacity: true)
      RoundedRect.appendPoints(of: corner, tolerance: tolerance, to: &points)
      // Axis-aligned: the projection's w is 1 and its cross terms 0.
      let (sx, sy, tx, ty) = (h.m.0, h.m.4, h.m.6, h.m.7)
      for i in points.indices { points[i] = SIMD2(sx * points[i].x + tx, sy * points[i].y + ty) }
      // In the outline's turning direction: a reversed corner ends on its
      // horizontal side, the others on their vertical side.
      let alongH = SIMD2(farX, origin.y), alongV = SIMD2(origin.x, farY), far = SIMD2(farX, farY)
      if corner.reversed {
        points.append(alongH); points.append(far); points.append(alongV)
      } else {
        points.append(alongV); points.append(far); points.append(alongH)
      }
    }
  }

  /// The outer and inner rectangles in target pixels (the inner empty
  /// without a border).
  let outer: (x0: Double, y0: Double, x1: Double, y1: Double)
  let inner: (x0: Double, y0: Double, x1: Double, y1: Double)
  let hasInner: Bool
  let patches: [Patch]
  /// The pixels that can be covered.
  let bounds: PixelRect
  /// The placement and the flattening tolerance in local units.
  let homography: Homography
  let tolerance: Double

  /// The largest patch side (the tile accumulator's).
  static let largestPatch = TileScratch.size

  /// `outer` minus `border` (its inner edge) under `h`; nil unless `h` is
  /// an axis-aligned positive scale and translation and the corners' patches
  /// are small, apart and reach no other side of either shape (a circle, a
  /// pill: the outline is then swept as before). `memo` hands out the
  /// shapes' corners (made again otherwise).
  init?(outer shape: RoundedRect, border: RoundedRect?, _ h: Homography, tolerance: Double, memo: ShapeMemo? = nil) {
    guard h.isAxisAligned, h.m.0 > 0, h.m.4 > 0 else { return nil }
    func box(_ r: RoundedRect) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
      let s = r.rect.standardized
      let a = h.apply(Double(s.minX), Double(s.minY)), b = h.apply(Double(s.maxX), Double(s.maxY))
      guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
      return (a.x, a.y, b.x, b.y)
    }
    guard let o = box(shape) else { return nil }
    outer = o
    if let border {
      guard let i = box(border), i.x0 >= o.x0, i.y0 >= o.y0, i.x1 <= o.x1, i.y1 <= o.y1 else { return nil }
      inner = i
      hasInner = true
    } else {
      inner = (0, 0, 0, 0)
      hasInner = false
    }
    bounds = .covering(minX: o.x0, minY: o.y0, maxX: o.x1, maxY: o.y1, within: unlimited)
    // Made for every card met off its stamps, on the preparing thread:
    // no arrays but the corners and the patches.
    let outerCorners = memo?.corners(of: shape) ?? shape.corners
    let innerCorners = border.map { memo?.corners(of: $0) ?? $0.corners }
    var patches: [Patch] = []
    patches.reserveCapacity(4)
    for c in 0..<4 {
      // The patch: every pixel that meets a curve of this corner.
      var lo = SIMD2(Double.infinity, .infinity), hi = -lo
      func include(_ k: PlacedCorner) {
        guard !k.pieces.isEmpty else { return }
        let a = k.origin, b = k.origin + (k.horizontal + k.vertical) * k.reach
        let p = h.apply(a.x, a.y), q = h.apply(b.x, b.y)
        lo = pointwiseMin(lo, pointwiseMin(SIMD2(p.x, p.y), SIMD2(q.x, q.y)))
        hi = pointwiseMax(hi, pointwiseMax(SIMD2(p.x, p.y), SIMD2(q.x, q.y)))
      }
      include(outerCorners[c])
      if let innerCorners { include(innerCorners[c]) }
      guard lo.x <= hi.x else { continue }
      let rect = PixelRect.covering(minX: lo.x, minY: lo.y, maxX: hi.x, maxY: hi.y, within: unlimited)
      guard rect.width <= Self.largestPatch, rect.height <= Self.largestPatch else { return nil }
      // Far sides of the patch from the corner (corners 0…3: minXminY,
      // maxXminY, maxXmaxY, minXmaxY).
      let towardMaxX = c == 0 || c == 3, towardMaxY = c < 2
      let farX = Double(towardMaxX ? rect.x1 : rect.x0), farY = Double(towardMaxY ? rect.y1 : rect.y0)
      // What a shape draws in the patch: nil when its corner lies beyond
      // it; the whole shape is swept when the patch reaches its far sides.
      func meeting(_ k: PlacedCorner, _ r: (x0: Double, y0: Double, x1: Double, y1: Double)) -> PatchCorner?? {
        guard towardMaxX ? farX <= r.x1 : farX >= r.x0, towardMaxY ? farY <= r.y1 : farY >= r.y0 else { return nil }
        let corner = h.apply(k.origin.x, k.origin.y)
        if towardMaxX ? corner.x >= farX : corner.x <= farX { return .some(nil) }
        if towardMaxY ? corner.y >= farY : corner.y <= farY { return .some(nil) }
        return PatchCorner(corner: k, origin: SIMD2(corner.x, corner.y), farX: farX, farY: farY)
      }
      guard let outerPart = meeting(outerCorners[c], o) else { return nil }
      var innerPart: PatchCorner? = nil
      if let innerCorners {
        guard let part = meeting(innerCorners[c], inner) else { return nil }
        innerPart = part
      }
      patches.append(Patch(rect: rect, outer: outerPart, inner: innerPart))
    }
    for a in patches.indices {
      for b in patches.indices where b > a {
        guard patches[a].rect.intersection(patches[b].rect).isEmpty else { return nil }
      }
    }
    self.patches = patches
    (homography, self.tolerance) = (h, tolerance)
  }

  /// The coverage over `region` into `scratch.coverage` (row stride
  /// `region.width`); `skip`: pixels nobody reads, whose values are left
  /// unspecified. Uses `scratch.accumulator`, `scratch.extra` and
  /// `scratch.rectFactors`.
  func evaluate(_ region: PixelRect, _ scratch: TileScratch, skipping skip: PixelRect = .empty) {
    let parts = region.subtracting(skip.intersection(region))
    parts.withUnsafeBufferPointer { evaluate(parts: $0, in: region, scratch) }
  }

  /// The coverage of `parts` (rectangles inside `region`, apart), laid out
  /// as `region` in `scratch.coverage`; the other pixels are left
  /// unspecified. A patch is accumulated once, whichever parts it meets.
  func evaluate(parts: UnsafeBufferPointer<PixelRect>, in region: PixelRect, _ scratch: TileScratch) {
    let w = region.width, h = region.height
    guard w > 0, h > 0 else { return }
    let f = scratch.rectFactors
    let ox = f, ix = f + w, oy = ix + w, iy = oy + h
    for i in 0..<w {
      let x = region.x0 + i
      ox[i] = Float(pixelOverlap(x, outer.x0, outer.x1))
      ix[i] = hasInner ? Float(pixelOverlap(x, inner.x0, inner.x1)) : 0
    }
    for j in 0..<h {
      let y = region.y0 + j
      oy[j] = Float(pixelOverlap(y, outer.y0, outer.y1))
      iy[j] = hasInner ? Float(pixelOverlap(y, inner.y0, inner.y1)) : 0
    }
    let out = scratch.coverage
    for part in parts {
      let i0 = part.x0 - region.x0, i1 = part.x1 - region.x0
      for j in (part.y0 - region.y0)..<(part.y1 - region.y0) {
        let row = out + j * w, a = oy[j], b = iy[j]
        // Float products (the loop vectorizes); as the accumulator
        // resolves, within 1e-5 of full is full.
        for i in i0..<i1 {
          let v = ox[i] * a - ix[i] * b
          row[i] = v > 0.99999 ? 1 : (v > 0 ? v : 0)
        }
      }
    }
    // By index: `for patch in patches` copied each ~250-byte patch.
    for p in patches.indices {
      var resolved = false
      let rect = patches[p].rect, values = scratch.extra, pw = rect.width
      for part in parts {
        let cut = rect.intersection(part)
        guard !cut.isEmpty else { continue }
        if !resolved {
          accumulate(p, into: values, scratch)
          resolved = true
        }
        for y in cut.y0..<cut.y1 {
          let from = values + (y - rect.y0) * pw + (cut.x0 - rect.x0)
          (out + (y - region.y0) * w + (cut.x0 - region.x0)).update(from: from, count: cut.width)
        }
      }
    }
  }

  /// Patch `index`'s coverage over its whole box (the same bits whatever asks).
  private func accumulate(_ index: Int, into values: UnsafeMutablePointer<Float>, _ scratch: TileScratch) {
    let acc = scratch.accumulator
    acc.begin(patches[index].rect)
    if patches[index].outer != nil {
      patches[index].outer!.polygon(homography, tolerance: tolerance, into: &scratch.patchPoints)
      acc.add(scratch.patchPoints)
    }
    if patches[index].inner != nil {
      patches[index].inner!.polygon(homography, tolerance: tolerance, into: &scratch.patchPoints)
      acc.subtract(scratch.patchPoints)
    }
    acc.resolve(into: values)
  }
}

/// The length of pixel column (or row) `a`, [a, a + 1], inside [lo, hi]:
/// an axis-aligned rectangle covers a pixel by the product of its column's
/// and its row's (AxisRoundedRectCoverage, a shadow's extent).
@inline(__always)
func pixelOverlap(_ a: Int, _ lo: Double, _ hi: Double) -> Double {
  max(0, min(Double(a) + 1, hi) - max(Double(a), lo))
}
