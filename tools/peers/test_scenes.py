"""scenes.py on the committed S8 and S8-none (docs/bench-scenes.md): both
read as the same backdrop and 200 cards, S8 with the fifteen blend modes in
turn and S8-none with none; a card with a key the peers do not draw, or a
mode they do not know, is refused. Needs no peer library.

  python3 -m unittest discover -s tools/peers -p 'test_*.py'
"""
import collections
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scenes as S  # noqa: E402


class BlendSceneTests(unittest.TestCase):
    def test_s8_and_s8_none(self):
        width, height, _, kind, cards, image = S.load("S8")
        self.assertEqual((width, height, kind, len(cards)), (1920, 1080, "blend", 200))
        self.assertEqual(image[1:], ("linear", "linear", (0, 0, 1920, 1080)))
        self.assertTrue(os.path.exists(image[0]))
        modes = collections.Counter(c.mode for c in cards)
        self.assertEqual(set(modes), set(S.BLEND_MODES.values()))
        self.assertTrue(all(13 <= n <= 14 for n in modes.values()), modes)
        translucent = [c for c in cards if c.opacity < 1 or c.fill[0] == "solid" and c.fill[1][3] < 255
                       or c.fill[0] == "axial" and c.fill[1][0][3] < 255]
        self.assertEqual(len(translucent), 65)
        self.assertEqual(sum(c.fill[0] == "axial" for c in cards), 25)
        self.assertEqual(sum(c.border is not None for c in cards), 12)
        _, _, _, kind, plain, same_image = S.load("S8-none")
        self.assertEqual((kind, same_image), ("blend", image))
        self.assertEqual(plain, [c._replace(mode=None) for c in cards])

    def test_refused(self):
        canvas = {"width": 100, "height": 100}
        backdrop = {"name": "backdrop", "frame": [0, 0, 100, 100], "contents": "test-image.png"}
        card = {"name": "card", "frame": [10, 10, 50, 50], "backgroundColor": "#FF0000"}
        self.assertEqual(S.blend("t", canvas, [backdrop, card])[0][0].mode, None)
        for bad in [dict(card, compositingFilter="xor"), dict(card, compositingFilter="normalBlendMode"),
                    dict(card, shadowOpacity=0.5), dict(card, type="shapeLayer"),
                    dict(card, backgroundColor=[1, 0, 0, 1]), dict(card, borderWidth=2, borderColor="#FFFFFF80")]:
            with self.assertRaises(ValueError, msg=bad):
                S.blend("t", canvas, [backdrop, bad])
        with self.assertRaises(ValueError):
            S.blend("t", canvas, [dict(backdrop, frame=[0, 0, 50, 100]), card])


if __name__ == "__main__":
    unittest.main()
