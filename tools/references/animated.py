"""Chromium references of animated scenes at chosen times.

An animated scene lists its times in `_referenceTimes` (seconds; keys
starting with `_` are ignored by Lamina's loader). For each time t,
`NAME@Ts.png` is Chromium's frame (T as Python's `%g` writes t). Before any
frame is drawn, one `--dump-dom` run of the same page walks every time and
reports what cannot be exact (a box edge between device pixels, an element
missing); the scene is then refused, as the static tool refuses.

Design: translate_animation.py splits the scene into the still tree
(translate.py's page) and Web Animations; chromium.py draws each time in a
fresh headless process. Rejected: one page and one process for all times
(a screenshot is taken once per process, and a fresh process per frame
keeps frames independent, as Lamina's are).
"""
import json
import os

import chromium
import translate_animation
from translate import Refusal, Translator, expand_replicators


def frame_name(scene_path, t, mult=1):
    return f"{scene_path[:-5]}@{t:g}s" + (".png" if mult == 1 else f"@{mult}x.png")


def pages(scene_path, device_scale, mode="render"):
    """[(t, html)] for each reference time; raises Refusal."""
    scene = json.load(open(scene_path))
    times = scene.get("_referenceTimes")
    if not isinstance(times, list) or not times or not all(isinstance(t, (int, float)) for t in times):
        raise Refusal("_referenceTimes", "an animated reference lists its times (seconds)")
    split = translate_animation.Split(scene)
    still = split.scene
    still["layers"] = [expand_replicators(l, f"layers[{i}]") for i, l in enumerate(still.get("layers", []))]
    html = Translator(still, os.path.dirname(os.path.abspath(scene_path)), device_scale).page()
    if mode == "check":
        return [(None, translate_animation.page(split, html, times, "check"))]
    return [(t, translate_animation.page(split, html, [t], "render")) for t in times]


def check(scene_path, device_scale):
    """Runs the page at every time and raises Refusal with what it found."""
    (_, html), = pages(scene_path, device_scale, mode="check")
    try:
        report = chromium.out_json(chromium.dump_dom(html, timeout=60))
    except chromium.NoResult:
        raise Refusal("animations", "the page's script did not finish (see --html-only)")
    if report["errors"]:
        raise Refusal("animations", "; ".join(report["errors"]))
    if report["animations"] == 0:
        raise Refusal("animations", "no animation was made")
    return report


def render(scene_path, mult=1, html_only=False):
    """Writes NAME@Ts.png for each reference time; returns the paths."""
    canvas = json.load(open(scene_path))["canvas"]
    scale = float(canvas.get("scale", 1))
    if html_only:
        return [html for _, html in pages(scene_path, scale * mult)]
    check(scene_path, scale * mult)
    out = []
    for t, html in pages(scene_path, scale * mult):
        png = frame_name(scene_path, t, mult)
        chromium.screenshot(html, int(canvas["width"]), int(canvas["height"]), scale * mult, png)
        out.append(png)
    return out
