"""Animated Lamina scenes as Web Animations, for Chromium to render at
chosen times.

A scene whose animations CSS expresses exactly is split in two: the layer
tree without `animations` (and without `canvas.duration`/`frameRate`,
which do not change one frame), which translate.py turns into the usual
page, and one Web Animation (`element.animate(keyframes, timing)`) per
animated CSS property of an element of that page, found by the
`data-path` the translator writes on each layer's box. At time t every
animation is paused and its `currentTime` set to t, so Chromium's own
timing model (delay, iterations, direction, fill, easing) and its own
interpolation give the frame. docs/references.md ("Animated scenes")
lists the mapping and the spec sentence each rule rests on.

Mapping (CAMediaTiming -> AnimationEffect timing): `beginTime` -> `delay`,
`duration / speed` -> `duration` (speed > 0 only), `repeatCount` (0 is 1)
-> `iterations`, `repeatDuration` -> `iterations = repeatDuration /
duration`, `autoreverses` -> `direction: alternate` with twice the
iterations, `fillMode` -> `fill` (`removed` is `none`), the timing function
-> `easing: cubic-bezier(...)`. Values: `opacity`, `position` (`left`,
`top`), `bounds` size (`width`, `height`, and `left`/`top`, which depend on
it), `transform` (both key frames `matrix3d()` from Chromium's
`DOMMatrix` of the scene's functions, so CSS interpolates by
decomposition, as Lamina does), the `transform.rotation`/`.scale`/
`.translation` sub-paths on a layer without a model transform (one CSS
function each, interpolated numerically: a turn from 0 to 2 pi is a whole
turn), `backgroundColor`, `borderColor`, `borderWidth`, `cornerRadius`.
Keyframe animations in linear mode: `values`, `keyTimes` (0 to 1,
increasing) and `timingFunctions` become key frames with `offset` and
`easing`.

Refused with the JSON path and the reason (`Refusal`): other animation
types and key paths, `byValue`, additive and cumulative animations, speed
<= 0, `timeOffset`, layer timing, two animations of one CSS property,
animated layers with masks, shadows, contents or under replicators,
transform layers or ungrouped opacity, transform pairs that Chromium
interpolates by other rules than Lamina (transform_math.chromium_agrees),
and (checked on the page) a time at which an animated box edge is not on a
device pixel (Chromium snaps box edges; the format anti-aliases them).

Rejected: computing the animated values here and rendering a still scene
(the check would then rest on this file's reading of the timing rules,
not on Chromium's), and CSS `@keyframes` rules (the same model, but one
style rule per animation and no per-animation `currentTime`).
"""
import copy
import json
import math

import transform_math
from translate import Geometry, Refusal, color, css_color, css_transform, is_2d, num, parse_transform

NAMED_CURVES = {"linear": (0, 0, 1, 1), "easeIn": (0.42, 0, 1, 1), "easeOut": (0, 0, 0.58, 1),
                "easeInEaseOut": (0.42, 0, 0.58, 1), "default": (0.25, 0.1, 0.25, 1)}
FILL = {"removed": "none", "forwards": "forwards", "backwards": "backwards", "both": "both"}
ANIMATION_KEYS = {"type", "keyPath", "fromValue", "toValue", "byValue", "timingFunction", "additive", "cumulative",
                  "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
                  "fillMode"}
KEYFRAME_KEYS = {"values", "keyTimes", "timingFunctions", "calculationMode", "path", "rotationMode"}
LAYER_TIMING = {"beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
                "fillMode"}
SUBPATH_FUNCTION = {  # sub-path -> (CSS function, unit, model value)
    "transform.rotation": ("rotate", "rad", 0.0), "transform.rotation.z": ("rotate", "rad", 0.0),
    "transform.scale": ("scale", "", 1.0), "transform.scale.x": ("scaleX", "", 1.0),
    "transform.scale.y": ("scaleY", "", 1.0), "transform.translation.x": ("translateX", "px", 0.0),
    "transform.translation.y": ("translateY", "px", 0.0),
}


