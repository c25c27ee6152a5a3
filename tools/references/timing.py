#!/usr/bin/env python3
"""Reference eased progress for Lamina's TimingFunction, from Chromium.

Chromium's Web Animations are an implementation nobody here wrote: for each
cubic Bézier (Core Animation's five named curves and 200 random ones, fixed
seed) a paused `element.animate()` with `easing: 'cubic-bezier(…)'` is moved
to 50 times (x = i / 49 of a 1000 ms duration) and
`effect.getComputedTiming().progress` is read. The page writes the results
into the DOM, and `chromium --headless --dump-dom` prints it.

Writes Tests/References/timing/chromium-cubic-bezier.json:
{"chromium": version, "curves": [{"name", "points": [c1x, c1y, c2x, c2y],
"x": [...], "progress": [...]}, ...]}. The tests read that file, so CI
needs no Chromium. Regenerate with `tools/setup references` then
`tools/references/timing.py`.
"""
import json
import os
import random
import sys

import chromium

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "References", "timing", "chromium-cubic-bezier.json")

NAMED = [
    ("linear", [0, 0, 1, 1]),
    ("easeIn", [0.42, 0, 1, 1]),
    ("easeOut", [0, 0, 0.58, 1]),
    ("easeInEaseOut", [0.42, 0, 0.58, 1]),
    ("default", [0.25, 0.1, 0.25, 1]),
]


def curves():
    rng = random.Random(18)
    out = list(NAMED)
    for i in range(200):
        # x in 0…1 (required), y in −1…2 (overshooting curves included);
        # rounded to 4 decimals so the JSON and the page hold the same numbers.
        p = [round(rng.uniform(0, 1), 4), round(rng.uniform(-1, 2), 4),
             round(rng.uniform(0, 1), 4), round(rng.uniform(-1, 2), 4)]
        out.append((f"random{i}", p))
    return out


PAGE = """<!doctype html><html><body><div id="box"></div><pre id="out"></pre><script>
const curves = %s;
const box = document.getElementById('box');
const result = [];
for (const [name, p] of curves) {
  const a = box.animate([{opacity: 0}, {opacity: 1}],
    {duration: 1000, fill: 'both', easing: `cubic-bezier(${p[0]}, ${p[1]}, ${p[2]}, ${p[3]})`});
  a.pause();
  const xs = [], ys = [];
  for (let i = 0; i < 50; i++) {
    const x = i / 49;
    a.currentTime = x * 1000;
    xs.push(x);
    ys.push(a.effect.getComputedTiming().progress);
  }
  a.cancel();
  result.push({name, points: p, x: xs, progress: ys});
}
document.getElementById('out').textContent = JSON.stringify(result);
</script></body></html>"""


def main():
    browser = os.environ.get("CHROMIUM", "chromium")
    cs = curves()
    data = chromium.out_json(chromium.dump_dom(PAGE % json.dumps(cs), browser))
    version = chromium.version(browser)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump({"chromium": version, "curves": data}, f, separators=(",", ":"))
        f.write("\n")
    print(f"{OUT}: {len(data)} curves × 50 times ({version})")


if __name__ == "__main__":
    sys.exit(main())
