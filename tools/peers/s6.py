"""S6 "animation" of docs/bench-scenes.md for the peers, built from the
definition's text: S1's 1000 cards (read from Tests/Scenes/bench/S1.json,
as every peer reads S1), 20 of them (row-major index k = 25 + 50 i)
animated for 2 s at 60 frames/s in position (by dx, dy from the LCG seeded
606, easeInEaseOut), rotation about the centre (one turn), opacity (1 to
0.4, the card and its shadow together), shadow offset ((0, 4) to (0, 16))
and shadow radius (S1's to twice it), all linear but the position.
`S6-one`: only card 25, only its position.

Two documents come out of one layout:

- `lottie(variant)`: a Lottie (Bodymovin) animation for ThorVG, one shape
  layer per card with a Drop Shadow effect (`ty` 25);
- `lamina_scene(variant)`: the same animation as a Lamina scene, so the
  peer's frames can be checked against Lamina's (`check_s6.py`) even on a
  branch whose `lamina bench` has no S6 yet.

How the Lottie says what Core Animation says, and where it cannot:

- position: the layer's `p` keyframed from the card's centre to centre +
  (dx, dy) with the keyframe easing `o` (0.42, 0) / `i` (0.58, 1), which is
  CSS's and Core Animation's `cubic-bezier(0.42, 0, 0.58, 1)`;
- rotation: `r` from 0 to 360 degrees, linear, about the anchor `a` = the
  card's centre (Core Animation's default anchorPoint (0.5, 0.5));
- opacity: the layer's `o` from 100 to 40: ThorVG composes a layer (its
  shapes and its effects) as one picture, so this is group opacity;
- the card: a rounded-rect fill (120×80, radius 12), and the inner 2 px
  border as a 2-wide stroke of the rect inset by 1 (118×78, radius 11),
  whose outer edge is the card's edge and inner radius 10, as
  `borderWidth` draws it;
- the shadow: Lottie's Drop Shadow takes a direction (degrees clockwise
  from up) and a distance instead of an offset, so (0, y) is direction 180
  and distance y; its opacity is 0…255 (127.5 is Core Animation's 0.5);
  its softness is not a standard deviation: ThorVG uses σ = 0.3 ×
  softness (`BLUR_TO_SIGMA`), so softness = shadowRadius / 0.3 (Lamina's
  shadowRadius is σ, docs/scene-format.md). The shadow is the layer's
  content blurred, as Core Animation's is without a shadowPath.

Frame n is Lottie frame n at 60 frames/s: progress n / 120, as t = n / 60
over a 2 s animation.
"""
import json
import math
import os

import lottie_values as L
import scenes as S

DURATION = 2.0
FPS = 60
FRAMES = 120
SEED = 606
SOFTNESS_PER_SIGMA = 1 / 0.225  # measured: ThorVG 1.0.4 blurs by about 0.225 × softness
EASE_IN_EASE_OUT = (0.42, 0.0, 0.58, 1.0)
VARIANTS = ["S6", "S6-one"]


def lcg(seed):
    """The bench scenes' generator: state = (1664525 state + 1013904223) mod 2^32, u = state / 2^32."""
    state = seed
    while True:
        state = (1664525 * state + 1013904223) % 2 ** 32
        yield state / 2 ** 32


