"""S10 "changing paths" of docs/bench-scenes.md for the peers, read from
Tests/Scenes/bench/S10.json (written by tools/bench-scenes/generate.py's
`s10()`, whose comment defines it): 400 shape layers whose path, rotation
and (stroked ones) strokeEnd animate over 2 s at 60 frames/s, all linear
from t = 0, so frame n is drawn at progress p = n / 120.

What each layer means (Core Animation's semantics, docs/scene-format.md):

- the path: `path` {"svg": d0} animated to d1 with the same commands
  (absolute M, L, C, Z; one subpath), every number interpolated linearly,
  (1 - p) a + p b, in the layer's bounds (origin 0, 0);
- the transform: `transform.rotation.z` from 0 to `turn` radians about the
  layer's centre (anchorPoint (0.5, 0.5), position the frame's centre);
  positive turns clockwise on the y-down screen;
- filled (`fillColor`, non-zero) or stroked (`fillColor` null,
  `strokeColor`, `lineWidth`, round joins and caps, sometimes
  `lineDashPattern` [dash, gap]); a stroked layer's `strokeEnd` goes from
  s to 1 (strokeStart 0): only the first strokeEnd of the path's total
  length is stroked, and the dashes are laid along that part from its
  start (phase 0), trim first, then dash.

Two renderings come out of the one reading:

- `lottie()`: a Lottie (Bodymovin 5.x) document for ThorVG's player, one
  shape layer per Lamina layer (the first Lamina layer, drawn first, is
  the last of Lottie's `layers`); the layer's anchor `a` is the bounds'
  centre and its position `p` the frame's centre, its rotation `r`
  keyframed 0 -> turn in degrees (Lottie's rotation is clockwise on screen
  too: checked against Lamina's frames by check_s10.py); a path (`sh`)
  keyframed d0 -> d1 as Lottie vertices with in / out tangents relative to
  the vertex (a closed path `c: true`; a closed path whose last cubic ends
  on its start has that vertex once, its in tangent the last cubic's, so
  no zero-length closing segment is drawn); a fill (`fl`, `r` 1: non-zero)
  or a stroke (`st`, `lj` 2 and `lc` 2: round; dashes in `d` with offset
  0) with a Trim Paths (`tm`, start 0, end s*100 -> 100, offset 0). ThorVG
  1.0.4 trims a stroke's path first and dashes the trimmed path from its
  start (cpu_engine/tvgSwShape.cpp, `_genDashOutline`), Core Animation's
  order. Keyframes are linear: `o` (0, 0) / `i` (1, 1), as s6.py writes.
- `draw_skia(canvas, n)`: frame n with skia-python, each layer's path
  interpolated every frame (`SkPath::interpolate` between the two paths
  built once, point by point, in C++), under a rotation about the centre,
  filled, or stroked with round joins and caps through a
  `TrimPathEffect(0, strokeEnd)` (Skia trims over the total length of all
  contours, Core Animation's semantics) composed under the dash
  (`PathEffect.MakeCompose(dash, trim)`: trim first, then dash, phase 0).
  Nothing is kept from one frame to the next but the paints and the two
  end paths.
"""
import collections
import json
import math
import os

import geometry as G
import lottie_values as L
import scenes as S

NAME = "S10"
PATH = os.path.join(S.FOLDER, NAME + ".json")
KEYS = {"name", "type", "frame", "path", "fillColor", "strokeColor", "lineWidth", "lineJoin", "lineCap",
        "lineDashPattern", "animations"}
TIMING = {"type": "basic", "beginTime": 0, "timingFunction": "linear"}

# One S10 layer: frame (x, y, w, h); d0 and d1 as geometry.svg_commands
# lists with the same commands; fill and stroke (r, g, b) or None; the line
# width; dash [dash, gap] or None; strokeEnd's first value (None: not
# animated, unstroked); the turn in radians (clockwise on screen).
Layer = collections.namedtuple("Layer", "name x y w h d0 d1 fill stroke width dash stroke_start turn")