def easing(value, path):
    if value is None:
        return "linear"
    if isinstance(value, str):
        name = value[len("kCAMediaTimingFunction"):] if value.startswith("kCAMediaTimingFunction") else value
        name = name[0].lower() + name[1:] if name else name
        if name not in NAMED_CURVES:
            raise Refusal(path, f"unknown timing function {value!r}")
        p = NAMED_CURVES[name]
    elif isinstance(value, list) and len(value) == 4:
        p = [float(v) for v in value]
    else:
        raise Refusal(path, "a timing function is a name or 4 numbers")
    return "cubic-bezier(" + ", ".join(num(v) for v in p) + ")"


def timing(anim, path):
    """The Web Animations timing dictionary of a basic animation."""
    speed = float(anim.get("speed", 1))
    if not speed > 0:
        raise Refusal(path + ".speed", "only a positive speed maps to CSS (as a shorter duration)")
    if float(anim.get("timeOffset", 0)) != 0:
        raise Refusal(path + ".timeOffset", "CSS has no counterpart of timeOffset (iterationStart shifts "
                      "the iterations, not the active interval)")
    duration = float(anim.get("duration", 0)) or 0.25  # Core Animation's default
    count = float(anim.get("repeatCount", 0))
    repeat_duration = float(anim.get("repeatDuration", 0))
    reverses = bool(anim.get("autoreverses", False))
    if repeat_duration > 0:
        iterations = repeat_duration / duration  # each CSS iteration is one direction
    else:
        iterations = (count if count > 0 else 1) * (2 if reverses else 1)
    if not math.isfinite(iterations) or iterations > 1e6:
        raise Refusal(path + ".repeatCount", "references sample finite repeats")
    fill = anim.get("fillMode", "removed")
    fill = fill[len("kCAFillMode"):].lower() if fill.startswith("kCAFillMode") else fill
    if fill not in FILL:
        raise Refusal(path + ".fillMode", f"unknown fill mode {fill!r}")
    return {"delay": float(anim.get("beginTime", 0)) * 1000, "duration": duration / speed * 1000,
            "iterations": iterations, "direction": "alternate" if reverses else "normal",
            "fill": FILL[fill], "easing": easing(anim.get("timingFunction"), path + ".timingFunction")}


