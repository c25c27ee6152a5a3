#!/usr/bin/env python3
"""Checks of the compositingFilter translation (translate.py, plan_blends)
that need no Chromium: the mode names, where a box stops or starts being an
isolated group, and the refusals (each names the JSON path and why).

Run: python3 tools/references/test_translate_blend.py
"""
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from translate import BLEND_MODES, Refusal, Translator  # noqa: E402


def page(*layers):
    doc = {"version": 2, "canvas": {"width": 100, "height": 100, "background": "#808080"}, "layers": list(layers)}
    return Translator(doc, ".", 1).page()


def box(path, html):
    """The style of the box B (or T) of the layer at `path`."""
    m = re.search(f"data-path='{re.escape(path)}' style='([^']*)'", html)
    assert m, f"no box {path}"
    return dict(p.split(":", 1) for p in m.group(1).split(";"))


def card(frame, mode=None, **kw):
    out = {"frame": frame, "backgroundColor": "#FF0000"}
    if mode is not None:
        out["compositingFilter"] = mode
    out.update(kw)
    return out


class ModeTests(unittest.TestCase):
    def test_every_mode_is_its_css_name(self):
        for name, css in BLEND_MODES.items():
            s = box("layers[0]", page(card([10, 10, 20, 20], name)))
            self.assertEqual(s.get("mix-blend-mode"), css, name)

    def test_a_mode_on_the_box_with_its_opacity_and_shadow(self):
        s = box("layers[0]", page(card([10, 10, 20, 20], "multiplyBlendMode", opacity=0.5, shadowOpacity=0.5)))
        self.assertEqual((s["mix-blend-mode"], s["opacity"]), ("multiply", "0.5"))
        self.assertIn("drop-shadow", s["filter"])

    def test_no_key_and_null_change_nothing(self):
        plain = page(card([10, 10, 20, 20]))
        self.assertEqual(page(card([10, 10, 20, 20], None)), plain)
        self.assertEqual(page(card([10, 10, 20, 20], "normalBlendMode")), plain)
        self.assertNotIn("mix-blend-mode", plain)


class IsolationTests(unittest.TestCase):
    def test_a_plain_superlayer_does_not_cut_the_backdrop(self):
        html = page({"frame": [0, 0, 60, 60], "sublayers": [card([10, 10, 20, 20], "screenBlendMode")]})
        self.assertNotIn("z-index", box("layers[0]", html))  # no stacking context: the canvas shows through
        self.assertEqual(box("layers[0].sublayers[0]", html)["z-index"], "0")

    def test_a_faded_group_stays_isolated_and_what_is_inside_it_does_not(self):
        html = page({"frame": [0, 0, 80, 80], "opacity": 0.5, "backgroundColor": "#0000FF", "sublayers": [
            {"frame": [5, 5, 60, 60], "sublayers": [card([10, 10, 20, 20], "differenceBlendMode")]}]})
        group = box("layers[0]", html)
        self.assertEqual((group["opacity"], group["z-index"]), ("0.5", "0"))
        self.assertNotIn("z-index", box("layers[0].sublayers[0]", html))
        self.assertEqual(box("layers[0].sublayers[0].sublayers[0]", html)["mix-blend-mode"], "difference")

    def test_a_faded_layer_with_only_a_blended_sublayer_is_its_group(self):
        # faded, but drawing nothing below its one blended sublayer: still a
        # group (a sublayer that draws counts as more than one primitive)
        html = page({"frame": [0, 0, 80, 80], "opacity": 0.5, "sublayers": [card([10, 10, 20, 20], "hueBlendMode")]})
        self.assertEqual(box("layers[0]", html)["z-index"], "0")

    def test_a_transparent_shadow_opens_no_group(self):
        # a shadow of a transparent colour is not cast (Lamina's ShadowKind),
        # so the layer is no surface: its blended sublayer sees the canvas
        html = page({"frame": [0, 0, 80, 80], "shadowOpacity": 1, "shadowColor": "#00000000",
                     "backgroundColor": "#FFFFFF", "sublayers": [card([10, 10, 20, 20], "multiplyBlendMode")]})
        s = box("layers[0]", html)
        self.assertNotIn("isolation", s)
        self.assertNotIn("z-index", s)
        self.assertNotIn("filter", s)

    def test_masked_group_keeps_its_mask_as_the_group(self):
        html = page({"frame": [0, 0, 80, 80], "mask": {"frame": [0, 0, 80, 80], "backgroundColor": "#000000"},
                     "sublayers": [{"frame": [0, 0, 40, 40], "sublayers": [card([5, 5, 20, 20], "colorBurnBlendMode")]}]})
        self.assertIn("mask-image", html)
        self.assertNotIn("isolation", html)
        self.assertNotIn("z-index", box("layers[0].sublayers[0]", html))


