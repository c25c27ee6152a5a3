#!/usr/bin/env python3
"""Writes the peer benchmark scenes of docs/bench-scenes.md as scene files.

    python3 tools/bench-scenes/generate.py [OUT]   (default Tests/Scenes/bench)

S1 (1000 cards), S2 (one card at sigma 2, 4, 8, 32), S3 (a test image
drawn 200 times, once per filter), S4 (1000 paths: stars, arcs, cubic
curves and polylines, filled, stroked and dashed), S5 (200 rounded
gradient layers), S6 (S1's cards with 20 of them animated over 120 frames,
and S6-one, one card moved), S7 (about 5,000 words of text, flat and on
3D cards), S8 (200 cards in the 15 blend modes on the test image) and
S10 (400 shape layers whose paths, stroke ends and rotations animate)
become `S1.json`, `S2-sigma*.json`, `S3-*.json`, `S4.json`,
`S5.json`, `S6.json`, `S6-one.json`, `S7.json` (and `S7-flat.json`, its flat half),
`S8.json` (and `S8-none.json`, the same without blend modes), `S10.json`, and the image `test-image.png`; the feature scenes of
`--suite standard` (below) become `<name>.json`. `lamina bench`, the tests and
tools/peers all read these files; nothing else builds the layouts.

The random numbers come from one 32-bit linear congruential generator,

    state = (1664525 * state + 1013904223) mod 2^32,   u = state / 2^32,

seeded 12345 for S1, 777 for S3, 4444 for S4, 5555 for S5, 606 for S6, 7777 for S7, 8888 for S8 and 1010 for S10 (Numerical
Recipes' constants; one line
in any language, so a peer that wants to regenerate can). Coordinates are
rounded half-to-even (Python's `round`), as the layouts were first defined.
The files are written once and committed; rerunning must give the same
bytes (`tools/bench-scenes/generate.py --check` says whether it does).
`generate.py --memory DIR` writes the two memory scenes (M-cards: 16,000
shadowed cards at random sub-pixel positions, seed 16000; M-shapes: S4's
layers 16 times at random positions, seed 16001), too large to commit.

Rejected: building the scenes in code in every consumer (the CLI, two test
targets and tools/peers each had a copy of the LCG and the S1 layout, and
the copies could drift apart silently).
"""
import json
import math
import os
import struct
import sys
import zlib

import numpy as np

CARD = {"backgroundColor": "#FFFFFF", "borderWidth": 2, "borderColor": "#333333",
        "shadowOpacity": 0.5, "shadowColor": "#000000", "shadowOffset": [0, 4]}
BACKGROUND = "#EEEEEE"


class LCG:
    """state = (1664525 * state + 1013904223) mod 2^32; u = state / 2^32."""

    def __init__(self, seed):
        self.state = seed % 2**32

    def next(self):
        self.state = (1664525 * self.state + 1013904223) % 2**32
        return self.state / 2**32


def number(v):
    """Integers without a fraction, others with the shortest repr."""
    return int(v) if float(v).is_integer() else float(v)


def card(name, x, y, w, h, radius, sigma):
    layer = {"name": name, "frame": [number(x), number(y), number(w), number(h)],
             "cornerRadius": number(radius)}
    layer.update(CARD)
    layer["shadowRadius"] = number(sigma)
    return layer


def scene(width, height, comment, layers, version=1):
    return {"_comment": comment, "format": "lamina-scene", "version": version,
            "canvas": {"width": width, "height": height, "background": BACKGROUND},
            "layers": layers}


def s1():
    """1000 cards of 120x80, radius 12, sigma 4, on a jittered 40x25 grid."""
    rng = LCG(12345)
    columns, rows = 40, 25
    step_x = (1920 - 120 - 40) / (columns - 1)
    step_y = (1080 - 80 - 40) / (rows - 1)
    layers = []
    for r in range(rows):
        for c in range(columns):
            jx = (rng.next() * 2 - 1) * 6
            jy = (rng.next() * 2 - 1) * 6
            x, y = round(20 + c * step_x + jx), round(20 + r * step_y + jy)
            layers.append(card(f"card{len(layers)}", x, y, 120, 80, 12, 4))
    return scene(1920, 1080, "S1 of docs/bench-scenes.md: 1000 shadowed cards (LCG seed 12345)", layers)


def s1_frac():
    """S1's cards, each moved right and down by a fraction of a pixel."""
    cards = s1()["layers"]
    rng = LCG(12346)
    for layer in cards:
        frame = layer["frame"]
        fx, fy = round(0.1 + rng.next() * 0.8, 2), round(0.1 + rng.next() * 0.8, 2)
        layer["frame"] = [number(frame[0] + fx), number(frame[1] + fy), frame[2], frame[3]]
    return scene(1920, 1080, "S1-frac of docs/bench-scenes.md: S1's cards off the pixel grid (LCG seed 12346)",
                 cards)