def load(path=PATH):
    """(width, height, background RGB, duration s, frame rate, layers) of
    S10, refusing anything the peers do not draw."""
    with open(path) as f:
        scene = json.load(f)
    canvas = scene["canvas"]
    if canvas.get("scale", 1) != 1:
        raise ValueError(f"{NAME}: the peers draw at scale 1")
    duration, rate = canvas["duration"], canvas["frameRate"]
    layers = []
    for layer in scene["layers"]:
        name = layer.get("name")
        extra = set(layer) - KEYS
        if extra or layer.get("type") != "shapeLayer" or set(layer["path"]) != {"svg"}:
            raise ValueError(f"{NAME}: {name} is not an S10 shape layer ({sorted(extra)})")
        fill = layer.get("fillColor", "#000000")
        stroke = layer.get("strokeColor")
        if (fill is None) == (stroke is None):
            raise ValueError(f"{NAME}: {name}: the peers draw a fill or a stroke, not both or neither")
        if stroke is not None and (layer.get("lineJoin"), layer.get("lineCap")) != ("round", "round"):
            raise ValueError(f"{NAME}: {name}: the peers stroke with round joins and caps only")
        dash = layer.get("lineDashPattern")
        if dash is not None and len(dash) != 2:
            raise ValueError(f"{NAME}: {name}: the peers dash with [dash, gap], not {dash}")
        animations = {a["keyPath"]: a for a in layer["animations"]}
        expected = {"path", "transform.rotation.z"} | ({"strokeEnd"} if stroke is not None else set())
        if set(animations) != expected or len(animations) != len(layer["animations"]):
            raise ValueError(f"{NAME}: {name} animates {sorted(animations)}, the peers draw {sorted(expected)}")
        for a in animations.values():
            if set(a) != {"keyPath", "fromValue", "toValue", "duration", *TIMING} or \
                    any(a[k] != v for k, v in TIMING.items()) or a["duration"] != duration:
                raise ValueError(f"{NAME}: {name}: {a['keyPath']} is not linear over the whole scene")
        shape = animations["path"]
        if shape["fromValue"] != layer["path"] or set(shape["toValue"]) != {"svg"}:
            raise ValueError(f"{NAME}: {name}: the path animation starts elsewhere than the path")
        d0, d1 = G.svg_commands(shape["fromValue"]["svg"]), G.svg_commands(shape["toValue"]["svg"])
        verbs = [c[0] for c in d0]
        if verbs != [c[0] for c in d1] or verbs[0] != "M" or "M" in verbs[1:] or "A" in verbs or \
                ("Z" in verbs and verbs.index("Z") != len(verbs) - 1):
            raise ValueError(f"{NAME}: {name}: the peers morph one subpath of M, L, C (Z last) with the same commands")
        turn = animations["transform.rotation.z"]
        if turn["fromValue"] != 0:
            raise ValueError(f"{NAME}: {name}: the rotation starts at {turn['fromValue']}, not 0")
        stroke_start = None
        if stroke is not None:
            end = animations["strokeEnd"]
            if end["toValue"] != 1 or not 0 <= end["fromValue"] <= 1:
                raise ValueError(f"{NAME}: {name}: strokeEnd {end['fromValue']} -> {end['toValue']}, not s -> 1")
            stroke_start = float(end["fromValue"])
        x, y, w, h = layer["frame"]
        layers.append(Layer(name, x, y, w, h, d0, d1,
                            None if fill is None else S.opaque_rgb(NAME, layer, fill),
                            None if stroke is None else S.opaque_rgb(NAME, layer, stroke),
                            float(layer.get("lineWidth", 1)), None if dash is None else [float(v) for v in dash],
                            stroke_start, float(turn["toValue"])))
    return canvas["width"], canvas["height"], S.hex_rgb(canvas["background"]), duration, rate, layers


WIDTH, HEIGHT, BACKGROUND, DURATION, FPS, LAYERS = load()
FRAMES = round(DURATION * FPS)  # 120: frame n at t = n / 60, progress n / 120


def progress(n):
    return n / FRAMES


def interpolated(layer, p):
    """The path's commands at progress p: every number (1 - p) a + p b."""
    return [(c0[0], *((1 - p) * a + p * b for a, b in zip(c0[1:], c1[1:]))) for c0, c1 in zip(layer.d0, layer.d1)]


