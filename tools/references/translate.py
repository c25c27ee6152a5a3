"""A Lamina scene (docs/scene-format.md) as an HTML page that says the same
thing in CSS, for Chromium to render as an independent reference.

Design: every layer becomes one absolutely positioned box `B` whose CSS
box is the layer's bounds (size, `transform-origin` at the anchor point,
`transform` with the scene's own CSS functions given their units back).
Inside `B`, in drawing-model order: a `shadowPath` shadow, the background,
the contents, a wrapper `W` for the sublayers (carrying
`sublayerTransform` about the bounds centre, and `preserve-3d` when the
sublayers leave the screen plane, so siblings share one 3D space while the
layer itself stays flat), and the border as a last overlay (CSS paints an
element's own border under its children; the drawing model draws it
above). A content-derived shadow is `filter: drop-shadow()` on `B`,
whose third length is a standard deviation; group opacity is `opacity`;
`mask` is an SVG `mask-image`; `compositingFilter` is `mix-blend-mode` on
`B`, with the boxes between a blended layer and its Lamina surface made no
stacking context (`plan_blends`: CSS blends with its nearest stacking
context, Lamina with its nearest surface). docs/references.md quotes the
spec sentence each rule rests on.

Anything that has no exact CSS counterpart is refused with the JSON path
and the reason (`Refusal`), never approximated. Rejected alternative:
`box-shadow` for shadows (painted only outside the border box, so wrong
under translucent backgrounds, and it follows the box, not the content).
"""
import base64
import json
import math
import os
import re

from pngio import encode


class Refusal(Exception):
    """A scene feature with no exact CSS/SVG counterpart: `path: reason`."""

    def __init__(self, path, reason):
        super().__init__(f"{path}: {reason}")


# ---------------------------------------------------------------- values

def color(value, path):
    """(r, g, b, a) in 0...1 from a scene colour; None for null."""
    if value is None:
        return None
    if isinstance(value, list):
        if len(value) != 4:
            raise Refusal(path, "a colour array needs 4 numbers")
        return tuple(float(v) for v in value)
    s = value.lstrip("#")
    if len(s) in (3, 4):
        s = "".join(c * 2 for c in s)
    if len(s) == 6:
        s += "FF"
    if len(s) != 8:
        raise Refusal(path, f"not a colour: {value!r}")
    return tuple(int(s[i:i + 2], 16) / 255 for i in (0, 2, 4, 6))


def css_color(c, alpha_scale=1.0):
    """A CSS colour with the components unrounded (8-bit values stay exact)."""
    r, g, b, a = c
    return f"rgb({r * 255:.6g} {g * 255:.6g} {b * 255:.6g} / {a * alpha_scale:.6g})"


def num(v):
    return f"{v:.10g}"


# ---------------------------------------------------------------- transforms

LENGTH_FUNCS = {"translate", "translate3d", "translatex", "translatey", "translatez", "perspective"}
ANGLE_FUNCS = {"rotate", "rotatex", "rotatey", "rotatez", "skew", "skewx", "skewy"}
NUMBER_FUNCS = {"scale", "scale3d", "scalex", "scaley", "scalez", "matrix", "matrix3d"}
FUNC_RE = re.compile(r"\s*([A-Za-z0-9]+)\s*\(([^)]*)\)\s*")


def parse_transform(value, path):
    """[(name, [args])] of a scene transform; 16 numbers become matrix3d."""
    if value is None:
        return []
    if isinstance(value, list):
        if len(value) != 16:
            raise Refusal(path, "a matrix transform needs 16 numbers")
        return [("matrix3d", [num(float(v)) for v in value])]
    if value.strip() == "none":
        return []
    out, pos = [], 0
    while pos < len(value):
        m = FUNC_RE.match(value, pos)
        if not m:
            if value[pos:].strip() == "":
                break
            raise Refusal(path, f"cannot read the transform at character {pos}")
        out.append((m.group(1), [a.strip() for a in m.group(2).split(",")]))
        pos = m.end()
    return out


def css_transform(funcs, path):
    """The CSS text of a parsed transform: lengths get `px`, a bare 0 angle `deg`."""
    parts = []
    for name, args in funcs:
        low = name.lower()
        if low in LENGTH_FUNCS:
            args = [a[:-2] if a.endswith("px") else a for a in args]
            args = [num(float(a)) + "px" for a in args]
        elif low in ANGLE_FUNCS:
            args = ["0deg" if re.fullmatch(r"[+-]?0*\.?0*", a) else a for a in args]
        elif low == "rotate3d":
            args = args[:3] + ["0deg" if re.fullmatch(r"[+-]?0*\.?0*", args[3]) else args[3]]
        elif low not in NUMBER_FUNCS:
            raise Refusal(path, f"unknown transform function {name}")
        parts.append(f"{name}({', '.join(args)})")
    return " ".join(parts)


def is_2d(funcs):
    """True when the transform keeps z = 0 planes in the screen plane and has
    no perspective (every function is a 2D one, or the 3D matrix is affine)."""
    for name, args in funcs:
        low = name.lower()
        if low in ("translate", "translatex", "translatey", "scalex", "scaley", "rotate",
                   "rotatez", "skew", "skewx", "skewy", "matrix"):
            continue
        if low == "scale" and len(args) <= 2:
            continue
        if low == "matrix3d":
            m = [float(a) for a in args]
            if all(abs(m[i]) < 1e-12 for i in (2, 3, 6, 7, 8, 9, 11, 14)) and m[10] == 1 and m[15] == 1:
                continue
        return False
    return True


def is_translation(funcs):
    """True when the transform only moves within the screen plane."""
    for name, args in funcs:
        low = name.lower()
        if low in ("translate", "translatex", "translatey"):
            continue
        if low == "matrix3d":
            m = [float(a) for a in args]
            if m[:12] == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0] and m[14] == 0 and m[15] == 1:
                continue
        if low == "matrix" and [float(a) for a in args[:4]] == [1, 0, 0, 1]:
            continue
        return False
    return True


# ---------------------------------------------------------------- layers

SUPPORTED = {
    "name", "type", "frame", "bounds", "position", "anchorPoint", "zPosition", "transform",
    "affineTransform", "sublayerTransform", "hidden", "opacity", "allowsGroupOpacity",
    "backgroundColor", "cornerRadius", "maskedCorners", "cornerCurve", "masksToBounds",
    "borderWidth", "borderColor", "shadowOpacity", "shadowColor", "shadowOffset", "shadowRadius",
    "shadowPath", "contents", "contentsRect", "contentsGravity", "contentsScale", "contentsCenter",
    "minificationFilter", "magnificationFilter", "minificationFilterBias", "doubleSided", "mask",
    "sublayers", "shouldRasterize", "rasterizationScale", "compositingFilter",
}
GRADIENT_KEYS = {"colors", "locations", "startPoint", "endPoint", "gradientType"}
SHAPE_KEYS = {"path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
              "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd"}
SHAPE_NAMES = {  # CAShapeLayer's names and their kCA… constants, as SVG's values
    "fillRule": {"nonZero": "nonzero", "evenOdd": "evenodd"},
    "lineCap": {"butt": "butt", "round": "round", "square": "square"},
    "lineJoin": {"miter": "miter", "round": "round", "bevel": "bevel"},
}
SHAPE_PREFIX = {"fillRule": "kCAFillRule", "lineCap": "kCALineCap", "lineJoin": "kCALineJoin"}
QUARTER = 0.5522847498  # Path.quarterArcHandle: Lamina's (and Core Graphics') cubic quarter circle
GRADIENT_TYPES = {"axial": "axial", "radial": "radial", "conic": "conic", "kCAGradientLayerAxial": "axial",
                  "kCAGradientLayerRadial": "radial", "kCAGradientLayerConic": "conic"}
