"""tools/references/render: Chromium references of Lamina scenes.

Usage: render [--scale-multiplier M] [--html-only] SCENE.json... 
For each scene writes SCENE.png next to it (an animated scene, one
listing `_referenceTimes`, SCENE@Ts.png for each time T: animated.py) (or, with a multiplier M > 1,
SCENE@Mx.png: the same CSS layout at M times the device scale, for the
calibration). A scene that cannot be expressed exactly is refused: the
JSON path and the reason are printed and the exit status is 1.

Design: translation (translate.py) and rendering (chromium.py) are separate
so the HTML can be read on its own (`--html-only` prints it). Rejected:
rendering refused features approximately with a warning; a reference must
be right or absent.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import animated  # noqa: E402
import chromium  # noqa: E402
from translate import Refusal, translate_file  # noqa: E402


def main(argv):
    mult, html_only, scenes = 1, False, []
    i = 0
    while i < len(argv):
        if argv[i] == "--scale-multiplier":
            mult = int(argv[i + 1])
            i += 2
            continue
        if argv[i] == "--html-only":
            html_only = True
        else:
            scenes.append(argv[i])
        i += 1
    if not scenes:
        print(__doc__, file=sys.stderr)
        return 2
    failed = 0
    for path in scenes:
        doc = json.load(open(path))
        if "_referenceTimes" in doc:  # an animated scene: one frame per time (animated.py)
            try:
                for out in animated.render(path, mult, html_only):
                    print(out)
            except Refusal as e:
                print(f"{path}: refused: {e}", file=sys.stderr)
                failed += 1
            continue
        canvas = doc["canvas"]
        scale = float(canvas.get("scale", 1))
        try:
            html = translate_file(path, scale * mult)
        except Refusal as e:
            print(f"{path}: refused: {e}", file=sys.stderr)
            failed += 1
            continue
        if html_only:
            print(html)
            continue
        out = path[:-5] + (".png" if mult == 1 else f"@{mult}x.png")
        chromium.screenshot(html, int(canvas["width"]), int(canvas["height"]), scale * mult, out)
        print(out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
