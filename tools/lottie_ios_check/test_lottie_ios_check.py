"""Unit tests of the checker's comparison, naming and configuration
reading (no lottie-ios checkout needed). Skipped without numpy and Pillow."""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

try:
    import numpy as np
    import PIL  # noqa: F401
except ImportError:
    np = None

if np is not None:
    from lottie_ios_check import compare, features, samples


@unittest.skipIf(np is None, "needs numpy and Pillow")
class CompareTests(unittest.TestCase):
    def test_threshold_is_swift_float32(self):
        self.assertEqual(compare.threshold(0.97), np.float32(2.9999971))
        self.assertLess(compare.threshold(0.97), np.float32(3.0))

    def test_lab_of_linear_srgb(self):
        L, a, b = compare.lab(np.array([[1, 1, 1], [0, 0, 0], [1, 0, 0]], dtype=np.float32))
        np.testing.assert_allclose(L, [100, 0, 53.2408], atol=2e-3)
        np.testing.assert_allclose(a, [0, 0, 80.0925], atol=2e-3)
        np.testing.assert_allclose(b, [0, 0, 67.2032], atol=2e-3)

    def test_delta_e94_terms(self):
        f = np.float32
        same = compare.delta_e94_lab((f(50), f(10), f(10)), (f(50), f(10), f(10)))
        self.assertEqual(same, 0)
        lightness = compare.delta_e94_lab((f(50), f(0), f(0)), (f(47), f(0), f(0)))
        self.assertAlmostEqual(float(lightness), 3.0, places=5)
        # chroma only: ΔC / (1 + 0.045 C1), C1 of the standard (the first)
        chroma = compare.delta_e94_lab((f(50), f(40), f(0)), (f(50), f(30), f(0)))
        self.assertAlmostEqual(float(chroma), 10 / (1 + 0.045 * 40), places=4)
        # hue only: ΔH / (1 + 0.015 C1)
        hue = compare.delta_e94_lab((f(50), f(40), f(0)), (f(50), f(0), f(40)))
        self.assertAlmostEqual(float(hue), np.hypot(40, 40) / (1 + 0.015 * 40), places=3)

    def test_transparent_reads_as_black(self):
        ref = np.zeros((4, 4, 4), dtype=np.uint8)
        new = ref.copy()
        new[..., :3] = 200  # colour under zero alpha
        r = compare.compare(ref, new)
        self.assertTrue(r.passed)
        self.assertEqual(r.share, 0)

    def test_black_drawing_passes_against_empty_but_not_on_white(self):
        ref = np.zeros((10, 10, 4), dtype=np.uint8)
        ref[:5, :, 3] = 255  # opaque black top half
        r = compare.compare(ref, np.zeros_like(ref))
        self.assertTrue(r.passed)
        self.assertAlmostEqual(r.white_share, 0.5)

    def test_failing_share_and_precision(self):
        ref = np.zeros((10, 20, 4), dtype=np.uint8)
        ref[..., 3] = 255
        ref[..., :3] = 128
        new = ref.copy()
        new[0, :3, :3] = 255  # 3 of 200 pixels differ a lot: 1.5 %
        r = compare.compare(ref, new, precision=0.985)
        self.assertAlmostEqual(r.share, 0.015)
        self.assertTrue(r.passed)  # 1 - 0.015 >= 0.985 in Float32
        new[0, 3, :3] = 255
        self.assertFalse(compare.compare(ref, new, precision=0.985).passed)
        new[0, 4, :3] = 129  # a step of one level is far below ΔE 3
        self.assertAlmostEqual(compare.compare(ref, new).share, 0.02)

    def test_size_mismatch_fails(self):
        r = compare.compare(np.zeros((2, 2, 4), np.uint8), np.zeros((2, 3, 4), np.uint8))
        self.assertFalse(r.passed)
        self.assertTrue(r.size_mismatch)


@unittest.skipIf(np is None, "needs numpy and Pillow")
class SampleTests(unittest.TestCase):
    def test_sanitize(self):
        self.assertEqual(samples.sanitize("Issues/issue_1407 (25%)"), "Issues-issue_1407-25")
        self.assertEqual(samples.sanitize("Issues/issue_2209 (Frame 4)"), "Issues-issue_2209-Frame-4")

    def test_sample_name(self):
        self.assertEqual(samples.sample_name("DotLottie/animation.lottie"), "DotLottie/animation")
        self.assertEqual(samples.sample_name("DotLotExtension/Switch.lot"), "DotLotExtension/Switch")

    def test_snapshot_geometry(self):
        self.assertEqual(samples.snapshot_geometry(375, 667)[:2], (563, 1000))
        self.assertEqual(samples.snapshot_geometry(100, 58.84)[:2], (200, 118))
        self.assertEqual(samples.snapshot_geometry(1920, 1080)[:2], (1000, 563))
        self.assertEqual(samples.snapshot_geometry(500, 500), (1000, 1000, 2.0))

    def test_config_entry(self):
        c = samples.parse_config_entry('''SnapshotConfiguration
          .customTextProvider(DictionaryTextProvider(["a.b": "x", "c": "y"]))
          .progressValuesToSnapshot([0.3, 0.75])''')
        self.assertTrue(c.text_provider)
        self.assertEqual(c.progresses, [0.3, 0.75])
        c = samples.parse_config_entry('''.customValueProviders([
          "**.base_color.**.Color": ColorValueProvider(.black)
        ]).precision(0.95)''')
        self.assertEqual(c.value_providers, ["**.base_color.**.Color"])
        self.assertAlmostEqual(c.precision, 0.95)
        c = samples.parse_config_entry(".customImageProvider(HardcodedImageProvider(imageName: \"x.png\"))"
                                       ".nonanimating().precision(0.9)")
        self.assertEqual(c.progresses, [0.0])
        self.assertTrue(c.image_provider)

    def test_features(self):
        doc = {"layers": [{"ty": 4, "tt": 1, "bm": 1, "shapes": [
            {"ty": "gr", "it": [{"ty": "rc"}, {"ty": "tm"}, {"ty": "gf", "t": 2}]}]},
            {"ty": 0, "refId": "p", "masksProperties": [{"mode": "s", "inv": True}]}],
            "assets": [{"id": "p", "layers": [{"ty": 5, "t": {}, "ks": {"o": {"k": 1, "x": "x"}}}]}]}
        tags = features.features(doc)
        for t in ("shape", "precomp", "text", "matte:alpha", "blend:multiply", "item:rect", "trim",
                  "gradient:radial", "mask:subtract", "mask:inverted", "expression"):
            self.assertIn(t, tags)


if __name__ == "__main__":
    unittest.main()
