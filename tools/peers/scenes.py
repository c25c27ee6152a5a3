"""The peer benchmark scenes S1 to S5 of docs/bench-scenes.md, read from
the scene files `lamina bench` reads (Tests/Scenes/bench, written once by
tools/bench-scenes/generate.py, which documents the layouts' LCG). Nothing
here builds a layout: a peer draws the same bytes Lamina draws.

Only what the peer scenes use is read (frames, corner radii, the card's
fixed style, the shadow's sigma, the image and its filter; S4's paths,
fill and stroke colours, widths, round joins and dashes; S5's gradient
types, colours and points); anything else in a file is refused, and so is
a value the peers do not draw (a join other than round, a translucent
gradient colour), so a scene that grows a feature the peers do not draw
fails loudly instead of being timed wrong.
"""
import json
import os

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Scenes", "bench")
PEERS = ["S1", "S2-sigma2", "S2-sigma8", "S2-sigma32", "S3-nearest", "S3-linear", "S3-trilinear", "S4", "S5"]
PATH_KEYS = {"name", "type", "frame", "path", "fillColor", "strokeColor", "lineWidth", "lineJoin", "lineDashPattern"}
GRADIENT_KEYS = {"name", "type", "frame", "cornerRadius", "gradientType", "colors", "startPoint", "endPoint"}
CARD_STYLE = {"backgroundColor": "#FFFFFF", "borderWidth": 2, "borderColor": "#333333",
              "shadowOpacity": 0.5, "shadowColor": "#000000", "shadowOffset": [0, 4]}
CARD_KEYS = {"name", "frame", "cornerRadius", "shadowRadius", *CARD_STYLE}
IMAGE_KEYS = {"name", "frame", "contents", "minificationFilter", "magnificationFilter"}

BORDER = (51, 51, 51)  # #333333
SHADOW_OFFSET = (0.0, 4.0)
SHADOW_ALPHA = 0.5


def hex_rgb(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def opaque_rgb(name, layer, text):
    """An opaque "#RRGGBB" colour as (r, g, b) in 0..255."""
    if not (isinstance(text, str) and len(text) == 7 and text.startswith("#")):
        raise ValueError(f"{name}: {layer.get('name')}: the peers draw opaque #RRGGBB colours, not {text!r}")
    return hex_rgb(text)


def paths(name, layers):
    """S4's shape layers as (x, y, w, h, svg, fill, stroke, width, dash):
    fill and stroke (r, g, b) or None; dash a list of lengths or None. The
    stroke's join is round and its cap butt (checked)."""
    out = []
    for layer in layers:
        extra = set(layer) - PATH_KEYS
        if extra or layer.get("type") != "shapeLayer" or set(layer["path"]) != {"svg"}:
            raise ValueError(f"{name}: {layer.get('name')} is not a peer path ({sorted(extra)})")
        fill = layer.get("fillColor", "#000000")  # the format's default fill is opaque black
        stroke = layer.get("strokeColor")
        if stroke is not None and layer.get("lineJoin") != "round":
            raise ValueError(f"{name}: {layer.get('name')}: the peers stroke with round joins only")
        out.append((*layer["frame"], layer["path"]["svg"],
                    None if fill is None else opaque_rgb(name, layer, fill),
                    None if stroke is None else opaque_rgb(name, layer, stroke),
                    float(layer.get("lineWidth", 1)), layer.get("lineDashPattern")))
    return out


def gradients(name, layers):
    """S5's gradient layers as (x, y, w, h, radius, type, colours, start,
    end): colours opaque (r, g, b), evenly spaced; points in unit
    coordinates of the bounds, as the format gives them."""
    out = []
    for layer in layers:
        extra = set(layer) - GRADIENT_KEYS
        if extra or layer.get("type") != "gradientLayer":
            raise ValueError(f"{name}: {layer.get('name')} is not a peer gradient ({sorted(extra)})")
        colors = [opaque_rgb(name, layer, c) for c in layer["colors"]]
        if len(colors) < 2:
            raise ValueError(f"{name}: {layer.get('name')}: the peers draw two colours or more")
        out.append((*layer["frame"], layer.get("cornerRadius", 0), layer.get("gradientType", "axial"), colors,
                    tuple(layer.get("startPoint", [0.5, 0])), tuple(layer.get("endPoint", [0.5, 1]))))
    return out


def load(name):
    """The scene `name` as (width, height, background RGB, kind, items, image):
    kind "cards" with items (x, y, w, h, radius, sigma); "images" with
    items (x, y, w, h) and the image path and filters in `image`; "paths"
    (S4) and "gradients" (S5) with the items of `paths` and `gradients`."""
    with open(os.path.join(FOLDER, name + ".json")) as f:
        scene = json.load(f)
    canvas = scene["canvas"]
    if canvas.get("scale", 1) != 1:
        raise ValueError(f"{name}: the peers draw at scale 1")
    layers = scene["layers"]
    background = hex_rgb(canvas["background"])
    if all(layer.get("type") == "shapeLayer" for layer in layers):
        return canvas["width"], canvas["height"], background, "paths", paths(name, layers), None
    if all(layer.get("type") == "gradientLayer" for layer in layers):
        return canvas["width"], canvas["height"], background, "gradients", gradients(name, layers), None
    if all("contents" not in layer for layer in layers):
        cards = []
        for layer in layers:
            extra = set(layer) - CARD_KEYS
            if extra or any(layer.get(k) != v for k, v in CARD_STYLE.items()):
                raise ValueError(f"{name}: {layer.get('name')} is not a peer card ({sorted(extra)})")
            cards.append((*layer["frame"], layer["cornerRadius"], layer["shadowRadius"]))
        return canvas["width"], canvas["height"], background, "cards", cards, None
    rects, images = [], set()
    for layer in layers:
        extra = set(layer) - IMAGE_KEYS
        if extra:
            raise ValueError(f"{name}: {layer.get('name')} has keys the peers do not draw: {sorted(extra)}")
        rects.append(tuple(layer["frame"]))
        images.add((layer["contents"], layer["minificationFilter"], layer["magnificationFilter"]))
    if len(images) != 1:
        raise ValueError(f"{name}: the peers draw one image with one filter, not {sorted(images)}")
    path, minification, magnification = images.pop()
    image = (os.path.join(FOLDER, path), minification, magnification)
    return canvas["width"], canvas["height"], background, "images", rects, image
