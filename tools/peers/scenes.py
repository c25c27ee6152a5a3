"""The peer benchmark scenes S1 to S5 and S8 of docs/bench-scenes.md, read from
the scene files `lamina bench` reads (Tests/Scenes/bench, written once by
tools/bench-scenes/generate.py, which documents the layouts' LCG). Nothing
here builds a layout: a peer draws the same bytes Lamina draws.

Only what the peer scenes use is read (frames, corner radii, the card's
fixed style, the shadow's sigma, the image and its filter; S4's paths,
fill and stroke colours, widths, round joins and dashes; S5's gradient
types, colours and points; S8's backdrop image and its cards: frame,
corner radius, solid or two-colour axial gradient fill, opacity, border
and blend mode); anything else in a file is refused, and so is a value the
peers do not draw (a join other than round, a translucent gradient colour
in S5, a blend mode other than the fifteen), so a scene that grows a
feature the peers do not draw fails loudly instead of being timed wrong.
"""
import collections
import json
import os

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Scenes", "bench")
PEERS = ["S1", "S1-frac", "S2-sigma2", "S2-sigma8", "S2-sigma32", "S3-nearest", "S3-linear", "S3-trilinear", "S4", "S5",
         "S8", "S8-none"]
PATH_KEYS = {"name", "type", "frame", "path", "fillColor", "strokeColor", "lineWidth", "lineJoin", "lineDashPattern"}
GRADIENT_KEYS = {"name", "type", "frame", "cornerRadius", "gradientType", "colors", "startPoint", "endPoint"}
CARD_STYLE = {"backgroundColor": "#FFFFFF", "borderWidth": 2, "borderColor": "#333333",
              "shadowOpacity": 0.5, "shadowColor": "#000000", "shadowOffset": [0, 4]}
CARD_KEYS = {"name", "frame", "cornerRadius", "shadowRadius", *CARD_STYLE}
IMAGE_KEYS = {"name", "frame", "contents", "minificationFilter", "magnificationFilter"}
BLEND_CARD_KEYS = {"name", "frame", "cornerRadius", "opacity", "borderWidth", "borderColor", "compositingFilter"}
BLEND_FILL_KEYS = {"layer": {"backgroundColor"}, "gradientLayer": {"colors", "startPoint", "endPoint"}}
# compositingFilter's names (docs/scene-format.md) and the W3C Compositing
# and Blending Level 1 mode each names (SkBlendMode's kMultiply ... kLuminosity).
BLEND_MODES = {f"{m}BlendMode": m for m in (
    "multiply", "screen", "overlay", "darken", "lighten", "colorDodge", "colorBurn", "hardLight", "softLight",
    "difference", "exclusion", "hue", "saturation", "color", "luminosity")}

# One S8 card: frame, corner radius; fill ("solid", (r, g, b, a)) or
# ("axial", [(r, g, b, a), ...] evenly spaced, start, end in unit
# coordinates); opacity; border width and (r, g, b, a) (width 0: none);
# mode, a value of BLEND_MODES or None (source-over). Colours 0..255,
# straight alpha.
BlendCard = collections.namedtuple("BlendCard", "x y w h radius fill opacity border_width border mode")

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


def rgba(name, layer, text):
    """A "#RRGGBB" or "#RRGGBBAA" colour as (r, g, b, a) in 0..255."""
    if not (isinstance(text, str) and len(text) in (7, 9) and text.startswith("#")):
        raise ValueError(f"{name}: {layer.get('name')}: the peers draw #RRGGBB(AA) colours here, not {text!r}")
    return (*hex_rgb(text), int(text[7:9], 16) if len(text) == 9 else 255)


def blend(name, canvas, layers):
    """S8 (and S8-none): a backdrop image over the whole canvas, then cards,
    each one BlendCard. Returns (cards, (image path, minification,
    magnification, backdrop frame))."""
    backdrop, cards = layers[0], []
    if set(backdrop) - IMAGE_KEYS or backdrop["frame"] != [0, 0, canvas["width"], canvas["height"]]:
        raise ValueError(f"{name}: the backdrop is one image over the whole canvas, not {backdrop}")
    image = (os.path.join(FOLDER, backdrop["contents"]), backdrop.get("minificationFilter", "linear"),
             backdrop.get("magnificationFilter", "linear"), tuple(backdrop["frame"]))
    for layer in layers[1:]:
        kind = layer.get("type", "layer")
        extra = set(layer) - BLEND_CARD_KEYS - BLEND_FILL_KEYS.get(kind, set()) - {"type"}
        if extra or kind not in BLEND_FILL_KEYS:
            raise ValueError(f"{name}: {layer.get('name')} is not a peer blend card ({kind}, {sorted(extra)})")
        if kind == "layer":
            fill = ("solid", rgba(name, layer, layer.get("backgroundColor")))
        else:
            colors = [rgba(name, layer, c) for c in layer["colors"]]
            if len(colors) < 2:
                raise ValueError(f"{name}: {layer.get('name')}: the peers draw two colours or more")
            fill = ("axial", colors, tuple(layer.get("startPoint", [0.5, 0])), tuple(layer.get("endPoint", [0.5, 1])))
        mode = layer.get("compositingFilter")
        if mode is not None and mode not in BLEND_MODES:
            raise ValueError(f"{name}: {layer.get('name')}: the peers draw the 15 blend modes, not {mode!r}")
        opacity = float(layer.get("opacity", 1))
        if not 0 <= opacity <= 1:
            raise ValueError(f"{name}: {layer.get('name')}: opacity {opacity}")
        border_width = float(layer.get("borderWidth", 0))
        border = rgba(name, layer, layer.get("borderColor", "#000000")) if border_width > 0 else None
        if border is not None and border[3] != 255:
            raise ValueError(f"{name}: {layer.get('name')}: the peers draw opaque borders only")
        x, y, w, h = layer["frame"]
        cards.append(BlendCard(x, y, w, h, min(float(layer.get("cornerRadius", 0)), min(w, h) / 2), fill, opacity,
                               border_width, border, None if mode is None else BLEND_MODES[mode]))
    return cards, image


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
    (S4) and "gradients" (S5) with the items of `paths` and `gradients`;
    "blend" (S8, S8-none) with BlendCards and in `image` the backdrop's
    path, filters and frame."""
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
    if len(layers) > 1 and "contents" in layers[0] and all("contents" not in layer for layer in layers[1:]):
        cards, image = blend(name, canvas, layers)
        return canvas["width"], canvas["height"], background, "blend", cards, image
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
