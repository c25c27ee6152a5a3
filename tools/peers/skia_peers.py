"""Times S1-S5 and S8 with Skia's CPU raster backend (skia-python) the way
`lamina bench` times Lamina (harness.py): one surface per scene, warm-up
frames first, then per-frame wall-clock times; median, p95 and min. Writes
the same JSON shape as `lamina bench --json` (backend "skia-cpu").
S10 (a sequence of 120 frames, s10.py) is timed only when named: each
frame drawn is the next of the sequence (0, 1, ... 119, 0, ...), so
`--warmup 1 --frames 120 S10` times frames 1...119 and 0, each once, as
thorvg_peers.py does; its row also gives frames per second (`fps`, 1000 /
the median ms), and `--png DIR` also writes its frames 0 and 60
(`S10-skia-000.png`, `S10-skia-060.png`) for check_s10.py.

Drawing choices, each the fast path a Skia user would take:
  cards   the shadow is an rrect with a blur mask filter (Skia caches the
          blurred nine-patch), the border a 2-px stroke inset by 1 px;
  images  the scene's PNG decoded once into a raster image; trilinear uses
          mipmaps built once before timing, as Lamina keeps its mip chain.
  paths   (S4) one skia.Path per layer built once from its SVG data
          (geometry.py; arcs by centre and angles), filled non-zero, or
          stroked with round joins and butt caps, dashes by a
          DashPathEffect from the pattern's start;
  gradients (S5) a rounded rect filled by a gradient shader built once:
          linear between the two points, radial on the unit circle under a
          local matrix scaling it to the ellipse, sweep rotated so t = 0
          points at endPoint; opaque colours evenly spaced, no dithering.
  changing paths (S10) each frame every layer's path interpolated
          between its two versions (SkPath::interpolate), drawn under a
          rotation about its centre, filled, or stroked with round joins
          and caps through TrimPathEffect(0, strokeEnd) and, when dashed,
          a DashPathEffect composed over the trim (trim, then dash from
          the trimmed path's start); s10.py says more;
  blend   (S8, S8-none) the backdrop as an S3 image (bilinear, stretched
          over the canvas), then each card in order with its
          compositingFilter as the paint's SkBlendMode (kMultiply ...
          kLuminosity, the W3C formulas; none: kSrcOver). A card of one
          primitive (a solid or gradient rounded rect) is drawn with the
          mode on its paint and its opacity folded into the paint's alpha:
          for one primitive that is the isolated group, since the formula
          is linear in the source's alpha. A bordered card (fill and
          border, two primitives) is a saveLayer(bounds, paint with the
          mode and opacity as alpha) whose fill is pulled in under the
          opaque border by half its width, as Lamina's is; with neither
          mode nor opacity (S8-none, opaque) it is drawn directly.
The scenes are the files `lamina bench` reads (scenes.py).
A frame ends with flushAndSubmit(); the raster surface is then complete.

Usage: python skia_peers.py [--frames N] [--warmup N] [--json OUT] [--png DIR] [SCENE ...]
       python skia_peers.py --frames 120 --warmup 1 [--json OUT] [--png DIR] S10
"""
import argparse
import json
import math
import os
import sys
import tempfile

import skia

import geometry as G
import harness
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


def skia_path(d):
    path = skia.Path()
    for c, (x0, y0) in G.with_current_points(G.svg_commands(d)):
        if c[0] == "M":
            path.moveTo(c[1], c[2])
        elif c[0] == "L":
            path.lineTo(c[1], c[2])
        elif c[0] == "C":
            path.cubicTo(*c[1:])
        elif c[0] == "A":
            cx, cy, r, a0, a1 = G.arc_center(x0, y0, *c[1:])
            path.arcTo(skia.Rect.MakeLTRB(cx - r, cy - r, cx + r, cy + r), math.degrees(a0),
                       math.degrees(a1 - a0), False)
        else:
            path.close()
    return path