class Split:
    """A scene's still tree and its animations as page effects."""

    def __init__(self, scene):
        self.scene = copy.deepcopy(scene)
        self.effects = []  # {"path", "child", "prop", "values", "timing", "matrix"}
        self.snapped = []  # (layer path, CSS property) whose values must land on device pixels
        self.scale = float(scene["canvas"].get("scale", 1))
        canvas = self.scene["canvas"]
        for k in ("duration", "frameRate"):
            canvas.pop(k, None)
        self.walk(self.scene.get("layers", []), "layers", {"bounds": [0, 0, 0, 0]}, ())

    def walk(self, layers, path, parent, ancestry):
        for i, layer in enumerate(layers):
            lpath = f"{path}[{i}]"
            kinds = ancestry + (layer.get("type", "layer"),)
            if layer.get("allowsGroupOpacity", True) is False:
                kinds = kinds + ("ungrouped",)
            if "animations" in layer:
                self.layer(layer, lpath, parent, ancestry)
            if layer.get("mask") is not None and "animations" in layer["mask"]:
                raise Refusal(lpath + ".mask.animations", "animated masks are not translated")
            self.walk(layer.get("sublayers", []), lpath + ".sublayers", layer, kinds)

    def layer(self, layer, path, parent, ancestry):
        anims = layer.pop("animations")
        for k in LAYER_TIMING:
            if k in layer:
                raise Refusal(f"{path}.{k}", "layer timing is not translated (only animations' own timing)")
        if layer.get("type", "layer") != "layer":
            raise Refusal(path + ".type", "only plain layers' animations are translated")
        for k in ("mask", "contents", "shadowPath"):
            if layer.get(k) is not None:
                raise Refusal(f"{path}.{k}", "an animated layer with this is not translated")
        if float(layer.get("shadowOpacity", 0)) > 0:
            raise Refusal(path + ".shadowOpacity", "an animated layer with a shadow is not translated")
        if "replicatorLayer" in ancestry:
            raise Refusal(path, "animations under a replicator are not translated")
        if not isinstance(anims, list):
            raise Refusal(path + ".animations", "not an array")
        targets = set()
        for j, anim in enumerate(anims):
            self.animation(layer, path, f"{path}.animations[{j}]", anim, parent, ancestry, targets)

    def add(self, path, child, prop, values, t, targets, apath, snapped=False, matrix=False):
        if (child, prop) in targets:
            raise Refusal(apath, f"a second animation of CSS {prop} on this layer: CSS composites "
                          "them by its own order, the format by array order and key path")
        targets.add((child, prop))
        self.effects.append({"path": path, "child": child, "prop": prop, "values": values, "timing": t,
                             "matrix": matrix, "offsets": self.offsets, "easings": self.easings})
        if snapped:
            self.snapped.append((path, prop))

    def keyframes(self, anim, apath):
        """The values, and sets self.offsets/easings (None for a basic animation)."""
        self.offsets = self.easings = None
        if anim.get("type") == "basic":
            if "byValue" in anim:
                raise Refusal(apath + ".byValue", "byValue is not translated")
            return None
        for k in ("path", "rotationMode"):
            if k in anim:
                raise Refusal(f"{apath}.{k}", "keyframes along a path are not translated")
        mode = anim.get("calculationMode", "linear")
        if mode not in ("linear", "kCAAnimationLinear"):
            raise Refusal(apath + ".calculationMode", f"{mode!r} is not translated (only linear: CSS key frames "
                          "interpolate each segment linearly)")
        values = anim.get("values")
        if not isinstance(values, list) or len(values) < 2:
            raise Refusal(apath + ".values", "at least two values are translated")
        n = len(values)
        times = anim.get("keyTimes", [i / (n - 1) for i in range(n)])
        if not isinstance(times, list) or len(times) != n:
            raise Refusal(apath + ".keyTimes", "one key time per value")
        times = [float(v) for v in times]
        if times[0] != 0 or times[-1] != 1 or any(b <= a for a, b in zip(times, times[1:])):
            raise Refusal(apath + ".keyTimes", "key times from 0 to 1, increasing, are translated (CSS fills a "
                          "missing end with the underlying value; Core Animation holds the first or last value)")
        functions = anim.get("timingFunctions")
        if functions is not None and (not isinstance(functions, list) or len(functions) != n - 1):
            raise Refusal(apath + ".timingFunctions", "one per segment")
        self.offsets = times
        self.easings = [easing(f, f"{apath}.timingFunctions[{i}]") for i, f in enumerate(functions)] + ["linear"] \
            if functions is not None else None
        return values

    def animation(self, layer, path, apath, anim, parent, ancestry, targets):
        if not isinstance(anim, dict):
            raise Refusal(apath, "not an object")
        kind = anim.get("type")
        if kind not in ("basic", "keyframe"):
            raise Refusal(apath + ".type", "only basic and keyframe animations are translated")
        allowed = ANIMATION_KEYS | (KEYFRAME_KEYS if kind == "keyframe" else set())
        for k in anim:
            if k not in allowed and not k.startswith("_"):
                raise Refusal(f"{apath}.{k}", "not translated")
        for k in ("additive", "cumulative"):
            if anim.get(k, False):
                raise Refusal(f"{apath}.{k}", "not translated")
        keyframe_values = self.keyframes(anim, apath)
        t = timing(anim, apath)
        key = anim.get("keyPath")
        geo = Geometry(layer, path)
        pgeo = Geometry(parent, "")

        def ends(model):
            if keyframe_values is not None:
                return list(keyframe_values)
            return [anim.get("fromValue", model), anim.get("toValue", model)]

        if key == "opacity":
            if "transformLayer" in ancestry or "ungrouped" in ancestry or layer.get("allowsGroupOpacity", True) is False:
                raise Refusal(apath, "opacity under a transform layer or ungrouped opacity is not translated")
            self.add(path, "", "opacity", [num(float(v)) for v in ends(layer.get("opacity", 1))], t, targets, apath)
        elif key in ("position", "position.x", "position.y"):
            x, y, w, h = geo.bounds
            ax, ay = geo.anchor
            for axis, prop, size, anchor, origin in ((0, "left", w, ax, pgeo.bounds[0]), (1, "top", h, ay, pgeo.bounds[1])):
                if key != "position" and key[-1] != "xy"[axis]:
                    continue
                vs = ends(geo.position if key == "position" else geo.position[axis])
                vs = [v[axis] for v in vs] if key == "position" else vs
                self.add(path, "", prop, [num(float(v) - anchor * size - origin) + "px" for v in vs], t,
                         targets, apath, snapped=True)
        elif key in ("bounds", "bounds.size.width", "bounds.size.height"):
            if layer.get("sublayers") or layer.get("transform") is not None or layer.get("affineTransform") is not None:
                raise Refusal(apath, "a bounds animation is translated only on a layer without sublayers and "
                              "transform (their CSS is in pixels of the model's size)")
            x, y, w, h = geo.bounds
            if key == "bounds":
                vs = ends([x, y, w, h])
                if any([float(v) for v in r[:2]] != [x, y] for r in vs):
                    raise Refusal(apath, "an animated bounds origin is not translated")
                sizes = [[float(r[2]) for r in vs], [float(r[3]) for r in vs]]
            else:
                vs = [float(v) for v in ends(w if key.endswith("width") else h)]
                sizes = [vs, None] if key.endswith("width") else [None, vs]
            r = float(layer.get("cornerRadius", 0))
            for axis, (prop, pos_prop) in enumerate((("width", "left"), ("height", "top"))):
                if sizes[axis] is None:
                    continue
                if min(sizes[axis]) < 2 * r:
                    raise Refusal(apath, "the corner radius would be clamped by a size in the animation")
                anchor = geo.anchor[axis]
                self.add(path, "", prop, [num(s) + "px" for s in sizes[axis]], t, targets, apath, snapped=True)
                self.add(path, "", pos_prop, [num(geo.position[axis] - anchor * s - pgeo.bounds[axis]) + "px"
                                              for s in sizes[axis]], t, targets, apath, snapped=True)
        elif key == "transform":
            if float(layer.get("zPosition", 0)) != 0:
                raise Refusal(apath, "a transform animation with a zPosition is not translated")
            if layer.get("affineTransform") is not None:
                raise Refusal(apath, "a transform animation over an affineTransform is not translated")
            model = layer.get("transform")
            fs = [parse_transform(v, f"{apath}.values[{i}]") for i, v in enumerate(ends(model if model is not None else "none"))]
            flat = is_2d(parse_transform(model, path + ".transform"))
            if any(is_2d(f) != flat for f in fs):
                raise Refusal(apath, "the animation takes the layer in or out of the screen plane, which "
                              "changes its CSS 3D context")
            for fa, fb in zip(fs, fs[1:]):
                why = transform_math.chromium_agrees(transform_math.matrix(fa), transform_math.matrix(fb))
                if why:
                    raise Refusal(apath, why)
            if model is None:
                layer["transform"] = list(transform_math.IDENTITY)  # so the box gets its transform-origin
            self.add(path, "", "transform", [css_transform(f, apath) or "none" for f in fs], t, targets, apath,
                     matrix=True)
        elif key in SUBPATH_FUNCTION:
            if layer.get("transform") is not None or layer.get("affineTransform") is not None:
                raise Refusal(apath, "a transform sub-path is translated only on a layer without a model "
                              "transform (Lamina composes it with the model's decomposition)")
            fn, unit, model = SUBPATH_FUNCTION[key]
            layer["transform"] = list(transform_math.IDENTITY)
            self.add(path, "", "transform", [f"{fn}({float(v)!r}{unit})" for v in ends(model)], t, targets, apath)
        elif key in ("backgroundColor", "borderColor"):
            model = color(layer.get(key, None if key == "backgroundColor" else "#000000"), f"{path}.{key}")
            if model is None or model[3] == 0:
                raise Refusal(apath, f"an animated {key} needs a visible model colour (the element is drawn)")
            if key == "borderColor" and float(layer.get("borderWidth", 0)) <= 0:
                raise Refusal(apath, "an animated borderColor needs a border")
            vals = [css_color(color(v, apath) or (0, 0, 0, 0)) for v in ends(layer.get(key))]
            self.add(path, "bg" if key == "backgroundColor" else "border", key, vals, t, targets, apath)
        elif key == "borderWidth":
            if float(layer.get("borderWidth", 0)) <= 0:
                raise Refusal(apath, "an animated borderWidth needs a border in the model (the element is drawn)")
            self.add(path, "border", "borderWidth", [num(float(v)) + "px" for v in ends(layer.get("borderWidth"))],
                     t, targets, apath)
        elif key == "cornerRadius":
            if layer.get("maskedCorners") is not None:
                raise Refusal(apath, "an animated cornerRadius with maskedCorners is not translated")
            x, y, w, h = geo.bounds
            vs = [float(v) for v in ends(layer.get("cornerRadius", 0))]
            if max(vs) > min(w, h) / 2 or min(vs) < 0:
                raise Refusal(apath, "radii beyond half the shorter side are clamped; not translated")
            for child in ("bg", "border", "K"):
                self.add(path, child, "borderRadius", [num(v) + "px" for v in vs], t, targets, apath)
        else:
            raise Refusal(apath + ".keyPath", f"{key!r} is not translated")


