// solid.frag: one colour, no coverage: the interior cells of a shape or a
// shadow that lie wholly inside it (see ShapeCells.swift), where every
// coverage shader would compute exactly 1. The cheapest pixels llvmpipe
// can draw.

out vec4 fragColor;

uniform vec4 uColor;

void main() {
  fragColor = uColor;
}
