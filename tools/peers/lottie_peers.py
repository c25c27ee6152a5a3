#!/usr/bin/env python3
"""Times ThorVG (thorvg-python) and rlottie (rlottie-python) playing
lottie-ios's development samples end to end: for each sample, the Lottie
loaded, then every frame from progress 0 to 1 at the animation's own frame
rate (frames ip, ip + 1, ... op: floor(op - ip) + 1 frames) drawn at 1920 px
on the longer side (the other side rounded) and written as a PNG file
(Pillow, compression level 6, the zlib default libpng uses), one thread
(ThorVG without worker threads; rlottie's synchronous render). Prints each
sample's ms/frame and each engine's total frames/s (all frames over all
wall time, loading included), and the same per CPU second of the
process (what a busy shared machine inflates less). Each sample is timed in a child process
(after its imports), so a library crash (rlottie 1.3.8
crashes on Issues/issue_1932 at 1920 px) costs only that sample, reported and left
out of the total.

  tools/peers/lottie_peers.py PATH_TO_LOTTIE_IOS [--engines thorvg,rlottie]
      [--samples dev|GLOB...] [--size 1920] [--out DIR] [--json OUT] [--no-png]

--no-png times the frames drawn (and converted to straight RGBA) without
the encoding, which is most of ThorVG's time at this size (LottieLogo1:
about 2 ms to draw, 31 ms to encode). --samples dev (default) is tools/lottie_ios_check/dev_samples.txt. The
PNGs go to a temporary folder that is removed afterwards unless --out is
given. Runs with the peers venv's python (~/.cache/lamina-peers-venv, or
$LAMINA_PEERS_VENV; set up by tools/lottie-ios-check --renderer thorvg /
rlottie or by hand: pip install thorvg-python==1.1.3 rlottie-python==1.3.8
numpy pillow); started with another python it re-runs itself with that one.
How each engine draws a frame: tools/lottie_ios_check/peers.py.
"""
import argparse
import json
import math
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, TOOLS)

from lottie_ios_check import peers_venv  # noqa: E402

try:
    import numpy  # noqa: F401
    from PIL import Image
    import thorvg_python  # noqa: F401
    import rlottie_python  # noqa: F401
except ImportError:
    if os.path.realpath(sys.prefix) == os.path.realpath(peers_venv.VENV) or \
            os.environ.get("LOTTIE_PEERS_REEXEC"):
        raise
    peers_venv.ensure(["thorvg", "rlottie"])
    os.environ["LOTTIE_PEERS_REEXEC"] = "1"
    os.execv(peers_venv.python(), [peers_venv.python(), os.path.abspath(__file__)] + sys.argv[1:])

from lottie_ios_check import peers, samples  # noqa: E402


def time_sample(engine, sample, size, out_dir, png=True):
    start, start_cpu = time.perf_counter(), time.process_time()
    animation, archive_images = sample.animation()
    animation = json.loads(json.dumps(animation))
    text, _ = peers.self_contained(animation, archive_images, os.path.dirname(sample.path))
    w, h = float(animation["w"]), float(animation["h"])
    scale = size / max(w, h)
    width, height = max(1, round(w * scale)), max(1, round(h * scale))
    ip, op = float(animation.get("ip", 0)), float(animation.get("op", 0))
    frames = int(math.floor(op - ip)) + 1
    player = peers.PLAYERS[engine](text, width, height, scale, (ip, op))
    load_s = time.perf_counter() - start
    stem = os.path.join(out_dir, "%s-%s" % (engine, samples.sanitize(sample.name)))
    for n in range(frames):
        rgba = player.render(float(n))
        if png:
            Image.fromarray(rgba, "RGBA").save("%s-%04d.png" % (stem, n), compress_level=6)
    total_s = time.perf_counter() - start
    cpu_s = time.process_time() - start_cpu
    return {"sample": sample.name, "engine": engine, "width": width, "height": height,
            "frames": frames, "fps_animation": animation.get("fr"), "load_ms": load_s * 1000,
            "total_ms": total_s * 1000, "ms_per_frame": total_s * 1000 / frames,
            "cpu_ms": cpu_s * 1000, "cpu_ms_per_frame": cpu_s * 1000 / frames}