def layout(variant="S6"):
    """(width, height, background, cards, moves): cards as S1's (x, y, w, h,
    radius, sigma); moves maps an animated card's index k to (dx, dy)."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown S6 variant {variant}; variants: {', '.join(VARIANTS)}")
    width, height, background, kind, cards, _ = S.load("S1")
    assert kind == "cards" and len(cards) == 1000
    u = lcg(SEED)
    moves = {}
    for i in range(20):
        k = 25 + 50 * i
        dx = (next(u) * 2 - 1) * 80
        dy = (next(u) * 2 - 1) * 40
        moves[k] = (dx, dy)
    if variant == "S6-one":
        moves = {25: moves[25]}
    return width, height, background, cards, moves


def _static(v):
    return L.static(v)


def _linear(v0, v1):
    return L.linear(v0, v1, FRAMES)


def _card_layer(index, k, card, move, full):
    x, y, w, h, radius, sigma = card
    cx, cy = x + w / 2, y + h / 2
    animated = move is not None
    if animated:
        dx, dy = move
        c1x, c1y, c2x, c2y = EASE_IN_EASE_OUT
        position = {"a": 1, "k": [
            {"t": 0, "s": [cx, cy, 0], "o": {"x": c1x, "y": c1y}, "i": {"x": c2x, "y": c2y},
             "to": [0, 0, 0], "ti": [0, 0, 0]},
            {"t": FRAMES, "s": [cx + dx, cy + dy, 0]}]}
    else:
        position = _static([cx, cy, 0])
    spin = animated and full
    shadow = [
        {"ty": 2, "nm": "Shadow Color", "v": _static([0, 0, 0, 1])},
        {"ty": 0, "nm": "Opacity", "v": _static(S.SHADOW_ALPHA * 255)},
        {"ty": 0, "nm": "Direction", "v": _static(180)},
        {"ty": 0, "nm": "Distance", "v": _linear(4, 16) if spin else _static(S.SHADOW_OFFSET[1])},
        {"ty": 0, "nm": "Softness",
         "v": _linear(sigma * SOFTNESS_PER_SIGMA, 2 * sigma * SOFTNESS_PER_SIGMA) if spin
         else _static(sigma * SOFTNESS_PER_SIGMA)},
        {"ty": 7, "nm": "Shadow Only", "v": _static(0)},
    ]
    assert S.SHADOW_OFFSET[0] == 0
    group_transform = {"ty": "tr", "p": _static([0, 0]), "a": _static([0, 0]), "s": _static([100, 100]),
                       "r": _static(0), "o": _static(100)}
    border = tuple(c / 255 for c in S.BORDER)
    return {
        "ddd": 0, "ind": index, "ty": 4, "nm": f"card{k}", "sr": 1, "ip": 0, "op": FRAMES, "st": 0, "bm": 0,
        "ks": {"o": _linear(100, 40) if spin else _static(100),
               "r": _linear(0, 360) if spin else _static(0),
               "p": position, "a": _static([w / 2, h / 2, 0]), "s": _static([100, 100, 100])},
        "shapes": [  # the first shape is on top
            {"ty": "gr", "nm": "border", "it": [
                {"ty": "rc", "d": 1, "s": _static([w - 2, h - 2]), "p": _static([w / 2, h / 2]),
                 "r": _static(radius - 1)},
                {"ty": "st", "c": _static([*border, 1]), "o": _static(100), "w": _static(2), "lc": 2, "lj": 1,
                 "ml": 4},
                group_transform]},
            {"ty": "gr", "nm": "card", "it": [
                {"ty": "rc", "d": 1, "s": _static([w, h]), "p": _static([w / 2, h / 2]), "r": _static(radius)},
                {"ty": "fl", "c": _static([1, 1, 1, 1]), "o": _static(100), "r": 1},
                group_transform]},
        ],
        "ef": [{"ty": 25, "nm": "Drop Shadow", "np": 8, "en": 1, "ef": shadow}],
    }


def lottie(variant="S6"):
    """The Lottie document (a dict) of `variant`."""
    width, height, background, cards, moves = layout(variant)
    full = variant == "S6"
    layers, assets = [], []
    # Lottie draws its first layer on top; Lamina draws its last sublayer on top.
    for k in reversed(range(len(cards))):
        card = _card_layer(len(layers) + 1, k, cards[k], moves.get(k), full)
        if k in moves and full:
            # Group opacity: the card and its shadow composed first, then
            # faded together, as a precomposition (ThorVG fades a shape
            # layer's content and its Drop Shadow separately: the shadow
            # shows through the faded card).
            opacity, card["ks"]["o"] = card["ks"]["o"], _static(100)
            card["ind"] = 1
            assets.append({"id": f"card{k}", "layers": [card]})
            layers.append({"ddd": 0, "ind": len(layers) + 1, "ty": 0, "nm": f"card{k} group", "refId": f"card{k}",
                           "sr": 1, "ip": 0, "op": FRAMES, "st": 0, "bm": 0, "w": width, "h": height,
                           "ks": {"o": opacity, "r": _static(0), "p": _static([0, 0, 0]), "a": _static([0, 0, 0]),
                                  "s": _static([100, 100, 100])}})
        else:
            layers.append(card)
    layers.append({"ddd": 0, "ind": len(layers) + 1, "ty": 1, "nm": "background", "sr": 1, "ip": 0, "op": FRAMES,
                   "st": 0, "bm": 0, "sc": "#%02x%02x%02x" % background, "sw": width, "sh": height,
                   "ks": {"o": _static(100), "r": _static(0), "p": _static([0, 0, 0]), "a": _static([0, 0, 0]),
                          "s": _static([100, 100, 100])}})
    return {"v": "5.7.0", "nm": variant, "fr": FPS, "ip": 0, "op": FRAMES, "w": width, "h": height, "ddd": 0,
            "assets": assets, "layers": layers}


def lamina_scene(variant="S6"):
    """The same animation as a Lamina scene (a dict), from the definition."""
    width, height, background, cards, moves = layout(variant)
    full = variant == "S6"
    layers = []
    for k, (x, y, w, h, radius, sigma) in enumerate(cards):
        layer = {"name": f"card{k}", "frame": [x, y, w, h], "cornerRadius": radius,
                 **S.CARD_STYLE, "shadowRadius": sigma}
        if k in moves:
            dx, dy = moves[k]
            common = {"beginTime": 0, "duration": DURATION}
            layer["animations"] = [{"type": "basic", "keyPath": "position", "byValue": [dx, dy],
                                    "timingFunction": "easeInEaseOut", **common}]
            if full:
                layer["animations"] += [
                    {"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 2 * math.pi,
                     **common},
                    {"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.4, **common},
                    {"type": "basic", "keyPath": "shadowOffset", "fromValue": [0, 4], "toValue": [0, 16], **common},
                    {"type": "basic", "keyPath": "shadowRadius", "fromValue": sigma, "toValue": 2 * sigma, **common},
                ]
        layers.append(layer)
    return {"_comment": f"{variant} of docs/bench-scenes.md, generated by tools/peers/s6.py", "format": "lamina-scene",
            "version": 2, "canvas": {"width": width, "height": height, "background": "#%02X%02X%02X" % background,
                                     "duration": DURATION, "frameRate": FPS},
            "layers": layers}


def agree_with_bench_file(variant="S6"):
    """When `lamina bench`'s own S6 file exists (Tests/Scenes/bench/S6.json,
    written by tools/bench-scenes/generate.py), refuses to go on unless it
    holds this layout: the same frames, the same animated cards with the
    same key paths, and the same position moves (to 1e-9). Returns False
    when there is no such file (a branch without it), True when it agrees."""
    path = os.path.join(S.FOLDER, variant + ".json")
    if not os.path.exists(path):
        return False
    with open(path) as f:
        theirs = json.load(f)["layers"]
    ours = lamina_scene(variant)["layers"]
    if len(theirs) != len(ours):
        raise ValueError(f"{path}: {len(theirs)} layers, s6.py makes {len(ours)}")
    for a, b in zip(theirs, ours):
        if a.get("frame") != b["frame"] or a.get("name") != b["name"]:
            raise ValueError(f"{path}: {a.get('name')} differs from s6.py's {b['name']} ({a.get('frame')} vs {b['frame']})")
        keys_a = [x["keyPath"] for x in a.get("animations", [])]
        keys_b = [x["keyPath"] for x in b.get("animations", [])]
        if keys_a != keys_b:
            raise ValueError(f"{path}: {a['name']} animates {keys_a}, s6.py {keys_b}")
        for x, y in zip(a.get("animations", []), b.get("animations", [])):
            if x["keyPath"] == "position" and any(abs(p - q) > 1e-9 for p, q in zip(x["byValue"], y["byValue"])):
                raise ValueError(f"{path}: {a['name']} moves by {x['byValue']}, s6.py by {y['byValue']}")
    return True


if __name__ == "__main__":
    import sys
    folder = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(folder, exist_ok=True)
    for v in VARIANTS:
        with open(os.path.join(folder, f"{v}.lottie.json"), "w") as f:
            json.dump(lottie(v), f)
        with open(os.path.join(folder, f"{v}.json"), "w") as f:
            json.dump(lamina_scene(v), f)
        print(f"wrote {folder}/{v}.lottie.json and {folder}/{v}.json")
