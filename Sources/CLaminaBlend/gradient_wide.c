// gradient.c compiled a second time with AVX-512 (F, DQ, VL, BW) enabled,
// its exported functions named with _wide; gradient.c's own functions hand
// a row whose LaminaGradientRow.wide is set to these. The source is the
// same, so are the operations and their order (contraction stays off);
// what changes is the compiler's register file (32 vector registers
// instead of 16: fewer spills), its EVEX forms and masks, and the conic's
// t eight Doubles a register (conic_chunk8). S5's recorded kernel calls
// replayed: 0.92 of the AVX2 build's time, the same bytes.
//
// Rejected: target attributes on each function of one file (a function
// may inline only helpers compiled for a subset of its own features, so
// the whole row would have to be written twice) and raising the package's
// target CPU (unsafe flags, CLaminaBlend.h).
#define LAMINA_GRADIENT_WIDE 1
#include "gradient.c"
