#!/usr/bin/env python3
"""Checks of translate_animation.py that need no Chromium: the timing
mapping and the refusals (each names the JSON path and why).

Run: python3 tools/references/test_translate_animation.py
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from translate import Refusal  # noqa: E402
from translate_animation import Split, timing  # noqa: E402


def scene(*animations, **layer):
    box = {"bounds": [0, 0, 20, 20], "position": [30, 30], "backgroundColor": "#ff0000",
           "animations": list(animations)}
    box.update(layer)
    return {"version": 2, "canvas": {"width": 60, "height": 60, "background": "#ffffff"}, "layers": [box]}


def basic(key, a, b, **kw):
    return dict(type="basic", keyPath=key, fromValue=a, toValue=b, duration=1, **kw)


class TimingTests(unittest.TestCase):
    def test_speed_repeat_autoreverse_fill_and_curve(self):
        t = timing({"duration": 1, "speed": 2, "beginTime": 0.2, "autoreverses": True, "repeatCount": 1.5,
                    "fillMode": "kCAFillModeForwards", "timingFunction": "easeIn"}, "a")
        self.assertEqual(t, {"delay": 200.0, "duration": 500.0, "iterations": 3.0, "direction": "alternate",
                             "fill": "forwards", "easing": "cubic-bezier(0.42, 0, 1, 1)"})

    def test_defaults(self):
        t = timing({}, "a")
        self.assertEqual((t["duration"], t["iterations"], t["fill"], t["easing"]), (250.0, 1, "none", "linear"))

    def test_repeat_duration_counts_one_direction_per_iteration(self):
        self.assertEqual(timing({"duration": 0.4, "repeatDuration": 1.0, "autoreverses": True}, "a")["iterations"], 2.5)


class RefusalTests(unittest.TestCase):
    def refused(self, doc, where):
        with self.assertRaises(Refusal) as e:
            Split(doc)
        self.assertIn(where, str(e.exception))
        return str(e.exception)

    def test_refusals_name_the_path(self):
        self.refused(scene(basic("opacity", 0, 1, speed=-1)), "layers[0].animations[0].speed")
        self.refused(scene(basic("opacity", 0, 1, timeOffset=0.5)), "layers[0].animations[0].timeOffset")
        self.refused(scene({"type": "basic", "keyPath": "opacity", "byValue": 0.5}), "animations[0].byValue")
        self.refused(scene(basic("opacity", 0, 1, additive=True)), "animations[0].additive")
        self.refused(scene({"type": "spring", "keyPath": "opacity", "fromValue": 0, "toValue": 1}), "animations[0].type")
        self.refused(scene(basic("shadowOpacity", 0, 1)), "animations[0].keyPath")
        self.refused(scene({"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "calculationMode": "paced"}),
                     "animations[0].calculationMode")
        self.refused(scene({"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0.2, 1]}),
                     "animations[0].keyTimes")
        self.refused(scene(basic("position.x", 10, 40), basic("position", [10, 30], [40, 30])), "animations[1]")
        self.refused(scene(basic("opacity", 0, 1), beginTime=1), "layers[0].beginTime")
        self.refused(scene(basic("opacity", 0, 1), shadowOpacity=0.5), "layers[0].shadowOpacity")

    def test_transform_pairs_chromium_interpolates_differently(self):
        why = self.refused(scene(basic("transform", "rotateX(170deg)", "rotateX(-170deg)"),
                                 transform="rotateX(170deg)"), "animations[0]")
        self.assertIn("short way", why)
        why = self.refused(scene(basic("transform", "scale(1, 1)", "scale(-1, 1)")), "animations[0]")
        self.assertIn("2D", why)
        self.refused(scene(basic("transform", "none", "rotateY(30deg)")), "out of the screen plane")

    def test_accepted_scene_keeps_the_model_and_drops_the_animations(self):
        s = Split(scene(basic("transform.rotation.z", 0, 6.283185307179586), basic("opacity", 1, 0.5)))
        self.assertNotIn("animations", s.scene["layers"][0])
        self.assertEqual([e["prop"] for e in s.effects], ["transform", "opacity"])
        self.assertEqual(s.effects[0]["values"], ["rotate(0.0rad)", "rotate(6.283185307179586rad)"])


if __name__ == "__main__":
    unittest.main()
