#!/usr/bin/env python3
"""Times S6 "animation" (and S6-one) and S10 "changing paths" with
ThorVG's Lottie player (thorvg-python, the software rasterizer, no worker
threads): the animation of s6.py (S6, S6-one) or of s10.py (S10) as a
Lottie document, loaded once, then each timed frame is the next of the
120 (set_frame, update, draw, sync), so 120 timed frames draw the whole
sequence once. S10's rows also give frames per second (`fps`, 1000 /
the median ms).

  thorvg_peers.py [S6 S6-one S10] [--frames 120] [--warmup 1] [--to-png N] [--json OUT] [--png DIR]

The first frame (the Lottie parsed and built into a scene, frame 0 drawn)
is timed on its own as `first_frame_ms` and counts as the warm-up, as
`lamina bench` reports a first frame. `--to-png N` also times N more
frames, each drawn and then encoded as a PNG (Pillow, compression level
6, the zlib default libpng uses), as `to_png_median_ms`.
`--png DIR` writes frames 0 and 60 for check_s6.py and check_s10.py.
"""
import argparse
import io
import json
import os
import statistics
import sys
import time

import harness
import s6

SCENES = s6.VARIANTS + ["S10"]

THREADS = 0  # no worker threads: one core, as LaminaCPU draws


class Player:
    def __init__(self, variant):
        import thorvg_python as tvg
        self.tvg = tvg
        self.engine = tvg.Engine(threads=THREADS)
        if variant == "S10":
            import s10  # reads Tests/Scenes/bench/S10.json, the file `lamina bench` times
            self.width, self.height, document = s10.WIDTH, s10.HEIGHT, s10.lottie()
            assert s10.FRAMES == s6.FRAMES
        else:
            self.width, self.height = s6.layout(variant)[:2]
            s6.agree_with_bench_file(variant)  # the same animation `lamina bench` times, when it has S6
            document = s6.lottie(variant)
        self.canvas = tvg.SwCanvas(self.engine)
        self.canvas.set_target(self.width, self.height, cs=tvg.Colorspace.ABGR8888)
        self.data = json.dumps(document).encode()
        self.animation = None
        self.next = 0

    def load(self):
        tvg = self.tvg
        self.animation = tvg.LottieAnimation(self.engine)
        picture = self.animation.get_picture()
        result = picture.load_data(self.data, "lottie", None, True)
        if result != tvg.Result.SUCCESS:
            raise RuntimeError(f"ThorVG could not load the Lottie: {result}")
        total = self.animation.get_total_frame()[1]
        if round(total) != s6.FRAMES:
            raise RuntimeError(f"ThorVG reads {total} frames, expected {s6.FRAMES}")
        self.canvas.add(picture)
        self.draw(0)

    def draw(self, n):
        self.animation.set_frame(float(n))
        self.canvas.update()
        self.canvas.draw(True)
        self.canvas.sync()

    def frame(self):
        """Draws the next frame of the sequence (after frame 0: 1, 2, … 119, 0, …)."""
        self.next = (self.next + 1) % s6.FRAMES
        self.draw(self.next)

    def rgba(self):
        """Straight RGBA bytes of the canvas (opaque here: the background layer covers it)."""
        return bytes(self.canvas.buffer_arr)

    def png(self):
        from PIL import Image
        out = io.BytesIO()
        Image.frombuffer("RGBA", (self.width, self.height), self.rgba(), "raw").save(out, "PNG", compress_level=6)
        return out.getvalue()


def version():
    import thorvg_python as tvg
    try:
        from importlib.metadata import version as dist_version
        binding = dist_version("thorvg-python")
    except Exception:
        binding = "?"
    return f"ThorVG {tvg.Engine(threads=THREADS).version()[4]} (thorvg-python {binding}), Lottie, software, no worker threads"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenes", nargs="*", default=SCENES)
    parser.add_argument("--frames", type=int, default=s6.FRAMES)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--json")
    parser.add_argument("--png", help="write frames 0 and 60 of each scene here")
    parser.add_argument("--to-png", type=int, default=0, metavar="N",
                        help="also time N frames drawn and encoded as PNG")
    args = parser.parse_args()
    rows = []
    for name in args.scenes:
        if name not in SCENES:
            parser.error(f"unknown scene {name}; scenes: {', '.join(SCENES)}")
        player = Player(name)
        start = time.perf_counter()
        player.load()
        first_ms = (time.perf_counter() - start) * 1000
        for _ in range(max(args.warmup, 1) - 1):
            player.frame()
        times, cpu_times = [], []
        for _ in range(args.frames):
            start, start_cpu = time.perf_counter(), time.process_time()
            player.frame()
            times.append((time.perf_counter() - start) * 1000)
            cpu_times.append((time.process_time() - start_cpu) * 1000)
        # cpu_median_ms: the process's CPU time per frame (one thread), which a
        # busy shared machine inflates less than wall-clock time.
        row = {"scene": name, "backend": "thorvg-cpu", "median_ms": statistics.median(times),
               "p95_ms": harness.percentile(times, 0.95), "min_ms": min(times), "frames_ms": times,
               "cpu_median_ms": statistics.median(cpu_times), "first_frame_ms": first_ms}
        line = (f"{name:13s} thorvg-cpu median {row['median_ms']:9.2f} ms  p95 {row['p95_ms']:9.2f}  "
                f"min {row['min_ms']:9.2f}  CPU time {row['cpu_median_ms']:9.2f}  first {first_ms:9.2f}")
        if name == "S10":
            row["fps"] = 1000 / row["median_ms"]
            line += f"  {row['fps']:7.2f} frames/s"
        if args.to_png:
            png_times = []
            for _ in range(args.to_png):
                start = time.perf_counter()
                player.frame()
                player.png()
                png_times.append((time.perf_counter() - start) * 1000)
            row["to_png_median_ms"] = statistics.median(png_times)
            line += f"  to PNG {row['to_png_median_ms']:9.2f}"
        rows.append(row)
        print(line, flush=True)
        if args.png:
            os.makedirs(args.png, exist_ok=True)
            for n in (0, 60):
                player.draw(n)
                with open(os.path.join(args.png, f"{name}-thorvg-{n:03d}.png"), "wb") as f:
                    f.write(player.png())
    if args.json:
        import platform
        document = {"machine": {"uname": " ".join(platform.uname()[i] for i in (0, 2, 4)), "cores": os.cpu_count()},
                    "renderer": version(), "frames": args.frames, "warmup": args.warmup, "results": rows}
        with open(args.json, "w") as f:
            json.dump(document, f, indent=2)


if __name__ == "__main__":
    sys.exit(main())