def s6(one=False):
    """S1's cards, 20 of them animated (S6-one: card 25, in position only)."""
    base = s1()
    rng = LCG(606)
    animated = [25] if one else [25 + 50 * i for i in range(20)]
    for k in animated:
        dx = (rng.next() * 2 - 1) * 80
        dy = (rng.next() * 2 - 1) * 40
        timing = {"beginTime": 0, "duration": 2}
        moves = [dict(type="basic", keyPath="position", byValue=[number(dx), number(dy)],
                      timingFunction="easeInEaseOut", **timing)]
        if not one:
            moves += [
                dict(type="basic", keyPath="transform.rotation.z", fromValue=0,
                     toValue=number(2 * math.pi), timingFunction="linear", **timing),
                dict(type="basic", keyPath="opacity", fromValue=1, toValue=0.4,
                     timingFunction="linear", **timing),
                dict(type="basic", keyPath="shadowOffset", fromValue=[0, 4], toValue=[0, 16],
                     timingFunction="linear", **timing),
                dict(type="basic", keyPath="shadowRadius", fromValue=4, toValue=8,
                     timingFunction="linear", **timing),
            ]
        base["layers"][k]["animations"] = moves
    name = "S6-one" if one else "S6"
    what = "card 25 moved" if one else "20 cards moved, turned, faded, their shadows grown"
    comment = f"{name} of docs/bench-scenes.md: S1's cards, {what} over 120 frames (LCG seed 606)"
    out = scene(1920, 1080, comment, base["layers"], version=2)
    out["canvas"]["duration"] = 2
    out["canvas"]["frameRate"] = 60
    return out


def s2(sigma):
    return scene(800, 600, f"S2 of docs/bench-scenes.md: one 400x300 card, shadow sigma {sigma}",
                 [card("card", 200, 150, 400, 300, 24, sigma)])


def s3_rects():
    """200 rectangles: log-spaced scales 0.05..3, random centres, shuffled."""
    rng = LCG(777)
    rects = []
    for i in range(200):
        scale = 0.05 * (3.0 / 0.05) ** (i / 199)
        cx, cy = rng.next() * 1920, rng.next() * 1080
        size = 1024 * scale
        rects.append((cx - size / 2, cy - size / 2, size, size))
    for i in range(199, 0, -1):
        j = int(rng.next() * (i + 1))
        rects[i], rects[j] = rects[j], rects[i]
    return rects


def s3(filter_name):
    layers = []
    for i, (x, y, w, h) in enumerate(s3_rects()):
        layers.append({"name": f"image{i}", "frame": [x, y, w, h], "contents": "test-image.png",
                       "minificationFilter": filter_name,
                       "magnificationFilter": "linear" if filter_name == "trilinear" else filter_name})
    return scene(1920, 1080, f"S3 of docs/bench-scenes.md: the test image 200 times, filter {filter_name} (LCG seed 777)", layers)


# S4 "paths": 1000 shape layers on a jittered 40 x 25 grid of 48 x 43 cells.
# Shape (k // 2) % 4 is a star, an arc, a cubic curve or a polyline; layers
# with k % 2 == 0 are filled (no stroke), the others stroked (1..5 points
# wide) with round joins and butt caps, and of the stroked ones those with
# (k // 2) % 8 >= 4 (a quarter of all, each shape alike) dashed [2..8, 2..6]. Paths are SVG data in the layer's bounds space,
# absolute commands M, L, C, A (circular arcs, no rotation) and Z only, so
# every peer can read them (tools/peers/paths.py). Per layer the LCG draws,
# in this order: the cell jitter x, y; the size; the colour index; the
# shape's own numbers (below); the line width; the dash pattern.

PATH_COLORS = ["#FF3B30", "#FF9500", "#FFCC00", "#34C759", "#5AC8FA", "#007AFF", "#5856D6", "#AF52DE",
               "#1C1C1E", "#8E8E93"]


def fmt(v):
    """A coordinate with at most two decimals (short, exact enough for the peers)."""
    v = round(v, 2)
    return str(int(v)) if v == int(v) else repr(v)


def star_path(rng, size):
    points = 5 + int(rng.next() * 4)  # 5..8
    inner = 0.38 + rng.next() * 0.2
    turn = rng.next() * 2 * math.pi / points
    c, r = size / 2, size / 2 - 1
    out = []
    for i in range(2 * points):
        radius = r if i % 2 == 0 else r * inner
        a = turn + math.pi * i / points - math.pi / 2
        out.append(("M" if i == 0 else "L") + f" {fmt(c + radius * math.cos(a))} {fmt(c + radius * math.sin(a))}")
    return " ".join(out) + " Z"


def arc_path(rng, size, filled):
    """A circular arc of 60..330 degrees; filled ones close as a pie slice."""
    sweep = math.radians(60 + rng.next() * 270)
    start = rng.next() * 2 * math.pi
    c, r = size / 2, size / 2 - 3
    x0, y0 = c + r * math.cos(start), c + r * math.sin(start)
    x1, y1 = c + r * math.cos(start + sweep), c + r * math.sin(start + sweep)
    large = 1 if sweep > math.pi else 0
    d = f"M {fmt(x0)} {fmt(y0)} A {fmt(r)} {fmt(r)} 0 {large} 1 {fmt(x1)} {fmt(y1)}"
    return f"M {fmt(c)} {fmt(c)} L {fmt(x0)} {fmt(y0)} A {fmt(r)} {fmt(r)} 0 {large} 1 {fmt(x1)} {fmt(y1)} Z" if filled else d


def cubic_path(rng, size, filled):
    """Two cubic segments from left to right; filled ones close back."""
    p = [fmt(rng.next() * size) for _ in range(10)]
    d = (f"M 2 {p[0]} C {p[1]} {p[2]} {p[3]} {p[4]} {fmt(size / 2)} {p[5]} "
         f"C {p[6]} {p[7]} {p[8]} {p[9]} {fmt(size - 2)} {p[0]}")
    return d + " Z" if filled else d


def polyline_path(rng, size, filled):
    """Five to eight points zig-zagging across the cell."""
    n = 5 + int(rng.next() * 4)
    out = []
    for i in range(n):
        x = 2 + (size - 4) * i / (n - 1)
        y = 2 + rng.next() * (size - 4)
        out.append(("M" if i == 0 else "L") + f" {fmt(x)} {fmt(y)}")
    return " ".join(out) + (" Z" if filled else "")


