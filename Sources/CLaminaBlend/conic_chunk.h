// conic_chunk.h: the conic's t at the centres of `groups` groups of LANES
// pixels from x, written once for both vector widths of gradient.c, which
// includes it twice: as `conic_chunk` (four Doubles a register, AVX2) and,
// in the AVX-512 build, as `conic_chunk8` (eight). Not part of the
// module's headers.
//
// Gradient.Evaluator.t's operations with vectorAtan2's Cephes reduction
// (VectorAtan2.swift: the same operations in the same order, so
// GradientRow's bits), done stage by stage over the whole chunk (the local
// points and the reduction, then every quotient, the polynomials, every
// second quotient, the rest): one pixel's chain of three divisions and two
// polynomials is ~150 cycles long, and group by group the out-of-order
// window held barely two groups; stage by stage the divisions of sixteen
// groups are in flight together.
//
// The includer defines the lane vocabulary: CONIC_CHUNK (the name),
// CONIC_TARGET (its target attribute), LANES, MAX_GROUPS, V (a vector of
// Doubles), M (a lane mask), V_SET1, V_ADD, V_SUB, V_MUL, V_DIV, V_ZERO,
// V_LANES (x + ½, x + 1½, … in the lanes), V_ABS, V_FLIP_SIGN(v, s) (v with
// its sign flipped where s is negative), V_SELECT(m, a, b), V_ZERO_WHERE(m,
// v), V_STORE, M_GT, M_LT, M_EQ, M_AND, M_ANDNOT(a, b) (b and not a). Each
// maps to one intrinsic, or to the bitwise equal of one, so both widths do
// the same operations on the same values, lane by lane.
//
// Rejected: the two functions written out in full (76 lines each, the
// same but for the intrinsics' names, and a change had to be made twice);
// one function over the wider vectors only (AVX2 machines need the
// four-lane one).

