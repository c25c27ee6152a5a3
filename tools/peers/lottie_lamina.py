#!/usr/bin/env python3
"""Times Lamina playing lottie-ios's development samples end to end, the
way tools/peers/lottie_peers.py times ThorVG and rlottie: for each sample,
`lamina frames SAMPLE -o DIR --size WxH --backend cpu` (the document read,
every frame drawn and written as a PNG), at 1920 px on the longer side.
Prints each sample's ms/frame and the total frames/s over all frames and
all wall time, process start included.

  tools/peers/lottie_lamina.py PATH_TO_LOTTIE_IOS [--lamina PATH] [--samples dev|NAME...]
      [--size 1920] [--png-compression fast|small] [--json OUT]

`lamina frames` plays ip ..< op (lottie_peers.py draws ip ... op, one frame
more); compare frames/s, not totals.
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, TOOLS)
from lottie_ios_check import samples as S  # noqa: E402

REPO = os.path.dirname(TOOLS)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("lottie_ios")
    p.add_argument("--lamina", default=os.path.join(REPO, ".build", "release", "lamina"))
    p.add_argument("--samples", nargs="*", default=["dev"])
    p.add_argument("--size", type=int, default=1920)
    p.add_argument("--png-compression", default="fast")
    p.add_argument("--json")
    a = p.parse_args()
    names = S.read_dev_list() if a.samples == ["dev"] else a.samples
    found = S.find_samples(a.lottie_ios)
    rows, frames_total, seconds_total = [], 0, 0.0
    for name in names:
        sample = found[name]
        anim, _ = sample.animation()
        w, h = float(anim["w"]), float(anim["h"])
        k = a.size / max(w, h)
        size = f"{round(w * k)}x{round(h * k)}"
        out = tempfile.mkdtemp(prefix="lamina-lottie-")
        start = time.perf_counter()
        r = subprocess.run([a.lamina, "frames", sample.path, "-o", out, "--size", size, "--backend", "cpu",
                            "--png-compression", a.png_compression], capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        frames = len([f for f in os.listdir(out) if f.endswith(".png")])
        shutil.rmtree(out, ignore_errors=True)
        if r.returncode != 0 or frames == 0:
            print(f"{name:40s} failed: {(r.stderr.strip().splitlines() or ['?'])[-1]}")
            continue
        frames_total += frames
        seconds_total += elapsed
        rows.append({"sample": name, "size": size, "frames": frames, "seconds": elapsed})
        print(f"{name:40s} {size:>10s} {frames:5d} frames {1000 * elapsed / frames:8.1f} ms/frame")
    fps = frames_total / seconds_total if seconds_total else 0
    print(f"Lamina (CPU, PNG {a.png_compression}): {frames_total} frames in {seconds_total:.1f} s, {fps:.1f} frames/s")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"rows": rows, "frames": frames_total, "seconds": seconds_total, "fps": fps}, f, indent=1)


if __name__ == "__main__":
    main()
