"""Times S1-S3 with Skia's CPU raster backend (skia-python) the way
`lamina bench` times Lamina: one surface per scene, warm-up frames first,
then per-frame wall-clock times; median, p95 and min. Writes the same JSON
shape as `lamina bench --json` (backend "skia-cpu").

Drawing choices, each the fast path a Skia user would take:
  cards   the shadow is an rrect with a blur mask filter (Skia caches the
          blurred nine-patch), the border a 2-px stroke inset by 1 px;
  images  the scene's PNG decoded once into a raster image; trilinear uses
          mipmaps built once before timing, as Lamina keeps its mip chain.
The scenes are the files `lamina bench` reads (scenes.py).
A frame ends with flushAndSubmit(); the raster surface is then complete.

Usage: python skia_peers.py [--frames N] [--warmup N] [--json OUT] [--png DIR] [SCENE ...]
"""
import argparse
import json
import math
import os
import platform
import statistics
import time

import skia

import scenes as S


def rrect(x, y, w, h, r):
    return skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x, y, w, h), r, r)


def card_painter():
    fill = skia.Paint(AntiAlias=True, Color=skia.ColorWHITE)
    stroke = skia.Paint(AntiAlias=True, Color=skia.Color(*S.BORDER), Style=skia.Paint.kStroke_Style, StrokeWidth=2)
    shadows = {}
    dx, dy = S.SHADOW_OFFSET

    def draw(canvas, x, y, w, h, r, sigma):
        if sigma not in shadows:
            shadows[sigma] = skia.Paint(
                AntiAlias=True, Color=skia.Color4f(0, 0, 0, S.SHADOW_ALPHA).toColor(),
                MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sigma))
        canvas.drawRRect(rrect(x + dx, y + dy, w, h, r), shadows[sigma])
        canvas.drawRRect(rrect(x, y, w, h, r), fill)
        canvas.drawRRect(rrect(x + 1, y + 1, w - 2, h - 2, r - 1), stroke)

    return draw


def frame_function(name):
    """Returns (surface, draw_one_frame) for scene `name`, read from its file."""
    width, height, background_rgb, kind, items, image_spec = S.load(name)
    surface = skia.Surface.MakeRasterN32Premul(width, height)
    background = skia.Color(*background_rgb)
    if kind == "cards":
        draw_card = card_painter()

        def body(canvas):
            for card in items:
                draw_card(canvas, *card)
    else:
        path, minification, magnification = image_spec
        image = skia.Image.open(path).makeRasterImage()
        if (minification, magnification) == ("nearest", "nearest"):
            sampling = skia.SamplingOptions(skia.FilterMode.kNearest, skia.MipmapMode.kNone)
        elif (minification, magnification) == ("linear", "linear"):
            sampling = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kNone)
        elif (minification, magnification) == ("trilinear", "linear"):
            image = image.withDefaultMipmaps()
            sampling = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)
        else:
            raise ValueError(f"{name}: filters {minification}/{magnification} have no Skia counterpart here")
        rects = [skia.Rect.MakeXYWH(*r) for r in items]
        paint = skia.Paint(AntiAlias=False)

        def body(canvas):
            for rect in rects:
                canvas.drawImageRect(image, rect, sampling, paint)

    def frame():
        canvas = surface.getCanvas()
        canvas.clear(background)
        body(canvas)
        surface.flushAndSubmit()

    return surface, frame


def percentile(values, share):
    """Nearest rank, as `lamina bench` computes it."""
    ordered = sorted(values)
    return ordered[min(len(ordered), max(1, math.ceil(share * len(ordered)))) - 1]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenes", nargs="*", default=S.PEERS)
    parser.add_argument("--frames", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--json")
    parser.add_argument("--png", help="also write each scene's last frame here")
    args = parser.parse_args()
    rows = []
    for name in args.scenes:
        if name not in S.PEERS:
            parser.error(f"unknown scene {name}; scenes: {', '.join(S.PEERS)}")
        surface, frame = frame_function(name)
        times = []
        for i in range(args.warmup + args.frames):
            start = time.perf_counter()
            frame()
            ms = (time.perf_counter() - start) * 1000
            if i >= args.warmup:
                times.append(ms)
        row = {"scene": name, "backend": "skia-cpu", "median_ms": statistics.median(times),
               "p95_ms": percentile(times, 0.95), "min_ms": min(times), "frames_ms": times}
        rows.append(row)
        print(f"{name:13s} skia-cpu  median {row['median_ms']:9.2f} ms  p95 {row['p95_ms']:9.2f}  min {row['min_ms']:9.2f}",
              flush=True)
        if args.png:
            os.makedirs(args.png, exist_ok=True)
            pixels = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType)
            skia.Image.fromarray(pixels, colorType=skia.kRGBA_8888_ColorType).save(
                os.path.join(args.png, f"{name}-skia.png"), skia.kPNG)
    if args.json:
        document = {"machine": {"uname": " ".join(platform.uname()[i] for i in (0, 2, 4)), "cores": os.cpu_count()},
                    "renderer": f"skia-python {skia.__version__}, CPU raster", "frames": args.frames,
                    "warmup": args.warmup, "results": rows}
        with open(args.json, "w") as f:
            json.dump(document, f, indent=2)


if __name__ == "__main__":
    main()