def path_items(items):
    """(path in canvas pixels, paint) per layer, in order."""
    out = []
    for x, y, w, h, d, fill, stroke, width, dash in items:
        path = skia_path(d)
        path.offset(x, y)
        if fill is not None:
            out.append((path, skia.Paint(AntiAlias=True, Color=skia.Color(*fill))))
        if stroke is not None:
            paint = skia.Paint(AntiAlias=True, Color=skia.Color(*stroke), Style=skia.Paint.kStroke_Style,
                               StrokeWidth=width, StrokeJoin=skia.Paint.kRound_Join, StrokeCap=skia.Paint.kButt_Cap)
            if dash:
                paint.setPathEffect(skia.DashPathEffect.Make(list(dash) * (2 if len(dash) % 2 else 1), 0))
            out.append((path, paint))
    return out


def gradient_items(items):
    """(rounded rect, paint) per layer, in order."""
    out = []
    for x, y, w, h, radius, kind, colors, start, end in items:
        geometry = G.gradient_geometry(x, y, w, h, kind, start, end)
        argb = [skia.Color(*c) for c in colors]
        if geometry[0] == "axial":
            _, x0, y0, x1, y1 = geometry
            shader = skia.GradientShader.MakeLinear([skia.Point(x0, y0), skia.Point(x1, y1)], argb)
        elif geometry[0] == "radial":
            _, cx, cy, rx, ry = geometry
            matrix = skia.Matrix.Scale(rx, ry).postTranslate(cx, cy)
            shader = skia.GradientShader.MakeRadial(skia.Point(0, 0), 1, argb, localMatrix=matrix)
        else:
            _, cx, cy, angle = geometry
            matrix = skia.Matrix.RotateDeg(math.degrees(angle), skia.Point(cx, cy))
            shader = skia.GradientShader.MakeSweep(cx, cy, argb, localMatrix=matrix)
        paint = skia.Paint(AntiAlias=True, Shader=shader, Dither=False)
        out.append((rrect(x, y, w, h, radius), paint))
    return out


def image_sampling(name, image, minification, magnification):
    """(image, SamplingOptions) for the scene's filters (trilinear: mipmaps
    built here, once, before timing)."""
    if (minification, magnification) == ("nearest", "nearest"):
        return image, skia.SamplingOptions(skia.FilterMode.kNearest, skia.MipmapMode.kNone)
    if (minification, magnification) == ("linear", "linear"):
        return image, skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kNone)
    if (minification, magnification) == ("trilinear", "linear"):
        return image.withDefaultMipmaps(), skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)
    raise ValueError(f"{name}: filters {minification}/{magnification} have no Skia counterpart here")


def color4f(rgba, alpha=1.0):
    r, g, b, a = rgba
    return skia.Color4f(r / 255, g / 255, b / 255, a / 255 * alpha)


def blend_mode(mode):
    """scenes.BLEND_MODES's value ("colorDodge") as skia.BlendMode.kColorDodge; None: kSrcOver."""
    return skia.BlendMode.kSrcOver if mode is None else getattr(skia.BlendMode, "k" + mode[0].upper() + mode[1:])


def blend_items(cards):
    """(group, primitives) per S8 card, in order: group None, or (bounds,
    paint) of the saveLayer; primitives (rounded rect, paint)."""
    out = []
    for c in cards:
        mode = blend_mode(c.mode)
        fill = skia.Paint(AntiAlias=True)
        if c.fill[0] == "solid":
            fill.setColor4f(color4f(c.fill[1]))
        else:
            _, colors, start, end = c.fill
            _, x0, y0, x1, y1 = G.gradient_geometry(c.x, c.y, c.w, c.h, "axial", start, end)
            fill.setShader(skia.GradientShader.MakeLinear([skia.Point(x0, y0), skia.Point(x1, y1)],
                                                          [color4f(k).toColor() for k in colors]))
            fill.setDither(False)
        if c.border is None:
            fill.setBlendMode(mode)
            fill.setAlphaf(fill.getAlphaf() * c.opacity)
            out.append((None, [(rrect(c.x, c.y, c.w, c.h, c.radius), fill)]))
            continue
        bw = c.border_width
        inner = rrect(c.x + bw / 2, c.y + bw / 2, c.w - bw, c.h - bw, max(c.radius - bw / 2, 0))
        stroke = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=bw)
        stroke.setColor4f(color4f(c.border))
        group = None
        if c.mode is not None or c.opacity < 1:
            paint = skia.Paint(BlendMode=mode)
            paint.setAlphaf(c.opacity)
            group = (skia.Rect.MakeXYWH(c.x, c.y, c.w, c.h), paint)
        out.append((group, [(inner, fill), (inner, stroke)]))
    return out