CONIC_TARGET static void CONIC_CHUNK(
    const LaminaGradientRow *g, long x, long groups, double ym3, double ym4, double ym5, double *ts) {
  V cross[MAX_GROUPS], dot[MAX_GROUPS], a[MAX_GROUPS], b[MAX_GROUPS], w[MAX_GROUPS];
  const V zero = V_ZERO();
  const V vx = V_SET1(g->vx), vy = V_SET1(g->vy);
  const V ox = V_SET1(g->ox), oy = V_SET1(g->oy);
  const V tan3pi8 = V_SET1(2.41421356237309504880), limit = V_SET1(0.66);
  // The local point (x / w, y / w under perspective; w kept in `w`), cross
  // and dot, and firstQuadrantAtan2's numerator (a) and denominator (b).
  for (long k = 0; k < groups; k++) {
    V X = V_LANES((double)(x + LANES * k));
    V lx = V_ADD(V_ADD(V_MUL(X, V_SET1(g->m[0])), V_SET1(ym3)), V_SET1(g->m[6]));
    V ly = V_ADD(V_ADD(V_MUL(X, V_SET1(g->m[1])), V_SET1(ym4)), V_SET1(g->m[7]));
    if (!g->affine) {
      V z = V_ADD(V_ADD(V_MUL(X, V_SET1(g->m[2])), V_SET1(ym5)), V_SET1(g->m[8]));
      lx = V_DIV(lx, z), ly = V_DIV(ly, z);
      w[k] = z;
    }
    V px = V_SUB(lx, ox), py = V_SUB(ly, oy);
    V c = V_SUB(V_MUL(vx, py), V_MUL(vy, px));
    V d = V_ADD(V_MUL(vx, px), V_MUL(vy, py));
    cross[k] = c, dot[k] = d;
    V ay = V_ABS(c), ax = V_ABS(d);
    M big = M_GT(ay, V_MUL(tan3pi8, ax));
    M mid = M_ANDNOT(big, M_GT(ay, V_MUL(limit, ax)));
    a[k] = V_SELECT(big, V_SUB(zero, ax), V_SELECT(mid, V_SUB(ay, ax), ay));
    b[k] = V_SELECT(big, ay, V_SELECT(mid, V_ADD(ay, ax), ax));
  }
  // r.
  for (long k = 0; k < groups; k++) a[k] = V_DIV(a[k], b[k]);
  // z·P(z) (into b, free now) and Q(z).
  V q[MAX_GROUPS];
  for (long k = 0; k < groups; k++) {
    V r = a[k], z = V_MUL(r, r);
    V p = V_SUB(V_MUL(V_SET1(-8.750608600031904122785e-1), z), V_SET1(1.615753718733365076637e1));
    p = V_SUB(V_MUL(p, z), V_SET1(7.500855792314704667340e1));
    p = V_SUB(V_MUL(p, z), V_SET1(1.228866684490136173410e2));
    p = V_SUB(V_MUL(p, z), V_SET1(6.485021904942025371773e1));
    V qq = V_ADD(z, V_SET1(2.485846490142306297962e1));
    qq = V_ADD(V_MUL(qq, z), V_SET1(1.650270098316988542046e2));
    qq = V_ADD(V_MUL(qq, z), V_SET1(4.328810604912902668951e2));
    qq = V_ADD(V_MUL(qq, z), V_SET1(4.853903996359136964868e2));
    qq = V_ADD(V_MUL(qq, z), V_SET1(1.945506571482613964425e2));
    b[k] = V_MUL(z, p), q[k] = qq;
  }
  // z·P(z) / Q(z).
  for (long k = 0; k < groups; k++) b[k] = V_DIV(b[k], q[k]);
  // The rest of atan2, the turn, t = angle / 2π, the centre; NaN behind the viewer.
  const double moreBits = 6.123233995736765886130e-17;
  const V turn = V_SET1(2 * 3.14159265358979323846);
  for (long k = 0; k < groups; k++) {
    V c = cross[k], d = dot[k], r = a[k];
    V ay = V_ABS(c), ax = V_ABS(d);
    M big = M_GT(ay, V_MUL(tan3pi8, ax));
    M mid = M_ANDNOT(big, M_GT(ay, V_MUL(limit, ax)));
    V base = V_SELECT(big, V_SET1(3.14159265358979323846 / 2), V_SELECT(mid, V_SET1(3.14159265358979323846 / 4), zero));
    V more = V_SELECT(big, V_SET1(moreBits), V_SELECT(mid, V_SET1(0.5 * moreBits), zero));
    V v = V_ADD(V_MUL(r, b[k]), r);
    v = V_ADD(v, more);
    V first = V_ADD(base, v);
    V angle = V_SELECT(M_LT(d, zero), V_SUB(V_SET1(3.14159265358979323846), first), first);
    angle = V_FLIP_SIGN(angle, c);
    angle = V_SELECT(M_LT(angle, zero), V_ADD(angle, turn), angle);
    V t = V_DIV(angle, turn);
    t = V_ZERO_WHERE(M_AND(M_EQ(c, zero), M_EQ(d, zero)), t);
    if (!g->affine) t = V_SELECT(M_GT(w[k], zero), t, V_SET1(__builtin_nan("")));
    V_STORE(ts + LANES * k, t);
  }
}

// The vocabulary is the includer's for this one function: forget it, so
// gradient.c can include this file again for another width.
#undef CONIC_CHUNK
#undef CONIC_TARGET
#undef LANES
#undef MAX_GROUPS
#undef V
#undef M
#undef V_SET1
#undef V_ADD
#undef V_SUB
#undef V_MUL
#undef V_DIV
#undef V_ZERO
#undef V_LANES
#undef V_ABS
#undef V_FLIP_SIGN
#undef V_SELECT
#undef V_ZERO_WHERE
#undef V_STORE
#undef M_GT
#undef M_LT
#undef M_EQ
#undef M_AND
#undef M_ANDNOT