def stroke_end(layer, p):
    return layer.stroke_start + (1 - layer.stroke_start) * p


# --- Lottie ---------------------------------------------------------------

def _static(v):
    return L.static(v)


def _linear(v0, v1):
    return L.linear(v0, v1, FRAMES)


def _vertices(commands):
    """(vertices, in tangents, out tangents, closed) of one subpath, the
    tangents relative to their vertex."""
    v, ins, outs, closed = [], [], [], False
    for c in commands:
        if c[0] == "M":
            v.append((c[1], c[2]))
            ins.append((0.0, 0.0))
            outs.append((0.0, 0.0))
        elif c[0] == "L":
            v.append((c[1], c[2]))
            ins.append((0.0, 0.0))
            outs.append((0.0, 0.0))
        elif c[0] == "C":
            px, py = v[-1]
            outs[-1] = (c[1] - px, c[2] - py)
            v.append((c[5], c[6]))
            ins.append((c[3] - c[5], c[4] - c[6]))
            outs.append((0.0, 0.0))
        else:
            closed = True
    return v, ins, outs, closed


def _round(points):
    return [[round(x, 6) + 0.0, round(y, 6) + 0.0] for x, y in points]


def lottie_shapes(layer):
    """The two keyframes' Lottie shapes ({"i", "o", "v", "c"}) of a layer's path."""
    a, b = _vertices(layer.d0), _vertices(layer.d1)
    # A closed outline whose last segment ends on its start (S10's blobs):
    # that vertex once, with the last segment's in tangent, in both shapes.
    merge = a[3] and len(a[0]) > 1 and a[0][-1] == a[0][0] and b[0][-1] == b[0][0]
    shapes = []
    for v, ins, outs, closed in (a, b):
        if merge:
            ins = [ins[-1]] + ins[1:-1]
            v, outs = v[:-1], outs[:-1]
        shapes.append({"i": _round(ins), "o": _round(outs), "v": _round(v), "c": closed})
    return shapes


