// VectorAtan2: atan2 on four Doubles at once, for the conic gradient's
// rows (GradientRow). libm's atan2 is a call per pixel (~17 ns each here,
// 17% of S5's frame when the gradient was drawn pixel by pixel).
//
// Method: Cephes' atan (S. L. Moshier, atan.c: the same reduction and
// rational approximation, in Double) of |y| / |x|, the reduction's
// quotient taken straight from |y| and |x| (one division, not two), then
// the quadrant: π − a where x < 0, the sign of y. Measured against
// glibc's atan2 on 2·10⁷ random points over eight decades: at most 2 ulps
// apart (4.4e-16 rad; a conic t moves by at most 2.3e-16); 27% of the
// angles differ in their last bits. Exactly libm's on the axes and the diagonals (0, ±π/2,
// ±π, ±π/4 and their -0 signs), where hand-made test scenes put their
// probes. A gradient's byte then differs from the libm-based definition
// only where t lies within ~1e-16 of a rounding boundary of a colour or
// of a hard stop (GradientRowTests bounds that).
//
// Rejected: Float32 atan as the GL shader has it (an error near 1e-7 in
// t, so about 10⁹ times as many moved bytes, for four lanes per register
// instead of two), and calling libm per lane (exact, but the cost this
// removes).

/// atan2(y, x) per lane, within 2 ulps of libm's; NaN where both are 0
/// (the caller treats that point itself).
@inline(__always)
func vectorAtan2(_ y: SIMD4<Double>, _ x: SIMD4<Double>) -> SIMD4<Double> {
  let a = firstQuadrantAtan2(magnitude(y), magnitude(x))
  // x < 0: the angle from the negative axis.
  let angle = select(x .< 0, Double.pi - a, a)
  // The sign of y (its sign bit: atan2(-0, x) is -0 or -π).
  let sign = unsafeBitCast(y, to: SIMD4<UInt64>.self) & (1 << 63)
  return unsafeBitCast(unsafeBitCast(angle, to: SIMD4<UInt64>.self) ^ sign, to: SIMD4<Double>.self)
}

/// Cephes' atan of y / x for y, x ≥ 0, its reduction folded into one
/// division: π/2 − atan(x/y) above tan(3π/8), π/4 + atan((y − x)/(y + x))
/// above 0.66, then r + r·z·P(z)/Q(z), z = r².
@inline(__always)
func firstQuadrantAtan2(_ y: SIMD4<Double>, _ x: SIMD4<Double>) -> SIMD4<Double> {
  let moreBits = 6.123233995736765886130e-17
  let big = y .> 2.41421356237309504880 * x
  let mid = (y .> 0.66 * x) .& .!big
  let r: SIMD4<Double>, base: SIMD4<Double>, more: SIMD4<Double>
  // Neighbouring pixels mostly share a range: then no lane selects.
  if all(big) {
    (r, base, more) = ((SIMD4<Double>.zero - x) / y, SIMD4(repeating: Double.pi / 2), SIMD4(repeating: moreBits))
  } else if all(mid) {
    (r, base, more) = ((y - x) / (y + x), SIMD4(repeating: Double.pi / 4), SIMD4(repeating: 0.5 * moreBits))
  } else if !any(big .| mid) {
    (r, base, more) = (y / x, .zero, .zero)
  } else {
    let numerator = select(big, SIMD4<Double>.zero - x, select(mid, y - x, y))
    let denominator = select(big, y, select(mid, y + x, x))
    r = numerator / denominator
    base = select(big, SIMD4(repeating: Double.pi / 2), select(mid, SIMD4(repeating: Double.pi / 4), .zero))
    more = select(big, SIMD4(repeating: moreBits), select(mid, SIMD4(repeating: 0.5 * moreBits), .zero))
  }
  let z = r * r
  var p = -8.750608600031904122785e-1 * z - 1.615753718733365076637e1
  p = p * z - 7.500855792314704667340e1
  p = p * z - 1.228866684490136173410e2
  p = p * z - 6.485021904942025371773e1
  var q = z + 2.485846490142306297962e1
  q = q * z + 1.650270098316988542046e2
  q = q * z + 4.328810604912902668951e2
  q = q * z + 4.853903996359136964868e2
  q = q * z + 1.945506571482613964425e2
  var w = z * p / q
  w = r * w + r
  w += more
  return base + w
}

/// `a` where `mask`, else `b`, by bits (`replacing(with:where:)` is
/// scalarised by the compiler).
@inline(__always)
func select(_ mask: SIMDMask<SIMD4<Int64>>, _ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
  let m = unsafeBitCast(mask, to: SIMD4<UInt64>.self)
  let bits = (unsafeBitCast(a, to: SIMD4<UInt64>.self) & m) | (unsafeBitCast(b, to: SIMD4<UInt64>.self) & ~m)
  return unsafeBitCast(bits, to: SIMD4<Double>.self)
}

/// |v| per lane (the sign bit cleared).
@inline(__always)
func magnitude(_ v: SIMD4<Double>) -> SIMD4<Double> {
  unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt64>.self) & ~(1 << 63), to: SIMD4<Double>.self)
}
