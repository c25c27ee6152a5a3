"""Times S4 and S5 with Blend2D (blend2d-python, one-threaded context on a
PRGB32 image) the way `lamina bench` times Lamina (harness.py); backend
"blend2d".

Drawing choices, each the plain Blend2D way:
  paths     (S4) one BLPath per layer built once from its commands
            (geometry.py; arcs by centre and angles with arc_to), filled
            non-zero, or stroked with round joins and butt caps. Blend2D
            does not dash (this binding's stroke dash array is accepted and
            ignored: a dashed line draws solid), so dashed layers are cut
            into their dashes once, before timing (geometry.dashed, over the
            path flattened to within 0.01 px), and the dashes stroked as open
            polylines: the dashing itself is not timed, as the shared peers'
            Blend2D shadow sprite is blurred untimed;
  gradients (S5) a rounded rect (add_round_rect: circular corners) filled
            with a gradient built once: linear between the two points,
            radial on the unit circle under a gradient transform scaling it
            to the ellipse, conical (Blend2D's sweep) at the angle of
            endPoint; opaque colours evenly spaced.
This binding reads a colour tuple's floats in memory order as (b, g, r, a)
(tools/peers/README.md), so colours are passed as (b, g, r, 1).
A frame ends with ctx.flush(); the context is ended there.

Usage: python blend2d_peers.py [--frames N] [--warmup N] [--json OUT] [--png DIR] [SCENE ...]
"""
import math

import blend2d as b
import numpy as np

import geometry as G
import harness
import scenes as S

SCENES = ["S4", "S5"]


def bgra(rgb):
    """A colour tuple (components in 0..1) as this binding reads it (see the module comment)."""
    r, g, bl = rgb
    return (bl, g, r, 1.0)


def bl_path(commands, x, y):
    path = b.BLPath()
    G.replay(
        commands, x, y, path.move_to, path.line_to, path.cubic_to,
        lambda cx, cy, r, a0, a1: path.arc_to(cx, cy, r, r, a0, a1 - a0, False), path.close)
    return path


def gradient(x, y, w, h, kind, colors, start, end):
    geometry = G.gradient_geometry(x, y, w, h, kind, start, end)
    if geometry[0] == "axial":
        g = b.create_linear_gradient(*geometry[1:])
    elif geometry[0] == "radial":
        _, cx, cy, rx, ry = geometry
        g = b.create_radial_gradient(0, 0, 0, 0, 1)
        g.set_transform(b.Matrix2D(rx, 0, 0, ry, cx, cy))
    else:
        _, cx, cy, angle = geometry
        g = b.create_conical_gradient(cx, cy, angle)
        g.set_value(3, 1.0)  # `repeat`: one turn (this binding leaves it 0, which paints the first colour)
    for t, rgb in G.stops(colors):
        g.add_stop(t, bgra(rgb))
    return g


def frame_function(name):
    width, height, background, kind, items, _ = S.load(name)
    image = b.BLImage(width, height, b.BLFormat.PRGB32)
    bg = bgra(tuple(c / 255 for c in background))
    if kind == "paths":
        shapes = []
        for x, y, w, h, d, fill, stroke, lw, dash in items:
            commands = G.svg_commands(d)
            path = bl_path(commands, x, y)
            if dash:
                path = b.BLPath()
                for line in G.dashed(G.flatten(commands), dash):
                    path.move_to(x + line[0][0], y + line[0][1])
                    for px, py in line[1:]:
                        path.line_to(x + px, y + py)
            shapes.append((path, fill and bgra(tuple(c / 255 for c in fill)),
                           stroke and bgra(tuple(c / 255 for c in stroke)), lw))

        def body(ctx):
            ctx.stroke_join = b.BLStrokeJoin.JOIN_ROUND
            ctx.set_stroke_caps(b.BLStrokeCap.CAP_BUTT)
            for path, fill, stroke, lw in shapes:
                if fill:
                    ctx.set_fill_style(fill)
                    ctx.fill_path(path)
                if stroke:
                    ctx.set_stroke_style(stroke)
                    ctx.stroke_width = lw
                    ctx.stroke_path(path)
    elif kind == "gradients":
        fills = []
        for x, y, w, h, r, k, colors, start, end in items:
            path = b.BLPath()
            path.add_round_rect(b.BLRect(x, y, w, h), min(r, w / 2, h / 2))
            fills.append((path, gradient(x, y, w, h, k, colors, start, end)))

        def body(ctx):
            for path, g in fills:
                ctx.set_fill_style(g)
                ctx.fill_path(path)
    else:
        raise ValueError(f"{name}: Blend2D draws {', '.join(SCENES)} here")

    def frame():
        ctx = b.BLContext(image)
        ctx.set_fill_style(bg)
        ctx.fill_all()
        body(ctx)
        ctx.flush()
        del ctx

    def snapshot():
        return width, height, harness.straight_rgba(np.array(image.getDataAsNumPy(), copy=True))

    return frame, snapshot


if __name__ == "__main__":
    harness.main(__doc__, "blend2d", f"blend2d-python {b.__version__}, one thread", frame_function,
                 supported=SCENES)