class RefusalTests(unittest.TestCase):
    def refused(self, where, *layers):
        with self.assertRaises(Refusal) as e:
            page(*layers)
        self.assertIn(where, str(e.exception))
        return str(e.exception)

    def test_xor_and_unknown_names(self):
        why = self.refused("layers[0].compositingFilter", card([10, 10, 20, 20], "xor"))
        self.assertIn("Porter-Duff", why)
        self.refused("layers[0].compositingFilter", card([10, 10, 20, 20], "plusLighter"))
        self.refused("layers[0].sublayers[0].compositingFilter",
                     {"frame": [0, 0, 50, 50], "sublayers": [card([10, 10, 20, 20], "xor")]})

    def test_under_a_transformed_superlayer_over_the_canvas(self):
        why = self.refused("layers[0].sublayers[0].compositingFilter", {
            "bounds": [0, 0, 60, 60], "position": [50, 50], "transform": "rotate(10deg)",
            "sublayers": [card([10, 10, 20, 20], "multiplyBlendMode")]})
        self.assertIn("stacking context", why)
        self.refused("layers[0].sublayers[0].compositingFilter", {
            "frame": [0, 0, 60, 60], "sublayerTransform": "scale(2)",
            "sublayers": [card([10, 10, 20, 20], "multiplyBlendMode")]})

    def test_3d_blend_needs_its_backdrop_inside_the_3d_context(self):
        tilted = card([10, 10, 40, 40], "screenBlendMode")
        tilted.pop("frame")
        tilted.update(bounds=[0, 0, 40, 40], position=[30, 30], transform="perspective(200px) rotateY(30deg)")
        backdrop = {"frame": [0, 0, 60, 60], "backgroundColor": "#0000FF", "zPosition": -50}
        # at the top level the canvas background lies outside the preserve-3d wrapper
        self.refused("layers[1].compositingFilter", backdrop, tilted)
        # in a faded group that draws nothing of its own, the wrapper holds the whole backdrop
        html = page({"frame": [0, 0, 80, 80], "opacity": 0.9, "sublayers": [backdrop, tilted]})
        self.assertEqual(box("layers[0].sublayers[1]", html)["mix-blend-mode"], "screen")
        # ... nor under a perspective sublayerTransform (Chromium draws the isolated 3D space flat)
        self.refused("layers[0].sublayers[1].compositingFilter",
                     {"frame": [0, 0, 80, 80], "opacity": 0.9, "sublayerTransform": "perspective(300px)",
                      "sublayers": [backdrop, tilted]})
        # a 2D sublayerTransform is kept
        page({"frame": [0, 0, 80, 80], "opacity": 0.9, "sublayerTransform": "rotate(5deg)",
              "sublayers": [backdrop, tilted]})
        # ... but not when the group has a background below the wrapper
        self.refused("layers[0].sublayers[1].compositingFilter",
                     {"frame": [0, 0, 80, 80], "opacity": 0.9, "backgroundColor": "#FFFFFF",
                      "sublayers": [backdrop, tilted]})

    def test_blends_the_translation_cannot_group_as_the_contract_does(self):
        self.refused("layers[0].sublayers[0].compositingFilter",
                     {"frame": [0, 0, 50, 50], "opacity": 0.5, "allowsGroupOpacity": False,
                      "sublayers": [card([10, 10, 20, 20], "multiplyBlendMode")]})
        self.refused("layers[0].compositingFilter",
                     {"type": "transformLayer", "frame": [0, 0, 50, 50], "compositingFilter": "multiplyBlendMode"})
        self.refused("layers[0].mask.compositingFilter",
                     card([0, 0, 50, 50], mask={"frame": [0, 0, 50, 50], "backgroundColor": "#000000",
                                                 "compositingFilter": "multiplyBlendMode"}))


if __name__ == "__main__":
    unittest.main()