CORNERS = ["minXMinY", "maxXMinY", "maxXMaxY", "minXMaxY"]  # CSS order: tl tr br bl
GRAVITY_ALIASES = {"kCAGravity" + g[0].upper() + g[1:]: g for g in (
    "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft",
    "bottomRight", "resize", "resizeAspect", "resizeAspectFill")}
# compositingFilter: Core Animation's / Core Image's names as lottie-ios writes
# them, as CSS mix-blend-mode values (W3C Compositing and Blending 1, the
# same formulas); normal is no blending at all.
BLEND_MODES = {
    "normalBlendMode": None, "multiplyBlendMode": "multiply", "screenBlendMode": "screen",
    "overlayBlendMode": "overlay", "darkenBlendMode": "darken", "lightenBlendMode": "lighten",
    "colorDodgeBlendMode": "color-dodge", "colorBurnBlendMode": "color-burn",
    "hardLightBlendMode": "hard-light", "softLightBlendMode": "soft-light",
    "differenceBlendMode": "difference", "exclusionBlendMode": "exclusion", "hueBlendMode": "hue",
    "saturationBlendMode": "saturation", "colorBlendMode": "color", "luminosityBlendMode": "luminosity",
}


def blend_mode(layer, path):
    """The CSS mix-blend-mode of a layer's compositingFilter; None for none
    or normal. xor is Porter-Duff XOR, an operator, not a blend mode."""
    value = layer.get("compositingFilter")
    if value is None:
        return None
    if value == "xor":
        raise Refusal(path + ".compositingFilter", "xor is Porter-Duff XOR, a compositing operator, not a "
                      "blend mode: CSS mix-blend-mode has no counterpart")
    if value not in BLEND_MODES:
        raise Refusal(path + ".compositingFilter", f"unknown compositingFilter {value!r}")
    return BLEND_MODES[value]


class Geometry:
    """A layer's bounds, position, anchor point and transforms, resolved."""

    def __init__(self, layer, path):
        self.anchor = layer.get("anchorPoint", [0.5, 0.5])
        if "affineTransform" in layer:
            a = layer["affineTransform"]
            self.transform = [("matrix", [num(float(v)) for v in a])]
        else:
            self.transform = parse_transform(layer.get("transform"), path + ".transform")
        self.sublayer_transform = parse_transform(layer.get("sublayerTransform"), path + ".sublayerTransform")
        if "frame" in layer:
            if self.transform and not all(n.lower() == "matrix3d" and is_identity(a) for n, a in self.transform):
                raise Refusal(path + ".frame", "frame under a non-identity transform: CALayer leaves "
                              "it undefined; write bounds and position")
            x, y, w, h = layer["frame"]
            self.bounds = [0, 0, w, h]
            self.position = [x + self.anchor[0] * w, y + self.anchor[1] * h]
        else:
            self.bounds = layer.get("bounds", [0, 0, 0, 0])
            self.position = layer.get("position", [0, 0])
        self.z = float(layer.get("zPosition", 0))


def is_identity(args):
    return [float(a) for a in args] == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]


def radii(layer, w, h, path):
    """Per-corner radii in CSS order (tl, tr, br, bl), clamped as the format says."""
    if layer.get("cornerCurve", "circular") not in ("circular", "kCACornerCurveCircular"):
        raise Refusal(path + ".cornerCurve", "continuous corners have no CSS counterpart "
                      "(border-radius draws circular or elliptical arcs only)")
    r = min(float(layer.get("cornerRadius", 0)), w / 2, h / 2)
    masked = layer.get("maskedCorners", CORNERS)
    names = {c.replace("kCALayer", "").replace("layer", "").replace("Corner", "") for c in masked}
    names = {n[0].lower() + n[1:] for n in names if n}
    return [r if c in names else 0.0 for c in CORNERS]


def radius_css(rs):
    return " ".join(num(r) + "px" for r in rs)


def rrect_svg_path(x, y, w, h, rs):
    """SVG path data of a rectangle with circular corners (tl, tr, br, bl)."""
    tl, tr, br, bl = rs
    return (f"M{num(x + tl)},{num(y)} H{num(x + w - tr)} A{num(tr)},{num(tr)} 0 0 1 {num(x + w)},{num(y + tr)} "
            f"V{num(y + h - br)} A{num(br)},{num(br)} 0 0 1 {num(x + w - br)},{num(y + h)} "
            f"H{num(x + bl)} A{num(bl)},{num(bl)} 0 0 1 {num(x)},{num(y + h - bl)} "
            f"V{num(y + tl)} A{num(tl)},{num(tl)} 0 0 1 {num(x + tl)},{num(y)} Z")


def path_data(spec, path):
    """SVG path data of a format path, with Lamina's own elements: a rect
    from its minimum corner along +x, an ellipse as four cubic quarters from
    the middle of its right edge (an SVG <ellipse> is a true one, and a
    stroke's dashes start where the path does), a rounded rect as lines and
    circular cubic corners (Path.swift)."""
    if "rect" in spec:
        x, y, w, h = spec["rect"]
        x, w = (x + w, -w) if w < 0 else (x, w)
        y, h = (y + h, -h) if h < 0 else (y, h)
        return f"M{num(x)},{num(y)} H{num(x + w)} V{num(y + h)} H{num(x)} Z"
    if "ellipse" in spec:
        x, y, w, h = spec["ellipse"]
        rx, ry = abs(w) / 2, abs(h) / 2
        cx, cy = x + w / 2, y + h / 2
        kx, ky = rx * QUARTER, ry * QUARTER
        def pt(a, b):
            return f"{num(a)},{num(b)}"
        return (f"M{pt(cx + rx, cy)} C{pt(cx + rx, cy + ky)} {pt(cx + kx, cy + ry)} {pt(cx, cy + ry)} "
                f"C{pt(cx - kx, cy + ry)} {pt(cx - rx, cy + ky)} {pt(cx - rx, cy)} "
                f"C{pt(cx - rx, cy - ky)} {pt(cx - kx, cy - ry)} {pt(cx, cy - ry)} "
                f"C{pt(cx + kx, cy - ry)} {pt(cx + rx, cy - ky)} {pt(cx + rx, cy)} Z")
    if "roundedRect" in spec:
        x, y, w, h = spec["roundedRect"]
        r = max(0.0, min(float(spec.get("cornerRadius", 0)), abs(w) / 2, abs(h) / 2))
        x0, y0, x1, y1 = min(x, x + w), min(y, y + h), max(x, x + w), max(y, y + h)
        k = r * (1 - QUARTER)
        def pt(a, b):
            return f"{num(a)},{num(b)}"
        parts = [f"M{pt(x0 + r, y0)} L{pt(x1 - r, y0)}"]
        if r > 0:
            parts.append(f"C{pt(x1 - k, y0)} {pt(x1, y0 + k)} {pt(x1, y0 + r)}")
        parts.append(f"L{pt(x1, y1 - r)}")
        if r > 0:
            parts.append(f"C{pt(x1, y1 - k)} {pt(x1 - k, y1)} {pt(x1 - r, y1)}")
        parts.append(f"L{pt(x0 + r, y1)}")
        if r > 0:
            parts.append(f"C{pt(x0 + k, y1)} {pt(x0, y1 - k)} {pt(x0, y1 - r)}")
        parts.append(f"L{pt(x0, y0 + r)}")
        if r > 0:
            parts.append(f"C{pt(x0, y0 + k)} {pt(x0 + k, y0)} {pt(x0 + r, y0)}")
        return " ".join(parts) + " Z"
    if "svg" in spec:
        if "'" in spec["svg"]:
            raise Refusal(path, "a quote in path data")
        return spec["svg"]
    raise Refusal(path, "unknown path")


def style(**props):
    return ";".join(f"{k.replace('_', '-')}:{v}" for k, v in props.items() if v is not None)


