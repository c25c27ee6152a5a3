"""A small feature detector over Lottie JSON: which layer types, shape
items, masks, mattes, blend modes, time remaps, 3D layers, expressions,
effects and text a sample uses (anywhere: root layers and precomp assets),
the census over lottie-ios's samples, and the development-sample proposal.
"""
import collections
import math
import os

LAYER_TYPES = {0: "precomp", 1: "solid", 2: "image", 3: "null", 4: "shape", 5: "text",
               6: "audio", 13: "camera"}
SHAPE_ITEMS = {"gr": "group", "rc": "rect", "el": "ellipse", "sr": "star", "sh": "path",
               "fl": "fill", "st": "stroke", "gf": "gradient-fill", "gs": "gradient-stroke",
               "tm": "trim", "rp": "repeater", "rd": "round-corners", "mm": "merge",
               "op": "offset-path", "pb": "pucker-bloat", "tw": "twist", "zz": "zigzag",
               "no": "no-style"}
MASK_MODES = {"a": "add", "s": "subtract", "i": "intersect", "f": "difference", "l": "lighten",
              "d": "darken", "n": "none"}
MATTES = {1: "alpha", 2: "alpha-inverted", 3: "luma", 4: "luma-inverted"}
BLEND_MODES = {1: "multiply", 2: "screen", 3: "overlay", 4: "darken", 5: "lighten",
               6: "color-dodge", 7: "color-burn", 8: "hard-light", 9: "soft-light",
               10: "difference", 11: "exclusion", 12: "hue", 13: "saturation", 14: "color",
               15: "luminosity", 16: "add", 17: "hard-mix"}
EFFECTS = {5: "custom", 20: "tint", 21: "fill", 22: "stroke", 23: "tritone", 24: "pro-levels",
           25: "drop-shadow", 26: "radial-wipe", 27: "displacement-map", 28: "matte3",
           29: "gaussian-blur", 30: "twirl", 31: "mesh-warp", 32: "wavy", 33: "spherize",
           34: "puppet"}

# the headline features, in the order the census prints them
MAIN = ["shape", "precomp", "solid", "image", "null", "text", "camera", "mask", "matte",
        "blend", "timeremap", "3d", "expression", "effect", "layer-style", "gradient",
        "trim", "repeater", "round-corners", "merge", "star", "dash", "offset-path",
        "zigzag", "pucker-bloat", "twist", "parenting", "auto-orient", "time-stretch"]
# the shape items that are headline features under their SHAPE_ITEMS name
HEADLINE_ITEMS = ("sr", "tm", "rp", "rd", "mm", "op", "zz", "pb", "tw")