SCRIPT = """<script>
const effects = %s, snapped = %s, scale = %s, times = %s, mode = %s;
const m16 = m => [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
                  m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44];
const box = p => document.querySelector('[data-path="' + p + '"]');
const anims = [], errors = [];
for (const e of effects) {
  const b = box(e.path);
  if (!b) { errors.push(e.path + ': no element'); continue; }
  const els = e.child ? [...b.querySelectorAll(':scope > .' + e.child)] : [b];
  if (e.child && els.length === 0 && e.child !== 'K') { errors.push(e.path + ': no .' + e.child); }
  const values = e.matrix ? e.values.map(v => 'matrix3d(' + m16(new DOMMatrix(v)).join(', ') + ')') : e.values;
  for (const el of els) {
    const frames = values.map((v, i) => {
      const f = {[e.prop]: v};
      if (e.offsets) f.offset = e.offsets[i];
      if (e.easings) f.easing = e.easings[i];
      return f;
    });
    anims.push(el.animate(frames, e.timing));
  }
}
function at(t) { for (const a of anims) { a.pause(); a.currentTime = t * 1000; } }
if (mode === 'check') {
  const out = [];
  for (const t of times) {
    at(t);
    for (const [p, prop] of snapped) {
      const v = parseFloat(getComputedStyle(box(p))[prop]);
      if (Math.abs(v * scale - Math.round(v * scale)) > 1e-6)
        out.push(`t = ${t} s: ${p} ${prop} is ${v}px, not on a device pixel (Chromium snaps box edges)`);
    }
  }
  const pre = document.createElement('pre');
  pre.id = 'out';
  pre.textContent = JSON.stringify({errors: errors.concat(out), animations: anims.length});
  document.body.appendChild(pre);
} else {
  at(times[0]);
}
</script>"""


def page(split, html, times, mode):
    """The translated page with the animations added: `mode` 'check' writes
    a JSON report of every time into the page; 'render' shows times[0]."""
    script = SCRIPT % (json.dumps(split.effects), json.dumps(split.snapped), json.dumps(split.scale),
                       json.dumps(times), json.dumps(mode))
    return html.replace("</body></html>", script + "</body></html>")
