"""The peer benchmark scenes S1, S2 and S3 of docs/bench-scenes.md, read from
the scene files `lamina bench` reads (Tests/Scenes/bench, written once by
tools/bench-scenes/generate.py, which documents the layouts' LCG). Nothing
here builds a layout: a peer draws the same bytes Lamina draws.

Only what the peer scenes use is read (frames, corner radii, the card's
fixed style, the shadow's sigma, the image and its filter); anything else
in a file is refused, so a scene that grows a feature the peers do not
draw fails loudly instead of being timed wrong.
"""
import json
import os

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Scenes", "bench")
PEERS = ["S1", "S2-sigma2", "S2-sigma8", "S2-sigma32", "S3-nearest", "S3-linear", "S3-trilinear"]
CARD_STYLE = {"backgroundColor": "#FFFFFF", "borderWidth": 2, "borderColor": "#333333",
              "shadowOpacity": 0.5, "shadowColor": "#000000", "shadowOffset": [0, 4]}
CARD_KEYS = {"name", "frame", "cornerRadius", "shadowRadius", *CARD_STYLE}
IMAGE_KEYS = {"name", "frame", "contents", "minificationFilter", "magnificationFilter"}

BORDER = (51, 51, 51)  # #333333
SHADOW_OFFSET = (0.0, 4.0)
SHADOW_ALPHA = 0.5


def hex_rgb(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def load(name):
    """The scene `name` as (width, height, background RGB, kind, items):
    kind "cards" with items (x, y, w, h, radius, sigma), or "images" with
    items (x, y, w, h) and the image path and filter in `load.image`."""
    with open(os.path.join(FOLDER, name + ".json")) as f:
        scene = json.load(f)
    canvas = scene["canvas"]
    if canvas.get("scale", 1) != 1:
        raise ValueError(f"{name}: the peers draw at scale 1")
    layers = scene["layers"]
    background = hex_rgb(canvas["background"])
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