SEQUENCES = ["S10"]  # timed frame by frame through the sequence, only when named


def sequence_function(name):
    """(draw the next frame, snapshot) of S10: frame n (0...119, then 0
    again) drawn from scratch at progress n / 120 on one surface."""
    import s10
    surface = skia.Surface.MakeRasterN32Premul(s10.WIDTH, s10.HEIGHT)
    draw = s10.skia_painter()
    background = skia.Color(*s10.BACKGROUND)
    state = {"next": 0}

    def frame():
        n, state["next"] = state["next"], (state["next"] + 1) % s10.FRAMES
        canvas = surface.getCanvas()
        canvas.clear(background)
        draw(canvas, n)
        surface.flushAndSubmit()

    def snapshot():
        pixels = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType,
                                                    alphaType=skia.kUnpremul_AlphaType)
        return s10.WIDTH, s10.HEIGHT, pixels.tobytes()

    return frame, snapshot


def frame_function(name):
    """Returns (draw_one_frame, snapshot) for scene `name`, read from its file."""
    if name in SEQUENCES:
        return sequence_function(name)
    width, height, background_rgb, kind, items, image_spec = S.load(name)
    surface = skia.Surface.MakeRasterN32Premul(width, height)
    background = skia.Color(*background_rgb)
    if kind == "cards":
        draw_card = card_painter()

        def body(canvas):
            for card in items:
                draw_card(canvas, *card)
    elif kind == "paths":
        shapes = path_items(items)

        def body(canvas):
            for path, paint in shapes:
                canvas.drawPath(path, paint)
    elif kind == "gradients":
        fills = gradient_items(items)

        def body(canvas):
            for rr, paint in fills:
                canvas.drawRRect(rr, paint)
    elif kind == "blend":
        path, minification, magnification, frame = image_spec
        image, sampling = image_sampling(name, skia.Image.open(path).makeRasterImage(), minification, magnification)
        backdrop, plain = skia.Rect.MakeXYWH(*frame), skia.Paint(AntiAlias=False)
        cards = blend_items(items)

        def body(canvas):
            canvas.drawImageRect(image, backdrop, sampling, plain)
            for group, primitives in cards:
                if group is not None:
                    canvas.saveLayer(*group)
                for rr, paint in primitives:
                    canvas.drawRRect(rr, paint)
                if group is not None:
                    canvas.restore()
    else:
        path, minification, magnification = image_spec
        image, sampling = image_sampling(name, skia.Image.open(path).makeRasterImage(), minification, magnification)
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

    def snapshot():
        pixels = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType,
                                                    alphaType=skia.kUnpremul_AlphaType)
        return width, height, pixels.tobytes()

    return frame, snapshot


def main():
    """harness.main over S.PEERS (and S10 when it is named), then S10's
    frames per second and, with --png, its frames 0 and 60."""
    named = [a for a in sys.argv[1:] if a in SEQUENCES]
    if not named:
        harness.main(__doc__, "skia-cpu", f"skia-python {skia.__version__}, CPU raster", frame_function)
        return
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument("--json")
    options.add_argument("--png")
    known, _ = options.parse_known_args()
    with tempfile.TemporaryDirectory() as folder:
        out = known.json or os.path.join(folder, "skia.json")
        if not known.json:
            sys.argv += ["--json", out]
        harness.main(__doc__, "skia-cpu", f"skia-python {skia.__version__}, CPU raster", frame_function,
                     supported=S.PEERS + SEQUENCES)
        with open(out) as f:
            document = json.load(f)
        for row in document["results"]:
            if row["scene"] in SEQUENCES:
                row["fps"] = 1000 / row["median_ms"]
                print(f"{row['scene']:13s} skia-cpu  {row['fps']:7.2f} frames/s (1000 / median), "
                      f"{len(row['frames_ms'])} frames")
        if known.json:
            with open(out, "w") as f:
                json.dump(document, f, indent=2)
    if known.png:
        import s10
        for n in (0, 60):
            harness.write_png(os.path.join(known.png, f"S10-skia-{n:03d}.png"), s10.skia_frame(n).tobytes(),
                              s10.WIDTH, s10.HEIGHT)


if __name__ == "__main__":
    main()