def fades(layer, fade, opacity_scale):
    """(leaf_fade, opacity): the fade handed down to primitives and the
    group opacity of a layer, as `layer()` and `blend_layer()` share it: an
    `allowsGroupOpacity: false` layer fades its primitives one by one; a
    grouping one takes the inherited multiplier into its group."""
    own = float(layer.get("opacity", 1))
    ungrouped = layer.get("allowsGroupOpacity", True) is False and own != 1
    if ungrouped:
        return fade * own, 1.0
    if own * opacity_scale != 1:
        return 1.0, own * opacity_scale * fade
    return fade, 1.0


class Translator:
    """Turns one scene document into one HTML page (`page()`)."""

    def __init__(self, scene, base_dir, device_scale):
        self.scene = scene
        self.base_dir = base_dir
        self.device_scale = device_scale
        canvas = scene["canvas"]
        self.scale = float(canvas.get("scale", 1))
        self.width, self.height = float(canvas["width"]), float(canvas["height"])
        for k in canvas:
            if k not in ("width", "height", "scale", "background") and not k.startswith("_"):
                raise Refusal("canvas." + k, "not translated")
        for k in scene:
            if k not in ("format", "version", "canvas", "layers") and not k.startswith("_"):
                raise Refusal(k, "not translated")
        if self.width * self.scale != round(self.width * self.scale) or \
                self.height * self.scale != round(self.height * self.scale):
            raise Refusal("canvas", "the canvas must be a whole number of pixels "
                          "(Chromium's window is sized in whole CSS pixels)")
        if self.width != int(self.width) or self.height != int(self.height):
            raise Refusal("canvas", "width and height must be whole points (the window size)")
        bg = color(canvas.get("background"), "canvas.background")
        if bg is None or bg[3] != 1:
            raise Refusal("canvas.background", "references need an opaque canvas background: "
                          "Chromium's screenshot has no alpha channel")
        self.background = bg
        self.unisolated, self.isolated = set(), set()  # plan_blends

    # The whole page.
    def page(self):
        root = {"bounds": [0, 0, self.width, self.height]}
        self.plan_blends(root)
        body = self.sublayers(self.scene.get("layers", []), "layers", root, Geometry(root, ""),
                              context=[("root", [])], origin=(0.0, 0.0))
        return ("<!doctype html><html><head><meta charset='utf-8'><style>"
                "html{overflow:hidden;background:" + css_color(self.background) + "}body{margin:0;padding:0}"
                "div,img,svg{position:absolute;box-sizing:border-box;margin:0;padding:0;display:block}"
                "</style></head><body>"
                f"<div style='{style(left='0', top='0', width=num(self.width) + 'px', height=num(self.height) + 'px')}'>"
                + body + "</div></body></html>")

    def sublayers(self, layers, path, parent, pgeo, context, origin, opacity_scale=1.0, force_3d=False,
                  fade=1.0):
        """The wrapper W of a layer's sublayers (sorted by zPosition), under
        the layer's sublayerTransform about the centre of its bounds."""
        items = []
        for i, child in enumerate(layers):
            if child.get("hidden", False):
                continue
            items.append((float(child.get("zPosition", 0)), i, child))
        items.sort(key=lambda t: (t[0], t[1]))
        geos = [Geometry(c, f"{path}[{i}]") for _, i, c in items]
        bx, by, bw, bh = pgeo.bounds
        st = pgeo.sublayer_transform
        three_d = any(not is_2d(g.transform) or c.get("type") == "transformLayer" for g, (_, _, c) in zip(geos, items))
        three_d = three_d or (not is_2d(st) and any(g.z != 0 for g in geos)) or force_3d
        if st:
            origin = None  # the absolute top-left of W, known while nothing turns or scales
        inner = "".join(self.layer(c, f"{path}[{i}]", g, pgeo, context + [("flat-child", st)] if not three_d
                                   else context + [("3d-child", st)], three_d, opacity_scale, origin, fade)
                        for (_, i, c), g in zip(items, geos))
        if not inner:
            return ""
        s = style(left="0", top="0", width=num(bw) + "px", height=num(bh) + "px",
                  transform=css_transform(st, path) if st else None,
                  transform_origin=f"{num(bw / 2)}px {num(bh / 2)}px" if st else None,
                  transform_style="preserve-3d" if three_d else None)
        return f"<div class='W' style='{s}'>{inner}</div>"

    def layer(self, layer, path, geo, pgeo, context, in_3d, opacity_scale, origin, fade=1.0):
        kind = layer.get("type", "layer")
        for k in layer:
            if (k not in SUPPORTED and not k.startswith("_") and not (kind == "gradientLayer" and k in GRADIENT_KEYS)
                    and not (kind == "shapeLayer" and k in SHAPE_KEYS)):
                raise Refusal(f"{path}.{k}", "not translated (no exact CSS counterpart was written)")
        if kind not in ("layer", "transformLayer", "gradientLayer", "shapeLayer"):
            raise Refusal(path + ".type", f"{kind} is not translated")
        mode = blend_mode(layer, path)
        if layer.get("shouldRasterize", False):
            raise Refusal(path + ".shouldRasterize", "rasterizing resamples a bitmap; CSS has no "
                          "counterpart of its pixel grid")
        # `fade` is the multiplier that allowsGroupOpacity: false ancestors
        # hand down: every primitive below them is faded on its own
        # (docs/scene-format.md, "Shadows and opacity"). CSS opacity always
        # groups, so it is set on the primitives' own leaf elements (a leaf's
        # opacity is its colour's alpha times it), until a layer of opacity
        # below 1 that does group takes it into its group's opacity.
        own = float(layer.get("opacity", 1))
        ungrouped = layer.get("allowsGroupOpacity", True) is False and own != 1
        if (ungrouped or fade != 1) and opacity_scale != 1:
            raise Refusal(path + ".allowsGroupOpacity", "an ungrouped fade inside a transform layer's "
                          "opacity is not translated")
        leaf_fade, opacity = fades(layer, fade, opacity_scale)
        if leaf_fade != 1:
            for k in ("shadowOpacity", "mask"):
                if layer.get(k) not in (None, 0):
                    raise Refusal(f"{path}.{k}", "under allowsGroupOpacity: false the silhouette and the "
                                  "mask come from the unfaded primitives; CSS fades them first")
        mask = layer.get("mask")
        if mask is not None and mask.get("hidden", False):
            return ""  # a hidden mask hides the layer (docs/scene-format.md)
        x, y, w, h = geo.bounds
        ax, ay = geo.anchor
        left = geo.position[0] - ax * w - pgeo.bounds[0]
        top = geo.position[1] - ay * h - pgeo.bounds[1]
        tf = geo.transform
        for v, what in ((left, "x"), (top, "y"), (w, "width"), (h, "height")):
            if abs(v * self.scale - round(v * self.scale)) > 1e-9:
                raise Refusal(path, f"the box's {what} ({num(v)} points) is not a whole number of device "
                              "pixels: Chromium snaps box edges to device pixels, the format anti-aliases them")
        origin = (origin[0] + left, origin[1] + top) if origin is not None and not tf else None
        if in_3d and geo.z != 0:
            tf = [("translateZ", [num(geo.z)])] + tf
        if layer.get("doubleSided", True) is False:
            self.check_backface(path, context, kind)
        base = dict(left=num(left) + "px", top=num(top) + "px", width=num(w) + "px", height=num(h) + "px",
                    transform=css_transform(tf, path + ".transform") if tf else None,
                    transform_origin=f"{num(ax * w)}px {num(ay * h)}px" if tf else None,
                    backface_visibility="hidden" if layer.get("doubleSided", True) is False else None,
                    z_index=None if path in self.unisolated else "0")
        if path in self.isolated:
            base["isolation"] = "isolate"
        if kind == "transformLayer":
            for k in ("masksToBounds", "mask", "shadowOpacity", "allowsGroupOpacity"):
                if k in layer and layer[k] not in (False, 0, True if k == "allowsGroupOpacity" else None):
                    raise Refusal(f"{path}.{k}", "not translated on a transformLayer")
            base["transform_style"] = "preserve-3d"
            inner = self.sublayers(layer.get("sublayers", []), path + ".sublayers", layer, geo,
                                   context + [("transformLayer", geo.transform)], origin, opacity,
                                   force_3d=True, fade=leaf_fade)
            # a transform layer's opacity applies to each sublayer on its own
            return f"<div class='T' data-path='{path}' style='{style(**base)}'>{inner}</div>"

        rs = radii(layer, w, h, path)
        children = []
        shadow_opacity = float(layer.get("shadowOpacity", 0))
        shadow_color = color(layer.get("shadowColor", "#000000"), path + ".shadowColor")
        has_shadow = shadow_opacity > 0 and shadow_color is not None and shadow_color[3] > 0
        sdx, sdy = layer.get("shadowOffset", [0, -3])
        sigma = float(layer.get("shadowRadius", 3))
        clips = layer.get("masksToBounds", False)
        if has_shadow and "shadowPath" in layer:
            children.append(self.path_shadow(layer["shadowPath"], path + ".shadowPath", w, h, rs, clips,
                                             shadow_color, shadow_opacity, sdx, sdy, sigma))
        gradient = self.gradient(layer, path, w, h) if kind == "gradientLayer" else None
        if gradient is not None and layer.get("contents") is not None:
            # The gradient goes over the contents; inside a masksToBounds clip
            # CSS would clip its own rounded edge twice.
            raise Refusal(path + ".contents", "contents under a gradient are not translated")
        bg = color(layer.get("backgroundColor"), path + ".backgroundColor")
        # An opaque gradient hides the background (it fills the same outline),
        # unless it is faded primitive by primitive.
        if gradient is not None and gradient[1] and leaf_fade == 1:
            bg = None
        if bg is not None and bg[3] > 0:
            children.append(f"<div class='bg' style='{style(left='0', top='0', width='100%', height='100%', background=css_color(bg), border_radius=radius_css(rs), opacity=num(leaf_fade) if leaf_fade != 1 else None)}'></div>")
        clipped = []
        if "contents" in layer and layer["contents"] is not None:
            if leaf_fade != 1:
                raise Refusal(path + ".contents", "contents under allowsGroupOpacity: false are not translated")
            clipped.append(self.contents(layer, path, w, h, origin))
        if gradient is not None:
            # Above the background (and the contents, refused above), below the
            # sublayers, filling the rounded bounds: outside the masksToBounds
            # clip, which would clip that edge again.
            children.append(f"<div class='G' style='{style(left='0', top='0', width='100%', height='100%', background=gradient[0], border_radius=radius_css(rs), opacity=num(leaf_fade) if leaf_fade != 1 else None)}'></div>")
        if kind == "shapeLayer":
            # Step 3, after the contents; inside the masksToBounds clip only
            # when there is one (the shape is not clipped to the bounds).
            clipped.append(self.shape(layer, path, w, h, leaf_fade))
        clipped.append(self.sublayers(layer.get("sublayers", []), path + ".sublayers", layer, geo, context,
                                      origin, fade=leaf_fade))
        clipped = "".join(clipped)
        if clips and clipped:
            children.append(f"<div class='K' style='{style(left='0', top='0', width='100%', height='100%', overflow='hidden', border_radius=radius_css(rs))}'>{clipped}</div>")
        else:
            children.append(clipped)
        bw = float(layer.get("borderWidth", 0))
        bc = color(layer.get("borderColor", "#000000"), path + ".borderColor")
        if bw > 0 and bc is not None and bc[3] > 0:
            children.append(f"<div class='border' style='{style(left='0', top='0', width='100%', height='100%', border=f'{num(bw)}px solid {css_color(bc)}', border_radius=radius_css(rs), opacity=num(leaf_fade) if leaf_fade != 1 else None)}'></div>")
        extra = {}
        if opacity != 1:
            extra["opacity"] = num(opacity)
        if mode is not None:
            # the layer's box with everything in it (shadow filter, mask,
            # opacity) is the isolated group that is blended
            extra["mix_blend_mode"] = mode
        if has_shadow and "shadowPath" not in layer:
            extra["filter"] = (f"drop-shadow({css_color(shadow_color, shadow_opacity)} {num(sdx)}px "
                               f"{num(sdy)}px {num(sigma)}px)")
            if clips:
                extra["clip_path"] = f"inset(0 round {radius_css(rs)})"
        inner = "".join(children)
        if mask is not None:
            # mask (outer O, exactly the mask's extent) over filter (inner I, the bounds box)
            ox, oy, mw, mh, mstyle = self.mask(mask, path + ".mask", geo)
            group = {k: extra.pop(k) for k in ("filter", "clip_path") if k in extra}
            inner_s = style(left=num(-ox) + "px", top=num(-oy) + "px", width=num(w) + "px",
                            height=num(h) + "px", **group)
            inner = (f"<div class='O' style='{style(left=num(ox) + 'px', top=num(oy) + 'px', width=num(mw) + 'px', height=num(mh) + 'px', **mstyle)}'>"
                     f"<div class='I' style='{inner_s}'>{inner}</div></div>")
        return f"<div class='B' data-path='{path}' style='{style(**base, **extra)}'>{inner}</div>"

    # ------------------------------------------------------------ blends

    def plan_blends(self, root):
        """Where CSS's isolated groups differ from Lamina's surfaces, for
        `compositingFilter` (mix-blend-mode). W3C Compositing and Blending 1:
        a blended element's backdrop is what its nearest isolated group (in
        CSS, every stacking context) holds so far; in Lamina, what the nearest
        surface holds (the canvas, a grouped fade of more than one primitive,
        a mask, a content shadow, a rasterized or a blended layer). Walks the
        tree in paint order and fills
        - `unisolated`: boxes between a blended layer and its surface that
          lose the `z-index: 0` every box otherwise has (it makes a box a
          stacking context, which would hide the rest of the backdrop);
        - `isolated`: surfaces without a CSS grouping property of their own
          (a content shadow of a transparent colour), given `isolation: isolate`;
        and refuses a blend whose backdrop CSS would cut: a transformed or
        preserve-3d box (or a sublayer wrapper), which is a stacking context in
        CSS and no surface in Lamina, between the layer and its surface,
        after something was already drawn in that surface. Where nothing was,
        the two backdrops are the same (the cut-off part is empty). A 3D
        wrapper that becomes the group must keep its 3D meaning as a flat
        surface: no 3D sublayerTransform, not a transform layer's space."""
        self.unisolated, self.isolated = set(), set()
        if not any_blend(self.scene.get("layers", [])):
            return
        canvas = {"drawn": True}  # the opaque background is the first backdrop
        self.blend_children(self.scene.get("layers", []), "layers", Geometry(root, ""), canvas, None, [],
                            False, 1.0, 1.0)

    def blend_children(self, layers, path, pgeo, surf, x, chain, force_3d, opacity_scale, fade):
        """The sublayers in paint order, as `sublayers()` sorts and wraps
        them. `surf` is the enclosing Lamina surface ({"drawn": bool});
        `x` the innermost CSS stacking context inside it that Lamina does
        not isolate, as (its path, whether the surface had drawing before
        it, why Chromium would flatten it as a group or None); `chain` the
        boxes in between that must not isolate."""
        items = sorted([(float(c.get("zPosition", 0)), i, c) for i, c in enumerate(layers)
                        if not c.get("hidden", False)], key=lambda t: (t[0], t[1]))
        geos = [Geometry(c, f"{path}[{i}]") for _, i, c in items]
        st = pgeo.sublayer_transform
        three_d = any(not is_2d(g.transform) or c.get("type") == "transformLayer" for g, (_, _, c) in zip(geos, items))
        three_d = three_d or (not is_2d(st) and any(g.z != 0 for g in geos)) or force_3d
        if items and (st or three_d):
            # W: a transform or preserve-3d makes it a stacking context. As the
            # isolated group of a blend, Chromium draws a 3D context into a flat
            # surface and then applies W's own transform to it (measured: a
            # perspective sublayerTransform then no longer reached the
            # sublayers; depth sorting inside the surface was kept).
            flat = None
            if three_d and force_3d:
                flat = ("a blend in a transform layer's 3D space: Chromium would draw that space into a flat "
                        "surface of its own, cut out of the enclosing 3D space")
            elif three_d and not is_2d(st):
                flat = ("a blend in a 3D space under a 3D sublayerTransform: Chromium draws the space of an isolated "
                        "group flat and applies the sublayerTransform to the flat image")
            x = (path, surf["drawn"], flat)
        for (_, i, c), g in zip(items, geos):
            self.blend_layer(c, f"{path}[{i}]", g, surf, x, chain, three_d, opacity_scale, fade)

    def blend_layer(self, layer, path, geo, surf, x, chain, in_3d, opacity_scale, fade):
        kind = layer.get("type", "layer")
        mode = blend_mode(layer, path)
        leaf_fade, opacity = fades(layer, fade, opacity_scale)
        if mode is not None:
            if kind == "transformLayer":
                raise Refusal(path + ".compositingFilter", "a blended transformLayer: a blend groups and "
                              "flattens, a transform layer does neither")
            if leaf_fade != 1:
                raise Refusal(path + ".compositingFilter", "a blend under allowsGroupOpacity: false: the "
                              "contract fades the blended group, the translation would fade its primitives")
            if x is not None and x[1]:
                raise Refusal(path + ".compositingFilter", f"{x[0]} is a stacking context in CSS (a transform "
                              "or preserve-3d) but no surface in Lamina, and something is drawn before it in "
                              "the backdrop: CSS would blend with less of it")
            if x is not None and x[2]:
                raise Refusal(path + ".compositingFilter", f"{x[0]}: {x[2]}")
            self.unisolated.update(chain)
        tf = bool(geo.transform) or (in_3d and geo.z != 0)
        if kind == "transformLayer":
            # preserve-3d: a stacking context in CSS, no surface in Lamina; its
            # opacity reaches each sublayer on its own
            self.blend_children(layer.get("sublayers", []), path + ".sublayers", geo, surf,
                                (path, surf["drawn"], None), chain, True, opacity, leaf_fade)
            if draws(layer):
                surf["drawn"] = True
            return
        mask = layer.get("mask")
        if mask is not None and mask.get("hidden", False):
            return
        # A shadow is cast only with a visible colour (Lamina's ShadowKind):
        # a transparent or null shadowColor casts none and opens nothing.
        shadow_color = color(layer.get("shadowColor", "#000000"), path + ".shadowColor")
        shadow = (float(layer.get("shadowOpacity", 0)) > 0 and "shadowPath" not in layer
                  and shadow_color is not None and shadow_color[3] > 0)
        # A plain background (under no border, or an opaque one) casts its
        # shadow in closed form, without a group.
        background = color(layer.get("backgroundColor"), path + ".backgroundColor")
        bordered = float(layer.get("borderWidth", 0)) > 0 and (
            color(layer.get("borderColor", "#000000"), path + ".borderColor") or (0, 0, 0, 0))[3] > 0
        plain = (not any(draws(c) for c in layer.get("sublayers", [])) and layer.get("contents") is None
                 and not layer.get("colors") and layer.get("path") is None
                 and background is not None and background[3] > 0 and (not bordered or background[3] >= 1))
        opens = (mode is not None or mask is not None or layer.get("shouldRasterize", False)
                 or (shadow and not plain) or (opacity < 1 and primitives(layer) > 1))
        if opens:
            css_group = mode is not None or mask is not None or opacity != 1 or shadow
            if not css_group:
                self.isolated.add(path)
            inner, inner_x, inner_chain = {"drawn": False}, None, []
        elif tf or in_3d:
            # a stacking context (its transform, or a plane of a 3D context)
            inner, inner_x, inner_chain = surf, (path, surf["drawn"], None), chain
        else:
            inner, inner_x, inner_chain = surf, x, chain + [path]
        if draws_before_sublayers(layer):
            inner["drawn"] = True
        self.blend_children(layer.get("sublayers", []), path + ".sublayers", geo, inner, inner_x, inner_chain,
                            False, 1.0, leaf_fade)
        if draws(layer):
            surf["drawn"] = True

    def shape(self, layer, path, w, h, fade):
        """A shape layer's path as inline SVG: one `<path>` with its fill
        and stroke (SVG paints the fill, then the stroke over it, as the
        format does); fill-opacity and stroke-opacity fade each on its own
        as the lowering fades the two draws."""
        spec = layer.get("path")
        if spec is None:
            return ""
        d = path_data(spec, path + ".path")
        attrs = {}
        fill = color(layer.get("fillColor", "#000000"), path + ".fillColor")
        attrs["fill"] = css_color(fill, fade) if fill is not None and fill[3] > 0 else "none"
        attrs["fill-rule"] = self.shape_name(layer, "fillRule", "nonZero", path)
        stroke = color(layer.get("strokeColor"), path + ".strokeColor")
        width = float(layer.get("lineWidth", 1))
        start, end = float(layer.get("strokeStart", 0)), float(layer.get("strokeEnd", 1))
        if stroke is not None and stroke[3] > 0 and width > 0 and end > start:
            attrs["stroke"] = css_color(stroke, fade)
            attrs["stroke-width"] = num(width)
            attrs["stroke-linecap"] = self.shape_name(layer, "lineCap", "butt", path)
            attrs["stroke-linejoin"] = self.shape_name(layer, "lineJoin", "miter", path)
            limit = float(layer.get("miterLimit", 10))
            if limit < 1 and attrs["stroke-linejoin"] == "miter":
                raise Refusal(path + ".miterLimit", "SVG refuses a stroke-miterlimit below 1 (the format "
                              "bevels every join there)")
            attrs["stroke-miterlimit"] = num(max(limit, 1))
            dashes = [float(v) for v in layer.get("lineDashPattern") or []]
            dashed = any(v > 0 for v in dashes)
            # Skia measures curves for dashing by chords of up to half a
            # pixel: on an ellipse of radius 40 its dashes drifted by about a
            # pixel from the true length (the format's), so dashes and trims
            # are translated on straight paths only.
            curved = "svg" not in spec or re.search(r"[CcSsQqTtAa]", spec["svg"]) is not None
            straight_rect = "rect" in spec or ("roundedRect" in spec and float(spec.get("cornerRadius", 0)) <= 0)
            if (dashed or start > 0 or end < 1) and curved and not straight_rect:
                raise Refusal(path + ".lineDashPattern" if dashed else path + ".strokeStart",
                              "dashes and trims on curves: Skia measures curves too coarsely for them")
            if dashed:
                attrs["stroke-dasharray"] = " ".join(num(v) for v in dashes)
                attrs["stroke-dashoffset"] = num(float(layer.get("lineDashPhase", 0)))
            if start > 0 or end < 1:
                # pathLength 1 scales the dash lengths to fractions of the
                # path: one dash of end − start, from start (a gap of 1 hides
                # the rest). Exact for one subpath; SVG restarts dashes at
                # every subpath, the format trims the whole path.
                if dashed:
                    raise Refusal(path + ".strokeStart", "a trimmed dashed stroke is not translated")
                if len(re.findall(r"[Mm]", d)) != 1:
                    raise Refusal(path + ".strokeStart", "a trim over several subpaths has no SVG counterpart")
                attrs["pathLength"] = "1"
                attrs["stroke-dasharray"] = f"{num(end - start)} 1"
                attrs["stroke-dashoffset"] = num(-start)
        else:
            attrs["stroke"] = "none"
        body = " ".join(f"{k}='{v}'" for k, v in attrs.items())
        return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{num(w)}' height='{num(h)}' "
                f"style='{style(position='absolute', left='0', top='0', overflow='visible')}'>"
                f"<path d='{d}' {body}/></svg>")

    def shape_name(self, layer, key, default, path):
        value = layer.get(key, default)
        prefix = SHAPE_PREFIX[key]
        if value.startswith(prefix):
            value = value[len(prefix)].lower() + value[len(prefix) + 1:]
        if value not in SHAPE_NAMES[key]:
            raise Refusal(f"{path}.{key}", "unknown value")
        return SHAPE_NAMES[key][value]

    def gradient(self, layer, path, w, h):
        """(CSS background, opaque) of a gradient layer's gradient, or None
        when it draws nothing. Exact only where CSS says the same thing:
        docs/references.md lists each rule and the spec text it rests on."""
        colors = [color(c, f"{path}.colors[{i}]") for i, c in enumerate(layer.get("colors") or [])]
        if not colors:
            return None
        n = len(colors)
        locations = layer.get("locations")
        if locations is None:
            locations = [0.0] if n == 1 else [i / (n - 1) for i in range(n)]
        locations = [float(v) for v in locations]
        kind = GRADIENT_TYPES.get(layer.get("gradientType", "axial"))
        if kind is None:
            raise Refusal(path + ".gradientType", "unknown gradient type")
        sx, sy = layer.get("startPoint", [0.5, 0])
        ex, ey = layer.get("endPoint", [0.5, 1])
        sx, sy, ex, ey = sx * w, sy * h, ex * w, ey * h  # points in the box
        dx, dy = ex - sx, ey - sy
        opaque = all(c[3] == 1 for c in colors)
        degenerate = (dx == 0 and dy == 0) if kind != "radial" else (dx == 0 or dy == 0)
        if degenerate or all(c == colors[-1] for c in colors):
            # The format's rule: one colour (the last) fills.
            return css_color(colors[-1]), opaque
        # CSS interpolates premultiplied; the format straight. They agree on a
        # segment whose two stops have one alpha or one colour.
        for i in range(n - 1):
            a, b = colors[i], colors[i + 1]
            if locations[i] != locations[i + 1] and a[3] != b[3] and a[:3] != b[:3]:
                raise Refusal(f"{path}.colors[{i + 1}]", "a segment between stops that differ in both colour "
                              "and alpha: CSS interpolates in premultiplied space, the format in straight alpha")
        if kind == "axial":
            length = math.hypot(dx, dy)
            ux, uy = dx / length, dy / length
            angle = math.atan2(ux, -uy)  # CSS: 0deg points up, clockwise
            line = abs(w * math.sin(angle)) + abs(h * math.cos(angle))
            px, py = w / 2 - ux * line / 2, h / 2 - uy * line / 2  # where the gradient line starts
            offset = (sx - px) * ux + (sy - py) * uy
            stops = ", ".join(f"{css_color(c)} {num(offset + v * length)}px" for c, v in zip(colors, locations))
            return f"linear-gradient({num(math.degrees(angle))}deg in srgb, {stops})", opaque
        stops = ", ".join(f"{css_color(c)} {num(v * 100)}%" for c, v in zip(colors, locations))
        if kind == "radial":
            return (f"radial-gradient(ellipse {num(abs(dx))}px {num(abs(dy))}px at {num(sx)}px {num(sy)}px "
                    f"in srgb, {stops})"), opaque
        angle = math.degrees(math.atan2(dx, -dy))
        return f"conic-gradient(from {num(angle)}deg at {num(sx)}px {num(sy)}px in srgb, {stops})", opaque

    def check_backface(self, path, context, kind):
        """doubleSided: false is exact only where the ancestors outside the
        layer's own 3D context only move it in the screen plane: CSS decides
        the back face from the transform within the 3D rendering context,
        the format from the whole transform to the screen."""
        if kind == "transformLayer":
            raise Refusal(path + ".doubleSided", "not translated on a transformLayer")
        inside = True
        for what, funcs in reversed(context):
            if what in ("3d-child", "transformLayer") and inside:
                continue
            if what == "flat-child" and inside:
                inside = False
                if funcs and not is_translation(funcs):
                    raise Refusal(path + ".doubleSided", "the superlayer's sublayerTransform flattens "
                                  "this layer: CSS and the format then judge the back face differently")
                continue
            inside = False
            if funcs and not is_translation(funcs):
                raise Refusal(path + ".doubleSided", "an ancestor outside the layer's 3D context turns "
                              "it: CSS and the format then judge the back face differently")

    def path_shadow(self, spec, path, w, h, rs, clips, c, opacity, dx, dy, sigma):
        """A `shadowPath` shadow: the path in SVG, blurred by `filter: blur(σ)`
        (whose length is the standard deviation) and moved by the offset."""
        if "rect" in spec:
            x, y, pw, ph = spec["rect"]
            shape = f"<rect x='{num(x)}' y='{num(y)}' width='{num(pw)}' height='{num(ph)}'/>"
        elif "ellipse" in spec:
            x, y, pw, ph = spec["ellipse"]
            shape = (f"<ellipse cx='{num(x + pw / 2)}' cy='{num(y + ph / 2)}' rx='{num(pw / 2)}' "
                     f"ry='{num(ph / 2)}'/>")
        elif "roundedRect" in spec:
            x, y, pw, ph = spec["roundedRect"]
            r = min(float(spec["cornerRadius"]), pw / 2, ph / 2)
            shape = f"<path d='{rrect_svg_path(x, y, pw, ph, [r] * 4)}'/>"
        elif "svg" in spec:
            shape = f"<path d='{spec['svg']}'/>"
        else:
            raise Refusal(path, "unknown path")
        svg = (f"<svg xmlns='http://www.w3.org/2000/svg' width='{num(w)}' height='{num(h)}' "
               f"style='{style(left=num(dx) + 'px', top=num(dy) + 'px', overflow='visible', filter=f'blur({num(sigma)}px)' if sigma > 0 else None)}'>"
               f"<g fill='{css_color(c, opacity)}' fill-rule='nonzero'>{shape}</g></svg>")
        if clips:
            return (f"<div class='K' style='{style(left='0', top='0', width='100%', height='100%', overflow='hidden', border_radius=radius_css(rs))}'>"
                    f"{svg}</div>")
        return svg

    def contents(self, layer, path, w, h, origin):
        """Contents drawn at a whole number of device pixels per texel, where
        sampling is exact: 1:1 (any filter) or an integer magnification with
        the nearest filter (`image-rendering: pixelated`)."""
        for k in ("contentsCenter",):
            if k in layer and layer[k] != [0, 0, 1, 1]:
                raise Refusal(f"{path}.{k}", "nine-slice stretching is not translated")
        if float(layer.get("minificationFilterBias", 0)) != 0:
            raise Refusal(path + ".minificationFilterBias", "mipmap bias has no CSS counterpart")
        if origin is None:
            raise Refusal(path + ".contents", "contents under a transform: Chromium's resampling "
                          "filter is not the format's")
        img, iw, ih = self.image(layer["contents"], path + ".contents")
        cscale = float(layer.get("contentsScale", 1))
        cr = layer.get("contentsRect", [0, 0, 1, 1])
        if cr[0] < 0 or cr[1] < 0 or cr[0] + cr[2] > 1 or cr[1] + cr[3] > 1 or cr[2] <= 0 or cr[3] <= 0:
            raise Refusal(path + ".contentsRect", "outside the unit square the format clamps to the "
                          "image edge; CSS has no counterpart")
        nw, nh = iw * cr[2] / cscale, ih * cr[3] / cscale  # natural size of the part, in points
        g = layer.get("contentsGravity", "resize")
        g = GRAVITY_ALIASES.get(g, g)
        if g == "resize":
            dx, dy, dw, dh = 0, 0, w, h
        elif g in ("resizeAspect", "resizeAspectFill"):
            f = (min if g == "resizeAspect" else max)(w / nw, h / nh)
            dw, dh = nw * f, nh * f
            dx, dy = (w - dw) / 2, (h - dh) / 2
        else:
            dw, dh = nw, nh
            dx = 0 if "left" in g.lower() else (w - nw if "right" in g.lower() else (w - nw) / 2)
            dy = 0 if g.startswith("top") else (h - nh if g.startswith("bottom") else (h - nh) / 2)
        s = self.scale
        rx, ry = dw * s / (iw * cr[2]), dh * s / (ih * cr[3])  # device pixels per texel, at 1x
        filt = layer.get("magnificationFilter", "linear")
        nearest = filt in ("nearest", "kCAFilterNearest")
        for v in (rx, ry):
            if abs(v - round(v)) > 1e-9 or round(v) < 1:
                raise Refusal(path + ".contents", f"drawn at {v:.4g} device pixels per texel: only whole "
                              "magnifications sample exactly")
            if round(v) > 1 and not nearest:
                raise Refusal(path + ".magnificationFilter", "linear magnification: Chromium may smooth "
                              "images with other filters than bilinear")
        # the part must start on a device pixel for texels to map to whole pixels
        for v in (dx + origin[0], dy + origin[1]):
            if abs(v * s - round(v * s)) > 1e-9:
                raise Refusal(path + ".contents", "the image does not start on a device pixel")
        fw, fh = dw / cr[2], dh / cr[3]
        imgs = style(left=num(-cr[0] * fw) + "px", top=num(-cr[1] * fh) + "px",
                     width=num(fw) + "px", height=num(fh) + "px", image_rendering="pixelated")
        tag = f"<img src='{img}' style='{imgs}'>"
        return (f"<div class='C' style='{style(left=num(dx) + 'px', top=num(dy) + 'px', width=num(dw) + 'px', height=num(dh) + 'px', overflow='hidden')}'>"
                f"{tag}</div>")

    def image(self, spec, path):
        """A data URL of the contents image and its pixel size."""
        if isinstance(spec, str):
            full = os.path.join(self.base_dir, spec)
            from pngio import read
            w, h, _ = read(full)
            data = open(full, "rb").read()
            return "data:image/png;base64," + base64.b64encode(data).decode(), w, h
        if "checkerboard" in spec:
            cb = spec["checkerboard"]
            w, h = cb["size"]
            cell = cb["cell"]
            cs = [color(c, f"{path}.checkerboard.colors[{i}]") for i, c in enumerate(cb["colors"])]
            if any(c[3] != 1 for c in cs):
                raise Refusal(path + ".checkerboard.colors", "translucent generated colours: how they are "
                              "stored in 8 bits is not specified")
            px = [bytes(round(v * 255) for v in c) for c in cs]
            rows = [b"".join(px[((x // cell) + (y // cell)) % 2] for x in range(w)) for y in range(h)]
            return "data:image/png;base64," + base64.b64encode(encode(w, h, rows)).decode(), w, h
        raise Refusal(path, "generated gradients are sampled and rounded to 8 bits in a way CSS "
                      "gradients are not")

    def mask(self, mask, path, geo):
        """`mask` as an SVG mask-image covering exactly what the mask layer
        draws (its bounds and overflowing sublayers), in the layer's bounds
        space. Returns the rect (x, y, w, h) in the layer's box and the mask
        style for an element of that rect: outside it nothing shows."""
        mg = Geometry(mask, path)
        if mg.transform:
            raise Refusal(path + ".transform", "a transformed mask is not translated")
        x, y, w, h = mg.bounds
        ax, ay = mg.anchor
        left = mg.position[0] - ax * w - geo.bounds[0]
        top = mg.position[1] - ay * h - geo.bounds[1]
        ex0, ey0, ex1, ey1 = self.mask_extent(mask, mg, 0, 0)
        body = self.mask_svg(mask, path, mg)
        svg = (f"<svg xmlns='http://www.w3.org/2000/svg' width='{num(ex1 - ex0)}' height='{num(ey1 - ey0)}' "
               f"viewBox='{num(ex0)} {num(ey0)} {num(ex1 - ex0)} {num(ey1 - ey0)}' overflow='visible'>{body}</svg>")
        url = "url(\"data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode() + "\")"
        for v in (left + ex0, top + ey0, ex1 - ex0, ey1 - ey0):
            if abs(v * self.scale - round(v * self.scale)) > 1e-9:
                raise Refusal(path, "the mask's extent is not a whole number of device pixels")
        return (left + ex0, top + ey0, ex1 - ex0, ey1 - ey0,
                {"mask_image": url, "mask_size": "100% 100%", "mask_repeat": "no-repeat", "mask_mode": "alpha"})

    def mask_extent(self, layer, geo, ox, oy):
        """(x0, y0, x1, y1) of a mask layer's box and its sublayers' boxes,
        in its own box's coordinates offset by (ox, oy)."""
        w, h = geo.bounds[2], geo.bounds[3]
        e = [ox, oy, ox + w, oy + h]
        for c in layer.get("sublayers", []):
            if c.get("hidden", False):
                continue
            cg = Geometry(c, "")
            cx = ox + cg.position[0] - cg.anchor[0] * cg.bounds[2] - geo.bounds[0]
            cy = oy + cg.position[1] - cg.anchor[1] * cg.bounds[3] - geo.bounds[1]
            ce = self.mask_extent(c, cg, cx, cy)
            e = [min(e[0], ce[0]), min(e[1], ce[1]), max(e[2], ce[2]), max(e[3], ce[3])]
        return e

    def mask_svg(self, layer, path, geo):
        """SVG of a mask layer's alpha (background and sublayers), in its bounds space."""
        for k in layer:
            if k.startswith("_"):
                continue
            if k not in ("name", "frame", "bounds", "position", "anchorPoint", "backgroundColor",
                         "cornerRadius", "maskedCorners", "cornerCurve", "opacity", "sublayers", "hidden",
                         "zPosition") and not (k == "compositingFilter" and blend_mode(layer, path) is None):
                raise Refusal(f"{path}.{k}", "not translated inside a mask")
        x, y, w, h = geo.bounds
        rs = radii(layer, w, h, path)
        out = []
        bg = color(layer.get("backgroundColor"), path + ".backgroundColor")
        if bg is not None and bg[3] > 0:
            out.append(f"<path d='{rrect_svg_path(0, 0, w, h, rs)}' fill='{css_color(bg)}'/>")
        subs = sorted([(float(c.get("zPosition", 0)), i, c) for i, c in enumerate(layer.get("sublayers", []))
                       if not c.get("hidden", False)], key=lambda t: (t[0], t[1]))
        for _, i, c in subs:
            cp = f"{path}.sublayers[{i}]"
            cg = Geometry(c, cp)
            if cg.transform:
                raise Refusal(cp + ".transform", "a transformed layer inside a mask is not translated")
            cw, ch = cg.bounds[2], cg.bounds[3]
            cx = cg.position[0] - cg.anchor[0] * cw - x
            cy = cg.position[1] - cg.anchor[1] * ch - y
            out.append(f"<svg x='{num(cx)}' y='{num(cy)}' width='{num(cw)}' height='{num(ch)}' "
                       f"overflow='visible'>{self.mask_svg(c, cp, cg)}</svg>")
        if layer.get("sublayerTransform"):
            raise Refusal(path + ".sublayerTransform", "not translated inside a mask")
        op = float(layer.get("opacity", 1))
        inner = "".join(out)
        return f"<g opacity='{num(op)}'>{inner}</g>" if op != 1 else inner


# ---------------------------------------------------------------- blend helpers

def any_blend(layers):
    """True when a layer of the tree (masks aside) has a compositingFilter
    other than none or normal."""
    for c in layers:
        if c.get("compositingFilter") not in (None, "normalBlendMode") or any_blend(c.get("sublayers", [])):
            return True
    return False


def draws_before_sublayers(layer):
    """True when the layer draws something of its own under its sublayers,
    inside its own group: a shadowPath shadow, the background, contents, a
    gradient or a shape (a content shadow is made from the group, outside
    it; the border comes after the sublayers)."""
    bg = color(layer.get("backgroundColor"), "")
    return ((bg is not None and bg[3] > 0) or layer.get("contents") is not None or bool(layer.get("colors"))
            or layer.get("path") is not None
            or (float(layer.get("shadowOpacity", 0)) > 0 and "shadowPath" in layer))


def draws(layer):
    """True when the layer or its subtree may draw anything (conservative)."""
    if layer.get("hidden", False) or (layer.get("mask") or {}).get("hidden", False):
        return False
    return (draws_before_sublayers(layer) or float(layer.get("borderWidth", 0)) > 0
            or float(layer.get("shadowOpacity", 0)) > 0 or any(draws(c) for c in layer.get("sublayers", [])))


def primitives(layer):
    """How many primitives a layer draws for the grouping rule of opacity:
    its own, and two for any sublayer that draws (then always more than one)."""
    bg = color(layer.get("backgroundColor"), "")
    own = [bg is not None and bg[3] > 0, float(layer.get("borderWidth", 0)) > 0,
           layer.get("contents") is not None, bool(layer.get("colors")), layer.get("path") is not None,
           float(layer.get("shadowOpacity", 0)) > 0]
    return sum(own) + (2 if any(draws(c) for c in layer.get("sublayers", [])) else 0)


# ---------------------------------------------------------------- replicators

REPLICATOR_KEYS = {"instanceCount", "instanceTransform", "instanceColor", "instanceRedOffset",
                   "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset", "instanceDelay",
                   "preservesDepth"}
DRAWING_KEYS = ("backgroundColor", "borderWidth", "contents", "shadowOpacity", "mask", "masksToBounds")


def transform_text(value):
    """A scene transform (CSS text or 16 numbers) as CSS text."""
    if isinstance(value, str):
        return value
    return "matrix3d(" + ", ".join(num(v) for v in value) + ")"


def multiplied(layer, m, path):
    """A deep copy of `layer` with every colour it draws multiplied by the
    red, green and blue of `m` (straight components, as the lowering's
    ColorMultiplier does): backgrounds, borders, shadows, gradient stops
    and shape fills and strokes. Contents cannot be: an image times a colour has no exact CSS
    counterpart, so a tinted copy holding contents is refused."""
    out = dict(layer)
    if m[:3] != (1.0, 1.0, 1.0):
        if "contents" in layer:
            raise Refusal(path + ".contents", "a replicator copy's colour multiplies its contents' texels; "
                          "CSS has no exact counterpart (only solid colours are pre-multiplied)")

        def times(c):
            return [c[0] * m[0], c[1] * m[1], c[2] * m[2], c[3]]
        for key, default in (("backgroundColor", None), ("borderColor", "#000000"), ("shadowColor", "#000000")):
            c = color(layer.get(key, default), f"{path}.{key}")
            if c is not None:
                out[key] = times(c)
        if "colors" in layer:
            out["colors"] = [times(color(c, f"{path}.colors[{i}]")) for i, c in enumerate(layer["colors"])]
        if layer.get("type") == "shapeLayer":
            for key, default in (("fillColor", "#000000"), ("strokeColor", None)):
                c = color(layer.get(key, default), f"{path}.{key}")
                if c is not None:
                    out[key] = times(c)
    if "sublayers" in layer:
        out["sublayers"] = [multiplied(c, m, f"{path}.sublayers[{i}]") for i, c in enumerate(layer["sublayers"])]
    return out


def one_primitive(layer):
    """True when a layer draws exactly one primitive and has no sublayers
    (then a group fade and a fade per primitive agree)."""
    drawn = [layer.get("backgroundColor") is not None, float(layer.get("borderWidth", 0)) > 0,
             "contents" in layer, bool(layer.get("colors")), float(layer.get("shadowOpacity", 0)) > 0]
    return sum(drawn) == 1 and not layer.get("sublayers") and "mask" not in layer


def expand_replicators(layer, path):
    """The layer with every replicatorLayer in its subtree written out as
    the copies the format defines (docs/scene-format.md, replicatorLayer):
    a plain layer (a transform layer when `preservesDepth`) holding, for
    copy k, a transform layer of the replicator's bounds placed as the
    identity, whose transform is `instanceTransform` k times (its CSS
    functions repeated: composition, about the centre of the bounds, as
    the transform origin of a box of those bounds is), whose opacity is
    copy k's instance alpha, and which holds the sublayers with their
    colours multiplied by copy k's. A transform layer's opacity reaches
    each sublayer as its own opacity (a group fade in CSS, the format fades
    primitive by primitive), so a faded copy must hold sublayers of one
    primitive each."""
    out = dict(layer)
    if "mask" in layer:
        out["mask"] = expand_replicators(layer["mask"], path + ".mask")
    subs = [expand_replicators(c, f"{path}.sublayers[{i}]") for i, c in enumerate(layer.get("sublayers", []))]
    if subs:
        out["sublayers"] = subs
    if layer.get("type") != "replicatorLayer":
        return out
    for key in REPLICATOR_KEYS:
        out.pop(key, None)
    preserves = layer.get("preservesDepth", False)
    out["type"] = "transformLayer" if preserves else "layer"
    if preserves:
        for key in DRAWING_KEYS:
            if layer.get(key) not in (None, 0, False):
                raise Refusal(f"{path}.{key}", "a replicator that preserves depth draws nothing of its own")
    if "frame" in layer:
        if "transform" in layer or "affineTransform" in layer:
            raise Refusal(path + ".frame", "a replicator's frame under a transform is not translated")
        bx, by, w, h = 0.0, 0.0, float(layer["frame"][2]), float(layer["frame"][3])
    else:
        bx, by, w, h = (float(v) for v in layer.get("bounds", [0, 0, 0, 0]))
    count = int(layer.get("instanceCount", 1))
    step = transform_text(layer["instanceTransform"]) if "instanceTransform" in layer else None
    base = color(layer.get("instanceColor", "#FFFFFF"), path + ".instanceColor")
    offsets = [float(layer.get(k, 0)) for k in ("instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset",
                                               "instanceAlphaOffset")]
    copies = []
    for k in range(count):
        m = tuple(min(max(c + k * o, 0.0), 1.0) for c, o in zip(base, offsets))
        if m[3] <= 0:
            continue
        if m[3] < 1:
            for i, c in enumerate(subs):
                if not one_primitive(c):
                    raise Refusal(f"{path}.sublayers[{i}]", "a faded copy fades each primitive on its own; "
                                  "CSS opacity on a layer of several primitives fades them as a group")
        copy = {"type": "transformLayer", "bounds": [bx, by, w, h], "position": [bx + w / 2, by + h / 2],
                "sublayers": [multiplied(c, m, f"{path}.sublayers[{i}]") for i, c in enumerate(subs)]}
        if m[3] < 1:
            copy["opacity"] = m[3]
        if k > 0 and step is not None:
            copy["transform"] = " ".join([step] * k)
        copies.append(copy)
    if copies:
        out["sublayers"] = copies
    else:
        out.pop("sublayers", None)
    return out


def translate_file(scene_path, device_scale):
    """HTML text of a scene file; raises Refusal."""
    scene = json.load(open(scene_path))
    scene["layers"] = [expand_replicators(l, f"layers[{i}]") for i, l in enumerate(scene.get("layers", []))]
    return Translator(scene, os.path.dirname(os.path.abspath(scene_path)), device_scale).page()
