#!/usr/bin/env python3
"""Reference transform interpolation for Lamina, from Chromium.

Chromium's CSS Transforms are an implementation nobody here wrote: for each
pair of random 3D transforms (CSS function lists of translate3d, rotateX/Y/Z,
rotate3d, scale3d with negative factors, skew, perspective and matrix3d,
rotations beyond 180 degrees; fixed seed) the page turns each end point into
its 4x4 matrix (`new DOMMatrix(text)`, doubles), animates `transform` from
`matrix3d(A)` to `matrix3d(B)` with a paused Web Animation (linear, 1000 ms)
and reads the computed value at several progresses. Both key frames are
single `matrix3d()` functions, so CSS interpolates them "by decomposition"
(CSS Transforms 2, "Interpolation of Matrices"), never function by
function: this is the path Lamina's `transform` animations take.

The matrix is read twice: `getComputedStyle(el).transform` (the string a
page sees, six significant digits) and `computedStyleMap().get('transform')
.toMatrix()` (the typed OM's doubles); the fixture keeps the second and the
test states the tolerance for it.

Writes Tests/References/transform-interpolation/chromium.json:
{"chromium": version, "cases": [{"name", "from": css, "to": css,
"a": [16], "b": [16], "progress": [...], "matrix": [[16], ...]}]} where
matrices are CSS's column-major `matrix3d()` order, which lists the same
numbers as Lamina's row-vector `Transform3D` (m11, m12, ..., m44) row by
row (docs/references.md). The tests read that file, so CI needs no
Chromium. Regenerate with `tools/setup references` then
`tools/references/transform_interpolation.py`.

Rejected: letting CSS interpolate the function lists themselves (matching
lists interpolate function by function, which Core Animation's matrix
`transform` never does).
"""
import json
import os
import random
import sys

import chromium

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "References", "transform-interpolation", "chromium.json")
PROGRESS = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]


def r(rng, lo, hi):
    return round(rng.uniform(lo, hi), 3)


def function(rng, kind, allow_3d=True):
    if kind == "translate3d":
        z = r(rng, -80, 80) if allow_3d else 0
        return f"translate3d({r(rng, -120, 120)}px, {r(rng, -120, 120)}px, {z}px)"
    if kind in ("rotateX", "rotateY", "rotateZ"):
        return f"{kind}({r(rng, -350, 350)}deg)"
    if kind == "rotate3d":
        return f"rotate3d({r(rng, -1, 1)}, {r(rng, -1, 1)}, {r(rng, 0.1, 1)}, {r(rng, -350, 350)}deg)"
    if kind == "scale3d":
        def s():
            v = r(rng, 0.3, 2.5)
            return -v if rng.random() < 0.3 else v
        return f"scale3d({s()}, {s()}, {s() if allow_3d else 1})"
    if kind == "skew":
        return f"skew({r(rng, -40, 40)}deg, {r(rng, -40, 40)}deg)"
    if kind == "perspective":
        return f"perspective({r(rng, 200, 900)}px)"
    if kind == "matrix3d":
        m = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        for i in (0, 1, 2, 4, 5, 6, 8, 9, 10):
            m[i] += r(rng, -0.5, 0.5)
        for i in (12, 13, 14):
            m[i] = r(rng, -60, 60)
        for i in (3, 7):  # column-major: m14, m24 (perspective terms)
            m[i] = r(rng, -0.002, 0.002)
        return "matrix3d(" + ", ".join(str(v) for v in m) + ")"
    raise ValueError(kind)


KINDS_3D = ["translate3d", "rotateZ", "rotateX", "rotateY", "rotate3d", "scale3d", "skew", "perspective", "matrix3d"]
KINDS_2D = ["translate3d", "rotateZ", "scale3d", "skew"]


def cases():
    rng = random.Random(18)
    out = []
    # Hand-picked pairs whose decomposition is not trivial.
    fixed = [
        ("half-turn-z", "none", "rotateZ(180deg)"),
        ("three-quarter-turn-z", "none", "rotateZ(270deg)"),
        ("turn-x-170-to-minus-170", "rotateX(170deg)", "rotateX(-170deg)"),
        ("turn-y-100-to-minus-100", "rotateY(100deg)", "rotateY(-100deg)"),
        ("mirror-x", "none", "scale3d(-1, 1, 1)"),
        ("mirror-y-2d", "scale(1, 1)", "scale(1, -1)"),
        ("mirror-and-turn", "rotateZ(30deg)", "scale3d(-1, 1, 1) rotateZ(120deg)"),
        ("shear", "skew(30deg, 10deg)", "skew(-20deg, 0deg) rotateZ(40deg)"),
        ("perspective-turn", "perspective(400px) rotateY(10deg)", "perspective(800px) rotateY(60deg) translateZ(40px)"),
        ("scale-through-zero-axis", "scale3d(2, 1, 1)", "scale3d(0.5, 3, 1) rotate3d(1, 1, 0, 90deg)"),
    ]
    for name, a, b in fixed:
        out.append({"name": name, "from": a, "to": b})
    for i in range(120):
        two_d = i % 4 == 0
        kinds = KINDS_2D if two_d else KINDS_3D
        pair = []
        for _ in range(2):
            n = rng.randint(1, 4)
            pair.append(" ".join(function(rng, rng.choice(kinds), allow_3d=not two_d) for _ in range(n)))
        out.append({"name": f"random{i}{'-2d' if two_d else ''}", "from": pair[0], "to": pair[1]})
    return out


PAGE = """<!doctype html><html><body><div id="box" style="width:100px;height:100px"></div>
<pre id="out"></pre><script>
const cases = %s, progress = %s;
const box = document.getElementById('box');
const m16 = m => [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
                  m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44];
const css = m => 'matrix3d(' + m16(m).map(v => String(v)).join(', ') + ')';
const result = [];
for (const c of cases) {
  const a = new DOMMatrix(c.from), b = new DOMMatrix(c.to);
  const anim = box.animate([{transform: css(a)}, {transform: css(b)}],
                           {duration: 1000, fill: 'both', easing: 'linear'});
  anim.pause();
  const matrix = [], text = [];
  for (const p of progress) {
    anim.currentTime = p * 1000;
    text.push(getComputedStyle(box).transform);
    matrix.push(m16(box.computedStyleMap().get('transform').toMatrix()));
  }
  anim.cancel();
  result.push({name: c.name, from: c.from, to: c.to, a: m16(a), b: m16(b), progress, matrix, text});
}
document.getElementById('out').textContent = JSON.stringify(result);
</script></body></html>"""


def main():
    browser = os.environ.get("CHROMIUM", "chromium")
    cs = cases()
    data = chromium.out_json(chromium.dump_dom(PAGE % (json.dumps(cs), json.dumps(PROGRESS)), browser))
    version = chromium.version(browser)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump({"chromium": version, "cases": data}, f, indent=None, separators=(",", ":"))
        f.write("\n")
    print(f"{OUT}: {len(data)} pairs × {len(PROGRESS)} progresses ({version})")


if __name__ == "__main__":
    sys.exit(main())