def _has_expression(node):
    """True when any property object below node carries an expression "x"."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            if isinstance(n.get("x"), str) and ("k" in n or "a" in n):
                return True
            stack.extend(v for v in n.values() if isinstance(v, (dict, list)))
        elif isinstance(n, list):
            stack.extend(v for v in n if isinstance(v, (dict, list)))
    return False


def _shape_items(items, tags):
    for it in items or []:
        if not isinstance(it, dict):
            continue
        ty = it.get("ty")
        name = SHAPE_ITEMS.get(ty)
        if name:
            tags.add("item:" + name)
        if ty in ("gf", "gs"):
            tags.add("gradient")
            tags.add("gradient:" + ("radial" if it.get("t") == 2 else "linear"))
        if ty in ("st", "gs") and it.get("d"):
            tags.add("dash")
        if ty == "fl" and it.get("r") == 2:
            tags.add("fill:even-odd")
        if ty in HEADLINE_ITEMS:
            tags.add(name)
        if ty == "sr":
            tags.add("star:" + ("polygon" if it.get("sy") == 2 else "star"))
        if ty == "tm" and it.get("m") == 2:
            tags.add("trim:individually")
        if it.get("bm"):
            tags.add("blend")
            tags.add("shape-blend:" + BLEND_MODES.get(it.get("bm"), str(it.get("bm"))))
        if ty == "gr":
            _shape_items(it.get("it"), tags)


def _layers(layers, tags):
    for layer in layers or []:
        if not isinstance(layer, dict):
            continue
        ty = layer.get("ty")
        tags.add(LAYER_TYPES.get(ty, "layer-type-%s" % ty))
        if ty == 4:
            _shape_items(layer.get("shapes"), tags)
        if ty == 5:
            t = layer.get("t") or {}
            if t.get("a"):
                tags.add("text-animator")
            if t.get("p") and (t["p"].get("m") or t["p"].get("a")):
                tags.add("text-path")
        masks = layer.get("masksProperties") or []
        if masks:
            tags.add("mask")
            for m in masks:
                tags.add("mask:" + MASK_MODES.get(m.get("mode", "a"), str(m.get("mode"))))
                if m.get("inv"):
                    tags.add("mask:inverted")
        if layer.get("tt"):
            tags.add("matte")
            tags.add("matte:" + MATTES.get(layer["tt"], str(layer["tt"])))
        if "tp" in layer:
            tags.add("matte-parent")
        if layer.get("bm"):
            tags.add("blend")
            tags.add("blend:" + BLEND_MODES.get(layer["bm"], str(layer["bm"])))
        if layer.get("tm"):
            tags.add("timeremap")
        if layer.get("ddd"):
            tags.add("3d")
        if layer.get("ef"):
            tags.add("effect")
            for e in layer["ef"]:
                if isinstance(e, dict):
                    tags.add("effect:" + EFFECTS.get(e.get("ty"), str(e.get("ty"))))
        if layer.get("sy"):
            tags.add("layer-style")
        if "parent" in layer:
            tags.add("parenting")
        if layer.get("ao"):
            tags.add("auto-orient")
        if layer.get("sr", 1) not in (1, 1.0):
            tags.add("time-stretch")
        if layer.get("hd"):
            tags.add("hidden")


def features(animation):
    """The set of feature tags of a Lottie document."""
    tags = set()
    _layers(animation.get("layers"), tags)
    for asset in animation.get("assets") or []:
        if isinstance(asset, dict) and "layers" in asset:
            _layers(asset.get("layers"), tags)
    if animation.get("ddd"):
        tags.add("3d")
    if animation.get("chars"):
        tags.add("glyphs")
    if (animation.get("fonts") or {}).get("list"):
        tags.add("fonts")
    if animation.get("markers"):
        tags.add("markers")
    if _has_expression(animation.get("layers")) or any(
            _has_expression(a.get("layers")) for a in animation.get("assets") or [] if isinstance(a, dict)):
        tags.add("expression")
    if any(isinstance(a, dict) and "p" in a and "layers" not in a for a in animation.get("assets") or []):
        tags.add("image-asset")
    return tags


def summary(tags):
    """A one-line feature summary for dev_samples.txt."""
    parts = []
    layer_kinds = [t for t in ("shape", "precomp", "solid", "image", "null", "text", "camera") if t in tags]
    if layer_kinds:
        parts.append("layers " + "/".join(layer_kinds))
    items = sorted(t[5:] for t in tags if t.startswith("item:") and t[5:] not in ("group", "fill", "stroke"))
    basic = [n for n in ("fill", "stroke") if "item:" + n in tags]
    if items or basic:
        parts.append("items " + " ".join(basic + items))
    for key in ("mask", "matte", "blend", "effect"):
        sub = sorted(t.split(":", 1)[1] for t in tags if t.startswith(key + ":"))
        if key == "blend":
            sub += sorted("shape " + t.split(":", 1)[1] for t in tags if t.startswith("shape-blend:"))
        if key in tags:
            parts.append(key + ("(" + ",".join(sub) + ")" if sub else ""))
    for t in ("gradient:radial", "dash", "timeremap", "3d", "expression", "layer-style", "parenting", "auto-orient",
              "time-stretch", "text-animator", "glyphs", "image-asset", "fill:even-odd",
              "trim:individually", "matte-parent"):
        if t in tags:
            parts.append(t)
    return "; ".join(parts)


def census(samples):
    """{tag: Counter(group -> number of samples)} over Sample objects."""
    table = collections.defaultdict(collections.Counter)
    totals = collections.Counter()
    for s in samples:
        try:
            animation, _ = s.animation()
        except Exception:  # noqa: BLE001
            continue
        totals[s.group] += 1
        for t in features(animation):
            table[t][s.group] += 1
    return table, totals


def print_census(samples, out):
    table, totals = census(samples)
    out.write("Feature census: samples using each feature (dev = Issues/ and top-level .json)\n")
    out.write("%-28s %5s %5s %5s %11s\n" % ("feature", "all", "dev", "other", "LottieFiles"))

    def row(label, c):
        out.write("%-28s %5d %5d %5d %11d\n" % (label, sum(c.values()), c["dev"], c["other"],
                                                c["LottieFiles"]))
    row("(samples)", totals)
    for tag in MAIN:
        row(tag, table.get(tag, collections.Counter()))
        for sub in sorted(t for t in table if t.startswith(tag + ":")):
            row("  " + sub, table[sub])
    for tag in sorted(t for t in table if t not in MAIN and not any(t.startswith(m + ":") for m in MAIN)):
        row(tag, table[tag])


def propose(candidates, limit=40, max_text=3):
    """Greedy pick of up to `limit` samples covering the features broadly.

    candidates: [(sample, tags)]. Each pick maximises the sum over its
    features of 1 / sqrt(candidates with the feature) / (1 + already picked
    with it), i.e. rare features first and each feature a few times over,
    divided by (1 + MB of JSON)^0.5 to prefer small files. At most
    `max_text` samples with text layers."""
    frequency = collections.Counter(t for _, tags in candidates for t in tags)
    picked, counts, text = [], collections.Counter(), 0
    pool = list(candidates)
    while pool and len(picked) < limit:
        def value(entry):
            sample, tags = entry
            v = sum(1.0 / math.sqrt(frequency[t]) / (1 + counts[t]) for t in tags)
            size = os.path.getsize(sample.path) / 1e6
            return v / math.sqrt(1 + size)
        pool.sort(key=lambda e: (-value(e), e[0].name))
        for i, (sample, tags) in enumerate(pool):
            if "text" in tags and text >= max_text:
                continue
            picked.append((sample, tags))
            counts.update(tags)
            text += "text" in tags
            del pool[i]
            break
        else:
            break
    return picked
