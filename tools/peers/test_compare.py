"""compare.py on small documents of the shapes `lamina bench --json` and
the peer scripts write: Lamina's S6 and S6-one (the `sequences` rows, from
a second Lamina file) show beside ThorVG's, as lower + full ms in the main
table and with the incremental frame in the sequences table; a Lamina file
without sequences leaves the S6 cells dashed.

S8's time over S8-none's shows per renderer that drew both.

S10 (a sequence with a Skia and a ThorVG peer) shows in the main table as
ratios to Skia's, and in a table of its own as ms a frame and frames/s.

  python3 tools/peers/test_compare.py
"""
import contextlib
import io
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402

MACHINE = {"uname": "Linux", "cores": 2}
LAMINA = {"machine": MACHINE, "gl_renderer": "llvmpipe", "frames": 5, "warmup": 1, "sequences": [],
          "results": [{"scene": "S1", "backend": "gl", "median_ms": 34.5},
                      {"scene": "S1", "backend": "cpu", "median_ms": 16.6}]}
SEQUENCES = {"machine": MACHINE, "gl_renderer": "llvmpipe", "frames": 5, "warmup": 1, "results": [],
             "sequences": [{"scene": "S6-one", "backend": "cpu", "frames": 120, "lower_ms": 6.5, "full_ms": 12.5,
                            "incremental_ms": 1.25, "share": 0.1, "damaged_tiles": 0.012}]}
SKIA = {"renderer": "Skia", "frames": 5, "warmup": 1,
        "results": [{"scene": "S1", "backend": "skia-cpu", "median_ms": 134.5}]}
THORVG = {"renderer": "ThorVG", "frames": 120, "warmup": 1,
          "results": [{"scene": "S6-one", "backend": "thorvg-cpu", "median_ms": 190.0, "first_frame_ms": 300.0}]}


def run(*documents):
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for n, document in enumerate(documents):
            paths.append(os.path.join(folder, f"{n}.json"))
            with open(paths[-1], "w") as f:
                json.dump(document, f)
        out = io.StringIO()
        argv = sys.argv
        sys.argv = ["compare.py"] + paths
        try:
            with contextlib.redirect_stdout(out):
                compare.main()
        finally:
            sys.argv = argv
        return out.getvalue()


def row(text, scene):
    return next(line.split() for line in text.splitlines() if line.startswith(scene + " "))


class CompareTests(unittest.TestCase):
    def test_lamina_sequences_beside_thorvg(self):
        text = run(LAMINA, SKIA, THORVG, SEQUENCES)
        # Main table: LaminaGL (none), LaminaCPU 6.5 + 12.5 = 19.00, 19 / 190 = 0.10 of ThorVG's.
        self.assertEqual(row(text, "S6-one"), ["S6-one", "—", "—", "19.00", "0.10†", "—", "—", "190.00", "1.00†"])
        # Sequences table: lower, full, incr, share, whole and its ratio, lower + incr (7.75) and its ratio, ThorVG.
        sequences = text[text.index("Lamina's sequences"):]
        self.assertEqual(row(sequences, "S6-one"),
                         ["S6-one", "cpu", "6.50", "12.50", "1.25", "10.0%", "19.00", "0.10†", "7.75", "0.04†", "190.00"])

    def test_without_sequences_lamina_s6_is_a_dash(self):
        text = run(LAMINA, SKIA, THORVG)
        self.assertEqual(row(text, "S6-one")[1:5], ["—", "—", "—", "—"])
        self.assertNotIn("Lamina's sequences", text)

    def test_blend_cost(self):
        lamina = dict(LAMINA, results=LAMINA["results"] + [
            {"scene": "S8", "backend": "cpu", "median_ms": 30.0},
            {"scene": "S8-none", "backend": "cpu", "median_ms": 20.0},
            {"scene": "S8", "backend": "gl", "median_ms": 50.0}])
        skia = dict(SKIA, results=SKIA["results"] + [
            {"scene": "S8", "backend": "skia-cpu", "median_ms": 26.0},
            {"scene": "S8-none", "backend": "skia-cpu", "median_ms": 16.0}])
        text = run(lamina, skia)
        cost = text[text.index("the blend modes' cost"):]
        # LaminaGL drew S8 only (a dash); LaminaCPU 30 / 20; Skia 26 / 16.
        self.assertEqual(row(cost, "S8 / S8-none"), ["S8", "/", "S8-none", "—", "1.50×", "1.62×"])
        self.assertNotIn("the blend modes' cost", run(LAMINA, SKIA))


    def test_s10_in_ms_and_frames_per_second(self):
        sequences = dict(SEQUENCES, sequences=SEQUENCES["sequences"] + [
            {"scene": "S10", "backend": "cpu", "frames": 120, "lower_ms": 2.0, "full_ms": 18.0,
             "incremental_ms": 14.0, "share": 0.78, "damaged_tiles": 0.5}])
        skia = dict(SKIA, results=SKIA["results"] + [
            {"scene": "S10", "backend": "skia-cpu", "median_ms": 8.0, "fps": 125.0}])
        thorvg = dict(THORVG, results=THORVG["results"] + [
            {"scene": "S10", "backend": "thorvg-cpu", "median_ms": 5.0, "first_frame_ms": 9.0, "fps": 200.0}])
        text = run(LAMINA, skia, thorvg, sequences)
        # Main table: LaminaCPU 2 + 18 = 20.00, 2.5 times Skia's 8; ThorVG 5 / 8.
        self.assertEqual(row(text, "S10"), ["S10", "—", "—", "20.00", "2.50×", "8.00", "1.00×", "5.00", "0.62×"])
        table = text[text.index("S10: median ms a frame and frames per second"):]
        self.assertEqual(row(table, "LaminaCPU whole"), ["LaminaCPU", "whole", "20.00", "50.0", "2.50×"])
        self.assertEqual(row(table, "LaminaCPU +incr"), ["LaminaCPU", "+incr", "16.00", "62.5", "2.00×"])
        self.assertEqual(row(table, "skia-cpu"), ["skia-cpu", "8.00", "125.0", "1.00×"])
        self.assertEqual(row(table, "thorvg-cpu"), ["thorvg-cpu", "5.00", "200.0", "0.62×"])
        self.assertNotIn("LaminaGL", table.split("whole:")[0])
        self.assertNotIn("S10: median ms a frame", run(LAMINA, SKIA, THORVG, SEQUENCES))


if __name__ == "__main__":
    unittest.main()