def _shape_layer(index, layer):
    w, h = layer.w, layer.h
    s0, s1 = lottie_shapes(layer)
    path = {"ty": "sh", "nm": "path", "ks": {"a": 1, "k": [
        {"t": 0, "s": [s0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
        {"t": FRAMES, "s": [s1]}]}}
    if layer.fill is not None:
        shapes = [path, {"ty": "fl", "nm": "fill", "c": _static([*(c / 255 for c in layer.fill), 1]),
                         "o": _static(100), "r": 1}]
    else:
        stroke = {"ty": "st", "nm": "stroke", "c": _static([*(c / 255 for c in layer.stroke), 1]), "o": _static(100),
                  "w": _static(layer.width), "lc": 2, "lj": 2, "ml": 4}
        if layer.dash is not None:
            stroke["d"] = [{"n": "d", "nm": "dash", "v": _static(layer.dash[0])},
                           {"n": "g", "nm": "gap", "v": _static(layer.dash[1])},
                           {"n": "o", "nm": "offset", "v": _static(0)}]
        trim = {"ty": "tm", "nm": "strokeEnd", "s": _static(0), "e": _linear(layer.stroke_start * 100, 100),
                "o": _static(0), "m": 1}
        shapes = [path, stroke, trim]  # the trim applies to the path above it, the stroke draws the result
    return {"ddd": 0, "ind": index, "ty": 4, "nm": layer.name, "sr": 1, "ip": 0, "op": FRAMES, "st": 0, "bm": 0,
            "ks": {"o": _static(100), "r": _linear(0, math.degrees(layer.turn)),
                   "p": _static([layer.x + w / 2, layer.y + h / 2, 0]), "a": _static([w / 2, h / 2, 0]),
                   "s": _static([100, 100, 100])},
            "shapes": shapes}


def lottie():
    """The Lottie document (a dict) of S10."""
    layers = []
    # Lottie draws its first layer on top; Lamina draws its last sublayer on top.
    for layer in reversed(LAYERS):
        layers.append(_shape_layer(len(layers) + 1, layer))
    layers.append({"ddd": 0, "ind": len(layers) + 1, "ty": 1, "nm": "background", "sr": 1, "ip": 0, "op": FRAMES,
                   "st": 0, "bm": 0, "sc": "#%02x%02x%02x" % BACKGROUND, "sw": WIDTH, "sh": HEIGHT,
                   "ks": {"o": _static(100), "r": _static(0), "p": _static([0, 0, 0]), "a": _static([0, 0, 0]),
                          "s": _static([100, 100, 100])}})
    return {"v": "5.7.0", "nm": NAME, "fr": FPS, "ip": 0, "op": FRAMES, "w": WIDTH, "h": HEIGHT, "ddd": 0,
            "assets": [], "layers": layers}


# --- Skia -----------------------------------------------------------------

def skia_path(commands):
    import skia
    path = skia.Path()
    for c in commands:
        if c[0] == "M":
            path.moveTo(c[1], c[2])
        elif c[0] == "L":
            path.lineTo(c[1], c[2])
        elif c[0] == "C":
            path.cubicTo(*c[1:])
        else:
            path.close()
    return path


def skia_painter(trim_then_dash=True):
    """draw(canvas, n): frame n of S10 (the background not included). The
    two end paths and the paints are made here, once; every frame
    interpolates each path, trims and dashes the strokes anew, and
    rasterizes everything. `trim_then_dash=False` dashes first and trims
    the dashes (the wrong order, for check_s10.py to show it is seen)."""
    import skia
    items = []
    for layer in LAYERS:
        if layer.fill is not None:
            paint = skia.Paint(AntiAlias=True, Color=skia.Color(*layer.fill))
        else:
            paint = skia.Paint(AntiAlias=True, Color=skia.Color(*layer.stroke), Style=skia.Paint.kStroke_Style,
                               StrokeWidth=layer.width, StrokeJoin=skia.Paint.kRound_Join,
                               StrokeCap=skia.Paint.kRound_Cap)
        dash = None if layer.dash is None else skia.DashPathEffect.Make(layer.dash, 0)
        a, b = skia_path(layer.d0), skia_path(layer.d1)
        assert a.isInterpolatable(b), layer.name
        items.append((layer.x + layer.w / 2, layer.y + layer.h / 2, -layer.w / 2, -layer.h / 2, a, b, paint,
                      math.degrees(layer.turn), layer.stroke_start, dash))

    def draw(canvas, n):
        p = progress(n)
        for cx, cy, ox, oy, a, b, paint, degrees, start, dash in items:
            path = skia.Path()
            a.interpolate(b, 1 - p, path)  # a (1 - p) + b p
            if start is not None:
                end = start + (1 - start) * p
                trim = skia.TrimPathEffect.Make(0, end)  # None at end 1: the whole (closed) path
                if dash is None or trim is None:
                    effect = trim if dash is None else dash
                elif trim_then_dash:
                    effect = skia.PathEffect.MakeCompose(dash, trim)  # dash(trim(path))
                else:
                    effect = skia.PathEffect.MakeCompose(trim, dash)
                paint.setPathEffect(effect)
            canvas.save()
            canvas.translate(cx, cy)
            canvas.rotate(degrees * p)
            canvas.translate(ox, oy)
            canvas.drawPath(path, paint)
            canvas.restore()

    return draw


_painter = None


def draw_skia(canvas, frame):
    """Draws frame `frame` (0..119) of S10 on a skia canvas, background included."""
    global _painter
    import skia
    if _painter is None:
        _painter = skia_painter()
    canvas.clear(skia.Color(*BACKGROUND))
    _painter(canvas, frame)


def skia_frame(n, trim_then_dash=True):
    """Frame n drawn by Skia on a new raster surface, as an (h, w, 4) straight RGBA array."""
    import skia
    surface = skia.Surface.MakeRasterN32Premul(WIDTH, HEIGHT)
    if trim_then_dash:
        draw_skia(surface.getCanvas(), n)
    else:
        surface.getCanvas().clear(skia.Color(*BACKGROUND))
        skia_painter(False)(surface.getCanvas(), n)
    surface.flushAndSubmit()
    return surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kUnpremul_AlphaType)


if __name__ == "__main__":
    import sys
    folder = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"{NAME}.lottie.json"), "w") as f:
        json.dump(lottie(), f)
    print(f"wrote {folder}/{NAME}.lottie.json")