def run_one(engine, name, lottie_ios, size, out_dir, png=True):
    """Times one sample in a child process (a crash in a library ends only
    that child); returns its row or raises RuntimeError."""
    command = [sys.executable, os.path.abspath(__file__), lottie_ios, "--one", engine, name,
               "--size", str(size), "--out", out_dir] + ([] if png else ["--no-png"])
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if done.returncode != 0:
        if done.returncode < 0:
            raise RuntimeError("crashed (%s)" % signal.Signals(-done.returncode).name)
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise RuntimeError(lines[-1] if lines else "exit status %d" % done.returncode)
    return json.loads(done.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lottie_ios", metavar="PATH_TO_LOTTIE_IOS")
    parser.add_argument("--engines", default="thorvg,rlottie")
    parser.add_argument("--samples", nargs="+", default=["dev"])
    parser.add_argument("--size", type=int, default=1920, help="pixels on the longer side")
    parser.add_argument("--out", help="keep the PNGs here")
    parser.add_argument("--json")
    parser.add_argument("--no-png", action="store_true",
                        help="draw (and convert to straight RGBA) without encoding PNGs")
    parser.add_argument("--one", nargs=2, metavar=("ENGINE", "SAMPLE"), help=argparse.SUPPRESS)
    args = parser.parse_args()

    all_samples = samples.find_samples(args.lottie_ios)
    if args.one:
        engine, name = args.one
        json.dump(time_sample(engine, all_samples[name], args.size, args.out, not args.no_png), sys.stdout)
        return 0
    refs = samples.select(samples.find_references(args.lottie_ios, all_samples), args.samples)
    names = []
    for r in refs:
        if r.sample is not None and r.sample.name not in names:
            names.append(r.sample.name)
    out_dir = args.out or tempfile.mkdtemp(prefix="lottie-peers-")
    os.makedirs(out_dir, exist_ok=True)
    results, totals = [], {}
    try:
        for engine in args.engines.split(","):
            version = peers.PLAYERS[engine].version()
            print("%s, one thread, %d px on the longer side, %s" % (
                version, args.size, "no PNG" if args.no_png else "PNG level 6"), flush=True)
            print("  %-44s %11s %6s %9s %9s %9s" % ("sample", "size", "frames", "load ms", "ms/frame",
                                                    "CPU ms/f"))
            frames = seconds = cpu_seconds = 0
            failed = []
            for name in names:
                try:
                    row = run_one(engine, name, args.lottie_ios, args.size, out_dir, not args.no_png)
                except RuntimeError as e:
                    print("  %-44s failed: %s" % (name, e), flush=True)
                    failed.append(name)
                    continue
                finally:
                    if not args.out:
                        for f in os.listdir(out_dir):
                            os.remove(os.path.join(out_dir, f))
                results.append(row)
                frames += row["frames"]
                seconds += row["total_ms"] / 1000
                cpu_seconds += row["cpu_ms"] / 1000
                print("  %-44s %11s %6d %9.1f %9.2f %9.2f" % (
                    name, "%dx%d" % (row["width"], row["height"]), row["frames"], row["load_ms"],
                    row["ms_per_frame"], row["cpu_ms_per_frame"]), flush=True)
            totals[engine] = {"version": version, "frames": frames, "seconds": seconds,
                              "fps": frames / seconds if seconds else None, "cpu_seconds": cpu_seconds,
                              "cpu_fps": frames / cpu_seconds if cpu_seconds else None, "failed": failed}
            print("  total: %d frames of %d samples in %.1f s: %.2f frames/s (%.1f ms/frame); "
                  "CPU time %.1f s: %.2f frames/s%s\n" % (
                      frames, len(names) - len(failed), seconds, frames / seconds if seconds else 0,
                      1000 * seconds / max(frames, 1), cpu_seconds,
                      frames / cpu_seconds if cpu_seconds else 0,
                ("; failed, left out: " + ", ".join(failed)) if failed else ""), flush=True)
    finally:
        if not args.out:
            shutil.rmtree(out_dir, ignore_errors=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": {"uname": " ".join(platform.uname()[i] for i in (0, 2, 4)),
                                   "cores": os.cpu_count()},
                       "size": args.size, "totals": totals, "results": results}, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
