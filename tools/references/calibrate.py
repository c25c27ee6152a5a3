"""Calibration of the Chromium references (needs numpy and Chromium).

Method, per reference scene: render the same CSS layout at 4x the device
scale, average each 4x4 block of the result (in 8-bit sRGB-encoded values;
the canvas is opaque, so premultiplied and straight values are the same),
and compare with the 1x reference: the maximum channel difference, the
share of pixels with a channel beyond 2 and beyond 16 levels, and the mean
absolute error over the RGB channels. What differs is Chromium's own
anti-aliasing and pixel snapping at 1x, the part of a reference that is not
exact. The tolerance `chromiumReference` is set just above the worst of
these.

Second, Skia's blur against the closed form: a rectangle blurred with a
Gaussian of standard deviation s is a product of erf differences per axis.
`drop-shadow()` of an opaque black square on white is rendered for several
s and scales and compared with that product, to see how far the shadows of
the references are from a true Gaussian.

Usage: python3 tools/references/calibrate.py [SCENE.json...]
(default: every Tests/References/*.json; an animated scene, one with
`_referenceTimes`, is measured frame by frame). Rejected: comparing with Lamina to
calibrate (the tolerance would then absorb Lamina's own errors).
"""
import glob
import json
import math
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import animated  # noqa: E402
import chromium  # noqa: E402
import pngio  # noqa: E402
from translate import Refusal, translate_file  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
M = 4


def load(path):
    w, h, rows = pngio.read(path)
    return np.frombuffer(b"".join(bytes(r) for r in rows), dtype=np.uint8).reshape(h, w, 4).astype(np.float64)


def stats(a, b):
    d = np.abs(a[:, :, :3] - b[:, :, :3])
    px = d.max(axis=2)
    return {"max": int(px.max()), "beyond2": float((px > 2).mean()), "beyond16": float((px > 16).mean()),
            "mean": float(d.mean()) * 3 / 4}  # over 4 channels (alpha equal), as ImageDiff


def scenes_aa(paths, tmp):
    worst = {"max": 0, "beyond2": 0.0, "beyond16": 0.0, "mean": 0.0}
    for path in paths:
        canvas = json.load(open(path))["canvas"]
        scale = float(canvas.get("scale", 1))
        try:
            if "_referenceTimes" in json.load(open(path)):  # animated: each frame (animated.py)
                pairs = [(f"@{t:g}s", h1, h4) for (t, h1), (_, h4) in
                         zip(animated.pages(path, scale), animated.pages(path, scale * M))]
            else:
                pairs = [("", translate_file(path, scale), translate_file(path, scale * M))]
        except Refusal as e:
            print(f"{path}: refused: {e}")
            continue
        for suffix, html1, html4 in pairs:
            p1, p4 = os.path.join(tmp, "1x.png"), os.path.join(tmp, "4x.png")
            chromium.screenshot(html1, int(canvas["width"]), int(canvas["height"]), scale, p1)
            chromium.screenshot(html4, int(canvas["width"]), int(canvas["height"]), scale * M, p4)
            a, b = load(p1), load(p4)
            h, w, _ = a.shape
            down = np.rint(b.reshape(h, M, w, M, 4).mean(axis=(1, 3)))
            s = stats(a, down)
            for k in worst:
                worst[k] = max(worst[k], s[k])
            print(f"{os.path.basename(path)[:-5] + suffix:34s} max {s['max']:3d}  >2 {s['beyond2'] * 100:6.3f}%  "
                  f">16 {s['beyond16'] * 100:6.3f}%  mean {s['mean']:.4f}")
    print(f"{'WORST':34s} max {worst['max']:3d}  >2 {worst['beyond2'] * 100:6.3f}%  "
          f">16 {worst['beyond16'] * 100:6.3f}%  mean {worst['mean']:.4f}")


def phi(t):
    return 0.5 * (1 + np.vectorize(math.erf)(t / math.sqrt(2)))


def blur_closed_form(tmp):
    """drop-shadow() of a 40x30-point square against the erf product."""
    print("\nSkia's drop-shadow against the closed-form Gaussian (a 40x30 square, offset 100 points right)")
    worst = 0
    for scale in (1, 2):
        for sigma in (1, 2, 3, 4, 5, 7.5, 12):
            W, H = 220, 120
            html = ("<!doctype html><html><head><style>html{overflow:hidden;background:#fff}body{margin:0}"
                    "div{position:absolute}</style></head><body>"
                    f"<div style='left:20px;top:45px;width:40px;height:30px;background:#000;"
                    f"filter:drop-shadow(rgb(0 0 0 / 1) 100px 0px {sigma}px)'></div></body></html>")
            p = os.path.join(tmp, "blur.png")
            chromium.screenshot(html, W, H, scale, p)
            img = load(p)[:, :, 0] / 255.0
            ys = (np.arange(H * scale) + 0.5) / scale
            xs = (np.arange(W * scale) + 0.5) / scale
            fy = phi((ys - 45) / sigma) - phi((ys - 75) / sigma)
            fx = phi((xs - 120) / sigma) - phi((xs - 160) / sigma)
            model = 1 - np.outer(fy, fx)
            region = np.zeros_like(model, dtype=bool)
            region[:, int(80 * scale):] = True  # the shadow alone, right of the square
            d = np.abs(img - model)[region] * 255
            worst = max(worst, d.max())
            print(f"scale {scale} sigma {sigma:4}: max {d.max():5.1f} levels, >2 levels {(d > 2.5).mean() * 100:6.3f}%, "
                  f"mean {d.mean():.3f}")
    print(f"worst blur difference: {worst:.1f} levels")


def main(argv):
    paths = argv or sorted(glob.glob(os.path.join(ROOT, "Tests", "References", "*.json")))
    with tempfile.TemporaryDirectory(prefix="lamina-cal-") as tmp:
        print(f"Chromium at 1x against Chromium at {M}x averaged over {M}x{M} blocks (sRGB-encoded, opaque)")
        scenes_aa(paths, tmp)
        blur_closed_form(tmp)


if __name__ == "__main__":
    main(sys.argv[1:])
