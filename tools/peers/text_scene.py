"""S7 "text" and S7-flat of docs/bench-scenes.md for the text peers, read
from the files `lamina bench` reads (Tests/Scenes/bench), with what they
mean in pixels computed once here for every peer:

- each text box: frame, string, the font file fontconfig resolves for its
  family (`fc-match -f '%{file}'`, what Lamina opens), size in px (a
  scene point is a pixel at scale 1), colour; wrapped, natural alignment;
- each turned card: its frame, corner radius, background, its text box in
  the card's bounds space, and the 3x3 projective matrix taking the card's
  bounds space (z = 0) to the canvas: the card's `transform` (CSS
  functions, composed left to right, so the last acts first) about its
  anchor point, the centre, placed at its position.

Anything else in the file is refused, so a scene that grows a feature the
peers do not draw fails loudly instead of being timed wrong.

Rejected: each peer reading the JSON itself (four copies of the transform
composition, free to drift).
"""
import functools
import json
import math
import os
import re
import subprocess

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Scenes", "bench")
TEXT_KEYS = {"name", "type", "frame", "string", "font", "fontSize", "foregroundColor", "isWrapped"}
CARD_KEYS = {"name", "bounds", "position", "backgroundColor", "cornerRadius", "transform", "sublayers"}


@functools.lru_cache(maxsize=None)
def font_file(family):
    """The file fontconfig resolves for `family` (the one Lamina opens)."""
    out = subprocess.run(["fc-match", "-f", "%{file}", family], check=True, stdout=subprocess.PIPE)
    return out.stdout.decode()


def rgb(text):
    if not (isinstance(text, str) and len(text) == 7 and text.startswith("#")):
        raise ValueError(f"the text peers draw opaque #RRGGBB colours, not {text!r}")
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def text_box(scene, layer):
    extra = set(layer) - TEXT_KEYS
    if extra or layer.get("type") != "textLayer" or layer.get("isWrapped") is not True:
        raise ValueError(f"{scene}: {layer.get('name')} is not a peer text box ({sorted(extra)})")
    if not isinstance(layer.get("string"), str):
        raise ValueError(f"{scene}: {layer.get('name')}: the peers draw plain strings")
    x, y, w, h = layer["frame"]
    return {"x": x, "y": y, "w": w, "h": h, "text": layer["string"], "family": layer["font"],
            "file": font_file(layer["font"]), "size": float(layer["fontSize"]),
            "color": rgb(layer.get("foregroundColor", "#FFFFFF"))}


def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def css_matrix(transform):
    """The 4x4 matrix (column vectors, y down) of `perspective(Lpx)`,
    `rotateX(Adeg)`, `rotateY(Adeg)` functions, composed left to right."""
    m = [[float(i == j) for j in range(4)] for i in range(4)]
    for name, value, unit in re.findall(r"(\w+)\(\s*([-+0-9.eE]+)\s*(px|deg)?\s*\)", transform):
        v = float(value)
        if name == "perspective" and unit == "px":
            f = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, -1 / v, 1]]
        elif name in ("rotateX", "rotateY") and unit == "deg":
            c, s = math.cos(math.radians(v)), math.sin(math.radians(v))
            f = ([[1, 0, 0, 0], [0, c, -s, 0], [0, s, c, 0], [0, 0, 0, 1]] if name == "rotateX"
                 else [[c, 0, s, 0], [0, 1, 0, 0], [-s, 0, c, 0], [0, 0, 0, 1]])
        else:
            raise ValueError(f"transform function {name}({value}{unit}) is not one the text peers draw")
        m = matmul(m, f)
    return m


def card_homography(x, y, w, h, transform):
    """3x3 (rows) taking the card's bounds point (u, v, 1) to the canvas
    (homogeneous): move the anchor point (the centre) to the origin, the
    transform restricted to z = 0 (columns x, y, w of rows x, y, w), then
    move to the position (x + w/2, y + h/2)."""
    m = css_matrix(transform)
    cx, cy = x + w / 2, y + h / 2
    core = [[m[r][0], m[r][1], m[r][3]] for r in (0, 1, 3)]
    pre = [[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1]]
    post = [[1, 0, cx], [0, 1, cy], [0, 0, 1]]

    def mul(a, b):
        return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]
    return mul(post, mul(core, pre))


def invert3(m):
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
            [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
            [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]


def load(name):
    """(width, height, background RGB, flat boxes, cards) of S7 or S7-flat."""
    with open(os.path.join(FOLDER, name + ".json")) as f:
        scene = json.load(f)
    canvas = scene["canvas"]
    if canvas.get("scale", 1) != 1:
        raise ValueError(f"{name}: the peers draw at scale 1")
    boxes, cards = [], []
    for layer in scene["layers"]:
        if layer.get("type") == "textLayer":
            boxes.append(text_box(name, layer))
            continue
        extra = set(layer) - CARD_KEYS
        if extra or len(layer.get("sublayers", [])) != 1:
            raise ValueError(f"{name}: {layer.get('name')} is not a peer card ({sorted(extra)})")
        bx, by, w, h = layer["bounds"]
        if (bx, by) != (0, 0):
            raise ValueError(f"{name}: {layer.get('name')}: the peers draw cards whose bounds start at 0, 0")
        x, y = layer["position"][0] - w / 2, layer["position"][1] - h / 2  # anchor point: the centre
        cards.append({"x": x, "y": y, "w": w, "h": h, "radius": layer.get("cornerRadius", 0),
                      "color": rgb(layer["backgroundColor"]),
                      "matrix": card_homography(x, y, w, h, layer["transform"]),
                      "box": text_box(name, layer["sublayers"][0])})
    return canvas["width"], canvas["height"], rgb(canvas["background"]), boxes, cards
