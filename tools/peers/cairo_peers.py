"""Times S4 and S5 with cairo (pycairo, image surface, one thread) the way
`lamina bench` times Lamina (harness.py); backend "cairo".

Drawing choices, each the plain cairo way:
  paths     (S4) each layer's path replayed from its commands (geometry.py;
            arcs by centre and angles with cairo_arc / cairo_arc_negative),
            filled with the winding rule, or stroked with round joins, butt
            caps and cairo_set_dash from the pattern's start;
  gradients (S5) a rounded rect (four circular arcs) filled with a linear
            pattern between the two points, or a radial pattern on the unit
            circle whose pattern matrix maps the ellipse onto it. cairo has
            no conic (sweep) gradient: the conic layers are a mesh pattern
            of 64 wedges (Coons patches from the centre, each side an arc
            approximated by a cubic, colours at the wedge's two angles),
            built once; its colour is linear in the patch parameter along the
            arc, which is within 10^-4 turn of the angle.
Colours are opaque, so premultiplied and straight interpolation agree.
A frame ends with surface.flush().

Usage: python cairo_peers.py [--frames N] [--warmup N] [--json OUT] [--png DIR] [SCENE ...]
"""
import math

import cairo
import numpy as np

import geometry as G
import harness
import scenes as S

SCENES = ["S4", "S5"]
WEDGES = 64


def rounded_rect(ctx, x, y, w, h, r):
    r = min(r, w / 2, h / 2)
    if r <= 0:
        ctx.rectangle(x, y, w, h)
        return
    ctx.new_sub_path()
    ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    ctx.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
    ctx.close_path()


def replay(ctx, commands, x, y):
    G.replay(
        commands, x, y, ctx.move_to, ctx.line_to, ctx.curve_to,
        lambda cx, cy, r, a0, a1: (ctx.arc if a1 >= a0 else ctx.arc_negative)(cx, cy, r, a0, a1), ctx.close_path)


def colour_at(stops, t):
    for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
        if t <= t1:
            f = 0 if t1 == t0 else (t - t0) / (t1 - t0)
            return tuple(a + (b - a) * f for a, b in zip(c0, c1))
    return stops[-1][1]


def conic_pattern(cx, cy, angle, radius, stops):
    """A sweep gradient as WEDGES Coons patches, t = 0 at `angle`, clockwise."""
    mesh = cairo.MeshPattern()
    step = 2 * math.pi / WEDGES
    k = 4 / 3 * math.tan(step / 4)  # a circular arc of `step` as one cubic
    for i in range(WEDGES):
        a0, a1 = angle + i * step, angle + (i + 1) * step
        c0, c1 = colour_at(stops, i / WEDGES), colour_at(stops, (i + 1) / WEDGES)
        p0 = (cx + radius * math.cos(a0), cy + radius * math.sin(a0))
        p1 = (cx + radius * math.cos(a1), cy + radius * math.sin(a1))
        mesh.begin_patch()
        mesh.move_to(cx, cy)
        mesh.line_to(*p0)
        mesh.curve_to(p0[0] - k * radius * math.sin(a0), p0[1] + k * radius * math.cos(a0),
                      p1[0] + k * radius * math.sin(a1), p1[1] - k * radius * math.cos(a1), *p1)
        mesh.line_to(cx, cy)
        for corner, c in enumerate((c0, c0, c1, c1)):
            mesh.set_corner_color_rgb(corner, *c)
        mesh.end_patch()
    return mesh


def gradient_pattern(x, y, w, h, kind, colors, start, end):
    geometry = G.gradient_geometry(x, y, w, h, kind, start, end)
    stops = G.stops(colors)
    if geometry[0] == "axial":
        pattern = cairo.LinearGradient(*geometry[1:])
    elif geometry[0] == "radial":
        _, cx, cy, rx, ry = geometry
        pattern = cairo.RadialGradient(0, 0, 0, 0, 0, 1)
        # The pattern matrix maps user space to pattern space.
        pattern.set_matrix(cairo.Matrix(xx=1 / rx, yy=1 / ry, x0=-cx / rx, y0=-cy / ry))
    else:
        _, cx, cy, angle = geometry
        far = max(math.hypot(px - cx, py - cy) for px in (x, x + w) for py in (y, y + h)) + 2
        return conic_pattern(cx, cy, angle, far, stops)
    for t, rgb in stops:
        pattern.add_color_stop_rgb(t, *rgb)
    pattern.set_extend(cairo.EXTEND_PAD)
    return pattern


def frame_function(name):
    width, height, background, kind, items, _ = S.load(name)
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    ctx = cairo.Context(surface)
    ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
    bg = tuple(c / 255 for c in background)
    if kind == "paths":
        shapes = [(G.svg_commands(d), x, y, fill, stroke, lw, dash) for x, y, w, h, d, fill, stroke, lw, dash in items]

        def body():
            ctx.set_line_join(cairo.LINE_JOIN_ROUND)
            ctx.set_line_cap(cairo.LINE_CAP_BUTT)
            for commands, x, y, fill, stroke, lw, dash in shapes:
                replay(ctx, commands, x, y)
                if fill is not None:
                    ctx.set_source_rgb(*(c / 255 for c in fill))
                    if stroke is not None:
                        ctx.fill_preserve()
                    else:
                        ctx.fill()
                if stroke is not None:
                    ctx.set_source_rgb(*(c / 255 for c in stroke))
                    ctx.set_line_width(lw)
                    ctx.set_dash(dash or [], 0)
                    ctx.stroke()
    elif kind == "gradients":
        fills = [((x, y, w, h, r), gradient_pattern(x, y, w, h, k, colors, start, end))
                 for x, y, w, h, r, k, colors, start, end in items]

        def body():
            for rect, pattern in fills:
                rounded_rect(ctx, *rect)
                ctx.set_source(pattern)
                ctx.fill()
    else:
        raise ValueError(f"{name}: cairo draws {', '.join(SCENES)} here")

    def frame():
        ctx.set_source_rgb(*bg)
        ctx.paint()
        body()
        surface.flush()

    def snapshot():
        a = np.ndarray((height, surface.get_stride() // 4, 4), np.uint8, surface.get_data())[:, :width]
        return width, height, harness.straight_rgba(a)

    return frame, snapshot


if __name__ == "__main__":
    harness.main(__doc__, "cairo", f"cairo {cairo.cairo_version_string()} (pycairo {cairo.version}), image surface",
                 frame_function, supported=SCENES)