def s4():
    rng = LCG(4444)
    columns, rows = 40, 25
    step_x, step_y = 1920 / columns, 1080 / rows
    layers = []
    for k in range(columns * rows):
        r, c = divmod(k, columns)
        jx, jy = (rng.next() * 2 - 1) * 4, (rng.next() * 2 - 1) * 4
        size = round(30 + rng.next() * 12)
        x = round(c * step_x + (step_x - size) / 2 + jx)
        y = round(r * step_y + (step_y - size) / 2 + jy)
        color = PATH_COLORS[int(rng.next() * len(PATH_COLORS))]
        filled = k % 2 == 0
        kind = (k // 2) % 4
        if kind == 0:
            d = star_path(rng, size)
        elif kind == 1:
            d = arc_path(rng, size, filled)
        elif kind == 2:
            d = cubic_path(rng, size, filled)
        else:
            d = polyline_path(rng, size, filled)
        width = number(round(2 + rng.next() * 8) / 2)  # 1..5 points in halves
        dash = [number(2 + round(rng.next() * 6)), number(2 + round(rng.next() * 4))]
        layer = {"name": f"path{k}", "type": "shapeLayer", "frame": [x, y, size, size], "path": {"svg": d}}
        if filled:
            layer["fillColor"] = color
        else:
            layer.update({"fillColor": None, "strokeColor": color, "lineWidth": width, "lineJoin": "round"})
            if (k // 2) % 8 >= 4:
                layer["lineDashPattern"] = dash
        layers.append(layer)
    return scene(1920, 1080, "S4 of docs/bench-scenes.md: 1000 shape layers, stars, arcs, cubic curves and "
                 "polylines, half filled, half stroked with round joins, a quarter dashed (LCG seed 4444)",
                 layers, version=2)


# S10 "changing paths": 400 shape layers on a jittered 20 x 20 grid of
# 96 x 54 cells whose path, stroke end and rotation animate every frame
# (2 s at 60 frames/s, all linear, from t = 0): what a Lottie animation of
# morphing shapes draws, where no coverage can be kept from the frame
# before. Layer k is filled when k % 2 == 0, else stroked (1.5..5 points,
# round joins and caps), and of the stroked ones those with (k // 2) % 4 ==
# 3 (an eighth of all) are dashed [4..9, 3..6]. Its shape, (k // 2) % 3, is
# a star (7 to 9 points whose inner radius and turn move), a blob (four
# cubic segments round the centre whose control points move) or a wave
# (two cubic segments across the cell whose heights move; filled ones
# close back): the path animates point by point between two versions
# with the same commands (docs/scene-format.md). A stroked layer's
# strokeEnd goes from 0.15..0.45 to 1; every layer turns about its centre
# by +-(30..120) degrees. Per layer the LCG draws, in this order: the
# jitter x, y; the size (36..50); the colour; the shape's numbers (below,
# both versions); the line width; the dash; the stroke end's start; the
# turn.

def s10_star(rng, size):
    points = 7 + int(rng.next() * 3)  # 7..9
    versions = [(0.3 + rng.next() * 0.3, rng.next() * math.pi / points) for _ in range(2)]
    c, r = size / 2, size / 2 - 1
    out = []
    for inner, turn in versions:
        d = []
        for i in range(2 * points):
            radius = r if i % 2 == 0 else r * inner
            a = turn + math.pi * i / points - math.pi / 2
            d.append(("M" if i == 0 else "L") + f" {fmt(c + radius * math.cos(a))} {fmt(c + radius * math.sin(a))}")
        out.append(" ".join(d) + " Z")
    return out


def s10_blob(rng, size):
    """A circle of four cubics whose 12 points are each moved by up to a
    fifth of the radius, twice."""
    c, r, k = size / 2, size / 2 - 4, 0.5523
    base = []
    for q in range(4):
        a0, a1 = q * math.pi / 2, (q + 1) * math.pi / 2
        base += [(math.cos(a0) - k * math.sin(a0), math.sin(a0) + k * math.cos(a0)),
                 (math.cos(a1) + k * math.sin(a1), math.sin(a1) - k * math.cos(a1)),
                 (math.cos(a1), math.sin(a1))]
    out = []
    for _ in range(2):
        moved = [(c + r * (x + (rng.next() * 2 - 1) * 0.2), c + r * (y + (rng.next() * 2 - 1) * 0.2)) for x, y in base]
        # The start is the last segment's end, so the outline closes on itself.
        d = [f"M {fmt(moved[11][0])} {fmt(moved[11][1])}"]
        for q in range(4):
            p = moved[3 * q:3 * q + 3]
            d.append("C " + " ".join(f"{fmt(x)} {fmt(y)}" for x, y in p))
        out.append(" ".join(d) + " Z")
    return out


def s10_wave(rng, size, filled):
    out = []
    for _ in range(2):
        p = [fmt(2 + rng.next() * (size - 4)) for _ in range(5)]
        d = (f"M 2 {p[0]} C {fmt(size / 6)} {p[1]} {fmt(size / 3)} {p[2]} {fmt(size / 2)} {p[3]} "
             f"C {fmt(2 * size / 3)} {p[4]} {fmt(5 * size / 6)} {p[1]} {fmt(size - 2)} {p[0]}")
        out.append(d + " Z" if filled else d)
    return out


def s10():
    rng = LCG(1010)
    columns, rows = 20, 20
    step_x, step_y = 1920 / columns, 1080 / rows
    timing = {"beginTime": 0, "duration": 2, "timingFunction": "linear"}
    layers = []
    for k in range(columns * rows):
        r, c = divmod(k, columns)
        jx, jy = (rng.next() * 2 - 1) * 6, (rng.next() * 2 - 1) * 3
        size = round(36 + rng.next() * 14)
        x = round(c * step_x + (step_x - size) / 2 + jx)
        y = round(r * step_y + (step_y - size) / 2 + jy)
        color = PATH_COLORS[int(rng.next() * len(PATH_COLORS))]
        filled = k % 2 == 0
        kind = (k // 2) % 3
        if kind == 0:
            d0, d1 = s10_star(rng, size)
        elif kind == 1:
            d0, d1 = s10_blob(rng, size)
        else:
            d0, d1 = s10_wave(rng, size, filled)
        width = number(round(3 + rng.next() * 7) / 2)  # 1.5..5 points in halves
        dash = [number(4 + round(rng.next() * 5)), number(3 + round(rng.next() * 3))]
        start = round(0.15 + rng.next() * 0.3, 2)
        turn = math.radians(30 + rng.next() * 90) * (1 if rng.next() < 0.5 else -1)
        layer = {"name": f"path{k}", "type": "shapeLayer", "frame": [x, y, size, size], "path": {"svg": d0}}
        animations = [dict(type="basic", keyPath="path", fromValue={"svg": d0}, toValue={"svg": d1}, **timing),
                      dict(type="basic", keyPath="transform.rotation.z", fromValue=0,
                           toValue=number(round(turn, 4)), **timing)]
        if filled:
            layer["fillColor"] = color
        else:
            layer.update({"fillColor": None, "strokeColor": color, "lineWidth": width, "lineJoin": "round",
                          "lineCap": "round"})
            if (k // 2) % 4 == 3:
                layer["lineDashPattern"] = dash
            animations.append(dict(type="basic", keyPath="strokeEnd", fromValue=start, toValue=1, **timing))
        layer["animations"] = animations
        layers.append(layer)
    out = scene(1920, 1080, "S10 of docs/bench-scenes.md: 400 shape layers whose path, stroke end and rotation "
                "animate every frame, half filled, half stroked with round joins, an eighth dashed (LCG seed 1010)",
                layers, version=2)
    out["canvas"]["duration"] = 2
    out["canvas"]["frameRate"] = 60
    return out


# S5 "gradients": 200 rounded gradient layers, axial, radial and conic in
# turn (i % 3), at random places (sizes 80..280 x 60..220), two to four
# opaque colours evenly spaced, corner radius up to a quarter of the
# shorter side. Axial: start and end anywhere in the unit square, at least
# 0.3 apart; radial: centre in the middle half, half-axes 0.3..0.8 of the
# size; conic: centre in the middle half, the direction of t = 0 any angle.
# Per layer the LCG draws x, y, w, h, the radius, the colour count and
# indices, then the geometry (four numbers).

def s5():
    rng = LCG(5555)
    layers = []
    for i in range(200):
        w, h = round(80 + rng.next() * 200), round(60 + rng.next() * 160)
        x, y = round(rng.next() * (1920 - w)), round(rng.next() * (1080 - h))
        radius = number(round(rng.next() * min(w, h) / 4))
        count = 2 + int(rng.next() * 3)
        colors = [PATH_COLORS[int(rng.next() * 8)] for _ in range(count)]
        kind = ["axial", "radial", "conic"][i % 3]
        a, b, c, d = (rng.next() for _ in range(4))
        if kind == "axial":
            start = [round(a, 2), round(b, 2)]
            angle = c * 2 * math.pi
            end = [round(start[0] + math.cos(angle) * (0.3 + d), 2), round(start[1] + math.sin(angle) * (0.3 + d), 2)]
        elif kind == "radial":
            start = [round(0.25 + a / 2, 2), round(0.25 + b / 2, 2)]
            end = [round(start[0] + 0.3 + c / 2, 2), round(start[1] + 0.3 + d / 2, 2)]
        else:
            start = [round(0.25 + a / 2, 2), round(0.25 + b / 2, 2)]
            angle = c * 2 * math.pi
            end = [round(start[0] + math.cos(angle) * 0.5, 2), round(start[1] + math.sin(angle) * 0.5, 2)]
        layers.append({"name": f"gradient{i}", "type": "gradientLayer", "frame": [x, y, w, h],
                       "cornerRadius": radius, "gradientType": kind, "colors": colors,
                       "startPoint": start, "endPoint": end})
    return scene(1920, 1080, "S5 of docs/bench-scenes.md: 200 rounded gradient layers, axial, radial and conic "
                 "(LCG seed 5555)", layers, version=2)


# S7 "text": a page of about 5,000 words in three fonts and two scripts,
# half of it flat and half on 3D-turned cards. Left half: 40 text boxes
# (5 columns x 8 rows of 180 x 126 points), box i in font i % 3 (DejaVu
# Sans 9 pt, Liberation Serif 10 pt, WenQuanYi Micro Hei 9 pt with
# Chinese). Right half: 12 white cards (3 x 4, bounds 296 x 256 centred
# at (1124 + c*312, 140 + r*266), corner radius 10), each turned by `perspective(900px) rotateY(a) rotateX(b)` about its
# centre, a = +-(12..32) degrees, b = +-(4..12) degrees, holding one text
# box (inset 10) in font k % 3 at 9 pt (Liberation Serif 10 pt). Latin
# text is words drawn from LATIN_WORDS, sentences of 6..15 words with a
# comma after a word at random (1 in 10) and a full stop; Chinese text is
# two-character words from CJK_CHARS, sentences of 4..11 words ending in
# "。" with a "，" at random. Word counts: 64 a Latin box, 84 a Chinese
# box (168 characters), 180 a Latin card, 220 a Chinese card: 5,140 words,
# 2,820 flat and 2,320 turned, and each paragraph fits its box
# (TextBenchSceneTests checks), so no peer needs clipping or truncation. The LCG (seed
# 7777) draws per box, in order: per sentence its length, then per word
# its index and (Latin) whether a comma follows, (Chinese) its two
# characters and whether a "，" follows; per card the angle a and its sign,
# then b and its sign, before its text.

LATIN_WORDS = (
    "the of and to in is was that for on are with as his they be at one have this from or had by "
    "word but what some we can out other were all there when up use your how said an each she which "
    "do their time if will way about many then them write would like so these her long make thing "
    "see him two has look more day could go come did number sound no most people my over know water "
    "than call first who may down side been now find any new work part take get place made live "
    "where after back little only round man year came show every good me give our under name very "
    "through just form sentence great think say help low line differ turn cause much mean before "
    "move right boy old too same tell does set three want air well also play small end put home read "
    "hand port large spell add even land here must big high such follow act why ask men change went "
    "light kind off need house picture try again animal point mother world near build self earth "
    "father head stand own page should country found answer school grow study still learn plant "
    "cover food sun four between state keep eye never last let thought city tree cross farm hard "
    "start might story saw far sea draw left late run while press close night real life few north "
    "internationalization typography rendering perspective composition").split()
CJK_CHARS = (
    "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学"
    "对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头"
    "面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向"
    "情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信")
TEXT_COLOR = "#1C1C1E"
S7_FONTS = [("DejaVu Sans", 9), ("Liberation Serif", 10), ("WenQuanYi Micro Hei", 9)]


def latin_text(rng, words):
    out, sentence, left = [], [], 0
    for _ in range(words):
        if left == 0:
            left = 6 + int(rng.next() * 10)
            sentence = []
        word = LATIN_WORDS[int(rng.next() * len(LATIN_WORDS))]
        if not sentence:
            word = word[0].upper() + word[1:]
        comma = rng.next() < 0.1
        left -= 1
        sentence.append(word)
        out.append(word + ("." if left == 0 else "," if comma else ""))
    text = " ".join(out)
    return text if text.endswith(".") else text + "."


def cjk_text(rng, words):
    out, left = [], 0
    for _ in range(words):
        if left == 0:
            left = 4 + int(rng.next() * 8)
        a = CJK_CHARS[int(rng.next() * len(CJK_CHARS))]
        b = CJK_CHARS[int(rng.next() * len(CJK_CHARS))]
        pause = rng.next() < 0.15
        left -= 1
        out.append(a + b + ("。" if left == 0 else "，" if pause else ""))
    text = "".join(out)
    return text if text.endswith("。") else text + "。"


def s7_text(rng, k, latin_words, cjk_words):
    font, size = S7_FONTS[k % 3]
    text = cjk_text(rng, cjk_words) if k % 3 == 2 else latin_text(rng, latin_words)
    words = cjk_words if k % 3 == 2 else latin_words
    return {"type": "textLayer", "string": text, "font": font, "fontSize": size,
            "foregroundColor": TEXT_COLOR, "isWrapped": True}, words


def s7():
    rng = LCG(7777)
    layers, words = [], 0
    for i in range(40):
        r, c = divmod(i, 5)
        box, n = s7_text(rng, i, 64, 84)
        box["name"] = f"text{i}"
        box["frame"] = [16 + c * 188, 16 + r * 132, 180, 126]
        layers.append(box)
        words += n
    for k in range(12):
        r, c = divmod(k, 3)
        a = (12 + rng.next() * 20) * (1 if rng.next() < 0.5 else -1)
        b = (4 + rng.next() * 8) * (1 if rng.next() < 0.5 else -1)
        text, n = s7_text(rng, k, 180, 220)
        text["name"] = f"cardText{k}"
        text["frame"] = [10, 10, 276, 236]
        # bounds and position, not frame: a frame under a transform sets
        # the size through the transform's inverse, as CALayer does.
        layers.append({"name": f"card{k}", "bounds": [0, 0, 296, 256],
                       "position": [976 + c * 312 + 148, 12 + r * 266 + 128],
                       "backgroundColor": "#FFFFFF", "cornerRadius": 10,
                       "transform": f"perspective(900px) rotateY({a:.1f}deg) rotateX({b:.1f}deg)",
                       "sublayers": [text]})
        words += n
    return scene(1920, 1080, f"S7 of docs/bench-scenes.md: {words} words in three fonts and two scripts, "
                 "40 flat text boxes and 12 cards turned in 3D (LCG seed 7777)", layers, version=2)


def s7_flat():
    """S7's 40 flat text boxes alone: what every text peer can draw."""
    full = s7()
    return scene(1920, 1080, "S7-flat of docs/bench-scenes.md: the 40 flat text boxes of S7 alone",
                 [layer for layer in full["layers"] if layer.get("type") == "textLayer"], version=2)


# S8 "blend": the test image of S3 stretched over the canvas as a photo-like
# backdrop, then 200 cards blended onto it, each with one of the fifteen
# blend modes of `compositingFilter` in turn (card i: BLEND_MODES[i % 15],
# so five modes appear 14 times and ten 13 times). Each card is an isolated
# group blended onto what is drawn below it; most are one primitive (a
# solid or gradient fill), the bordered ones two (fill and border, blended
# as one). Per card the LCG (seed 8888) draws, in this order and for every
# card whether used or not: w, h (80..260), x, y (anywhere on the canvas),
# whether it is rounded (u >= 0.25) and its radius (6 up to a quarter of
# the shorter side), the colour index, a second colour index (gradients),
# the gradient's angle and the translucency's amount. Translucent are the
# cards of every third round of the modes (k = i // 15, k % 3 == 1: 65 of
# 200, four or five of each mode): with k even by opacity 0.5..0.9 (group
# opacity), with k odd by the colour's alpha 0x80..0xE0 (the fill alone).
# Cards with i % 8 == 3 are axial gradientLayers (two colours, through the
# centre at the angle drawn), those with i % 16 == 9 have a 3-point white
# border; both rules meet every blend mode and both kinds of translucency.
# S8-none is the same scene without the compositingFilter keys (and so
# version 2, not 3): the cost of the modes is S8 over it.

BLEND_MODES = ["multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode",
               "lightenBlendMode", "colorDodgeBlendMode", "colorBurnBlendMode", "hardLightBlendMode",
               "softLightBlendMode", "differenceBlendMode", "exclusionBlendMode", "hueBlendMode",
               "saturationBlendMode", "colorBlendMode", "luminosityBlendMode"]


def s8(blend=True):
    rng = LCG(8888)
    layers = [{"name": "backdrop", "frame": [0, 0, 1920, 1080], "contents": "test-image.png"}]
    for i in range(200):
        w, h = round(80 + rng.next() * 180), round(80 + rng.next() * 180)
        x, y = round(rng.next() * (1920 - w)), round(rng.next() * (1080 - h))
        rounded, r = rng.next() >= 0.25, rng.next()
        radius = round(6 + r * (min(w, h) / 4 - 6)) if rounded else 0
        first = int(rng.next() * len(PATH_COLORS))
        second = int(rng.next() * len(PATH_COLORS))
        if second == first:
            second = (first + 3) % len(PATH_COLORS)
        angle = rng.next() * 2 * math.pi
        amount = rng.next()
        alpha = ""
        layer = {"name": f"card{i}", "frame": [x, y, w, h], "cornerRadius": radius}
        round_of_modes = i // len(BLEND_MODES)
        if round_of_modes % 3 == 1 and round_of_modes % 2 == 0:
            layer["opacity"] = round(0.5 + amount * 0.4, 2)
        elif round_of_modes % 3 == 1:
            alpha = f"{round(0x80 + amount * 0x60):02X}"
        if i % 8 == 3:
            dx, dy = round(math.cos(angle) / 2, 2), round(math.sin(angle) / 2, 2)
            layer = {"name": layer["name"], "type": "gradientLayer", **{k: v for k, v in layer.items() if k != "name"},
                     "colors": [PATH_COLORS[first] + alpha, PATH_COLORS[second] + alpha],
                     "startPoint": [number(round(0.5 - dx, 2)), number(round(0.5 - dy, 2))],
                     "endPoint": [number(round(0.5 + dx, 2)), number(round(0.5 + dy, 2))]}
        else:
            layer["backgroundColor"] = PATH_COLORS[first] + alpha
        if i % 16 == 9:
            layer["borderWidth"] = 3
            layer["borderColor"] = "#FFFFFF"
        if blend:
            layer["compositingFilter"] = BLEND_MODES[i % len(BLEND_MODES)]
        layers.append(layer)
    if blend:
        comment = ("S8 of docs/bench-scenes.md: the test image stretched over the canvas, 200 cards on it in "
                   "the 15 blend modes of compositingFilter in turn, a third translucent (LCG seed 8888)")
    else:
        comment = "S8-none of docs/bench-scenes.md: S8 without its compositingFilter keys (LCG seed 8888)"
    # compositingFilter is version 3's (docs/scene-format.md), gradient layers version 2's.
    return scene(1920, 1080, comment, layers, version=3 if blend else 2)


def test_image():
    """The 1024x1024 opaque test image of S3, (h, w, 3) uint8: gradients, a
    zone plate, hash noise, a black 1-px grid every 64 px and white 2-px
    diagonals (drawn last)."""
    n = 1024
    y, x = np.mgrid[0:n, 0:n].astype(np.float64)
    red = 40 + 180 * x / (n - 1)
    green = 40 + 180 * y / (n - 1)
    blue = 128 + 100 * np.sin(x / 97.0) * np.cos(y / 61.0)
    zx, zy = x - 768, y - 768
    zone = 255 * (0.5 + 0.5 * np.cos(math.pi * (zx * zx + zy * zy) / 512.0))
    inside = (np.abs(zx) < 240) & (np.abs(zy) < 240)
    red, green, blue = (np.where(inside, zone, ch) for ch in (red, green, blue))
    xi, yi = x.astype(np.uint64), y.astype(np.uint64)
    noise = ((xi * np.uint64(73856093)) ^ (yi * np.uint64(19349663))) % np.uint64(49)
    noise = noise.astype(np.float64) - 24
    rgb = np.stack([red + noise, green + noise * 0.7, blue - noise * 0.5], -1)
    grid = (x % 64 == 0) | (y % 64 == 0)
    rgb[grid] = 0
    diagonal = ((x - y) % 128 < 2) | ((x + y) % 256 < 2)
    rgb[diagonal] = 255
    return np.ascontiguousarray(np.clip(rgb, 0, 255).astype(np.uint8))


def png_rgb(pixels):
    """An 8-bit RGB PNG (filter 0 rows, zlib level 9): deterministic bytes."""
    h, w, _ = pixels.shape
    raw = b"".join(b"\x00" + pixels[r].tobytes() for r in range(h))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def text(s):
    """The scene with one layer per line: small, and diffs stay readable."""
    head = {k: v for k, v in s.items() if k != "layers"}
    lines = ["{"] + [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    lines.append('  "layers": [')
    lines += [f"    {json.dumps(layer)}," for layer in s["layers"]]
    lines[-1] = lines[-1].rstrip(",")
    return "\n".join(lines + ["  ]", "}"]) + "\n"


# The feature scenes of `--suite standard`: each stresses one feature of
# the drawing model on its own, on a 1280x720 canvas, so a regression in
# one path shows in one row. Sizes are modest (a dozen offscreens, a few
# dozen layers).
#
#   mask            12 tiles, each masked by a radial-gradient alpha image
#   group-opacity   12 groups at opacity 0.5 of four overlapping layers
#   rasterize       12 shouldRasterize groups of 20 shadowed chips
#   shadow-content  12 layers whose shadow follows their contents' alpha
#   nine-slice      40 nine-slice buttons of different sizes
#   planes-3d       6 sets of three planes intersecting in 3D (cut by the sort)
#   gradients       a full-canvas axial gradient under 12 rounded gradient
#                   layers (axial, radial, conic in turn, three stops)
#   animation       frame 0 of a mixed tree; `lamina bench` turns card0 by
#                   3 degrees a frame and lowers the tree inside each frame

FEATURE_SIZE = (1280, 720)
PALETTE = ["#FF3B30", "#FF9500", "#FFCC00", "#34C759", "#5AC8FA", "#007AFF", "#5856D6", "#AF52DE"]
GRADIENT = {"linearGradient": {"size": [256, 256], "colors": ["#FF3B30", "#FFCC00", "#34C759", "#007AFF"],
                               "start": [0, 0], "end": [1, 1]}}
SOFT_DISC = {"radialGradient": {"size": [256, 256], "colors": ["#FFFFFF", "#FFFFFF", "#FFFFFF00"],
                                "center": [0.5, 0.5], "radius": 0.5}}
BUTTON = {"radialGradient": {"size": [48, 48], "colors": ["#5AC8FA", "#007AFF", "#004080", "#00000000"],
                             "center": [0.5, 0.5], "radius": 0.72}}


def tile_frames():
    """A 4x3 grid of 280x200 tiles."""
    return [[40 + c * 305, 40 + r * 225, 280, 200] for r in range(3) for c in range(4)]


def solid(frame, color, radius=0):
    return {"frame": [number(v) for v in frame], "backgroundColor": color, "cornerRadius": number(radius)}


def feature(name, layers, version=1):
    w, h = FEATURE_SIZE
    return scene(w, h, f"the '{name}' feature scene of `lamina bench --suite standard`", layers, version)


def mask_tiles():
    return [{"name": f"tile{i}", "frame": f, "contents": GRADIENT,
             "mask": {"frame": [0, 0, 280, 200], "contents": SOFT_DISC},
             "sublayers": [solid([30, 30, 120, 90], PALETTE[i % 8], 20)]}
            for i, f in enumerate(tile_frames())]


def opacity_groups():
    return [{"name": f"group{i}", "frame": f, "opacity": 0.5,
             "sublayers": [solid([k * 40, k * 40 * 0.6, 160, 100], PALETTE[(i + k) % 8], 16) for k in range(4)]}
            for i, f in enumerate(tile_frames())]


def raster_groups():
    groups = []
    for i, f in enumerate(tile_frames()):
        chips = []
        for k in range(20):
            chip = card(None, 10 + (k % 5) * 54, 12 + (k // 5) * 46, 44, 32, 8, 3)
            del chip["name"]
            chip["backgroundColor"] = PALETTE[(i + k) % 8]
            chips.append(chip)
        groups.append({"name": f"raster{i}", "frame": f, "shouldRasterize": True,
                       "backgroundColor": "#FFFFFF", "cornerRadius": 12, "sublayers": chips})
    return groups


def content_shadows():
    return [{"name": f"blob{i}", "frame": [x + 40, y + 20, w - 80, h - 40], "contents": SOFT_DISC,
             "shadowOpacity": 0.6, "shadowOffset": [0, 6], "shadowRadius": 2 + 2 * (i % 4),
             "sublayers": [solid([0, 0, 60, 60], PALETTE[i % 8], 30)]}
            for i, (x, y, w, h) in enumerate(tile_frames())]


def nine_slice():
    return [{"name": f"button{i}",
             "frame": [20 + (i % 8) * 155, 20 + (i // 8) * 140, 80 + (i % 5) * 40, 40 + (i % 3) * 30],
             "contents": BUTTON, "contentsCenter": [0.45, 0.45, 0.1, 0.1]} for i in range(40)]


def planes_3d():
    stages = []
    for i in range(6):
        planes = []
        for k in range(3):
            plane = {"name": f"plane{k}", "bounds": [0, 0, 200, 200], "position": [190, 160],
                     "backgroundColor": PALETTE[(i + 3 * k) % 8] + "CC"}
            if k == 0:
                plane["contents"] = GRADIENT
            else:
                plane["transform"] = f"rotateY({60 * k}deg)"
            planes.append(plane)
        # CSS lists apply right to left: rotateY first, then rotateX.
        space = {"type": "transformLayer", "bounds": [0, 0, 380, 320], "position": [190, 160],
                 "transform": f"rotateX(-20deg) rotateY({20 + 10 * i}deg)", "sublayers": planes}
        stages.append({"name": f"stage{i}", "frame": [40 + (i % 3) * 410, 40 + (i // 3) * 340, 380, 320],
                       "sublayerTransform": "perspective(600px)", "sublayers": [space]})
    return stages


def gradient_layers():
    w, h = FEATURE_SIZE
    layers = [{"name": "backdrop", "type": "gradientLayer", "frame": [0, 0, w, h],
               "colors": ["#F2F2F7", "#C7C7CC"], "startPoint": [0, 0], "endPoint": [1, 1]}]
    for i, f in enumerate(tile_frames()):
        kind = ["axial", "radial", "conic"][i % 3]
        layers.append({"name": f"gradient{i}", "type": "gradientLayer", "frame": f, "cornerRadius": 16,
                       "gradientType": kind,
                       "colors": [PALETTE[i % 8], PALETTE[(i + 3) % 8], PALETTE[(i + 5) % 8]],
                       "locations": [0, 0.45, 1],
                       "startPoint": [0, 0] if kind == "axial" else [0.5, 0.5], "endPoint": [1, 1]})
    return layers


def animation():
    layers = []
    for i in range(60):
        c = card(f"card{i}", 30 + (i % 10) * 122, 30 + (i // 10) * 84, 100, 64, 10, 4)
        c["contents"] = "test-image.png"
        c["minificationFilter"] = "trilinear"
        if i == 0:
            c["masksToBounds"] = True
        layers.append(c)
    for group in raster_groups()[:2]:
        group["frame"][1] += 480
        layers.append(group)
    tile = mask_tiles()[2]
    tile["frame"] = [1000 - 140, 620 - 100, 280, 200]
    blob = content_shadows()[3]
    blob["frame"] = [780 - 100, 620 - 80, 200, 160]
    return layers + [tile, blob]


def memory_cards():
    """M-cards: 16,000 of S1-frac's kind of card (100 x 60, radius 8, a soft
    shadow) at random positions to thousandths of a point (LCG seed 16000:
    x then y per card), so no two share a sub-pixel phase."""
    rng = LCG(16000)
    layers = []
    for _ in range(16000):
        x, y = round(rng.next() * 1820, 3), round(rng.next() * 1020, 3)
        layers.append({"frame": [x, y, 100, 60], "backgroundColor": "#FFFFFF", "cornerRadius": 8,
                       "shadowOpacity": 0.3, "shadowRadius": 6, "shadowOffset": [0, 3]})
    return scene(1920, 1080, "M-cards of docs/bench-scenes.md: 16,000 shadowed cards at random sub-pixel positions",
                 layers)


def memory_shapes():
    """M-shapes: S4's 1000 shape layers 16 times over, each copy's layers at
    random positions to hundredths of a point (LCG seed 16001: x then y)."""
    rng = LCG(16001)
    base = s4()["layers"]
    layers = []
    for k in range(16):
        for layer in base:
            copy = dict(layer)
            frame = list(copy["frame"])
            frame[0], frame[1] = round(rng.next() * 1880, 2), round(rng.next() * 1040, 2)
            copy["frame"], copy["name"] = frame, f"{layer['name']}-{k}"
            layers.append(copy)
    return scene(1920, 1080, "M-shapes of docs/bench-scenes.md: S4's 1000 shape layers 16 times at random positions",
                 layers, version=2)


def memory_files():
    """The two memory scenes (about 6 MB together, so written on request,
    `--memory`, and never committed)."""
    return {"M-cards.json": text(memory_cards()).encode(), "M-shapes.json": text(memory_shapes()).encode()}


def files():
    out = {"S1.json": s1(), "S1-frac.json": s1_frac()}
    for sigma in (2, 4, 8, 32):
        out[f"S2-sigma{sigma}.json"] = s2(sigma)
    for f in ("nearest", "linear", "trilinear"):
        out[f"S3-{f}.json"] = s3(f)
    out["S4.json"] = s4()
    out["S5.json"] = s5()
    out["S6.json"] = s6()
    out["S6-one.json"] = s6(one=True)
    out["S7.json"] = s7()
    out["S7-flat.json"] = s7_flat()
    out["S8.json"] = s8()
    out["S8-none.json"] = s8(blend=False)
    out["S10.json"] = s10()
    for name, layers in [("mask", mask_tiles()), ("group-opacity", opacity_groups()),
                         ("rasterize", raster_groups()), ("shadow-content", content_shadows()),
                         ("nine-slice", nine_slice()), ("planes-3d", planes_3d()),
                         ("animation", animation())]:
        out[f"{name}.json"] = feature(name, layers)
    out["gradients.json"] = feature("gradients", gradient_layers(), version=2)
    data = {name: text(s).encode() for name, s in out.items()}
    data["test-image.png"] = png_rgb(test_image())
    return data


def main(argv):
    check = "--check" in argv
    if "--memory" in argv:
        args = [a for a in argv if a != "--memory"]
        folder = args[0] if args else "."
        os.makedirs(folder, exist_ok=True)
        for name, data in memory_files().items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        print(f"wrote M-cards.json and M-shapes.json to {folder}")
        return 0
    args = [a for a in argv if a != "--check"]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    folder = args[0] if args else os.path.join(root, "Tests", "Scenes", "bench")
    os.makedirs(folder, exist_ok=True)
    stale = []
    for name, data in files().items():
        path = os.path.join(folder, name)
        if check:
            if not os.path.exists(path) or open(path, "rb").read() != data:
                stale.append(name)
        else:
            with open(path, "wb") as f:
                f.write(data)
    if check:
        print("stale: " + ", ".join(stale) if stale else "up to date")
        return 1 if stale else 0
    print(f"wrote {len(files())} files to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
