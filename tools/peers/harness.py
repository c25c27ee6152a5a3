"""The timing loop every peer script shares, the way `lamina bench` times
Lamina: warm-up frames first, then per-frame wall-clock times; median, p95
(nearest rank) and min; the same JSON shape as `lamina bench --json`, with
the peer's backend name. A peer script supplies `frame_function(name)`,
returning (draw_one_frame, rgba_of_last_frame) for a scene of scenes.PEERS,
or (draw_one_frame, rgba_of_last_frame, first_frame): then `first_frame()`
(the frame that loads fonts, shapes and lays out, and draws) is timed on
its own as `first_frame_ms` and counts as the first warm-up frame, as
`lamina bench` reports a scene's first frame.
"""
import argparse
import json
import math
import os
import platform
import statistics
import struct
import time
import zlib

import scenes as S


def percentile(values, share):
    """Nearest rank, as `lamina bench` computes it."""
    ordered = sorted(values)
    return ordered[min(len(ordered), max(1, math.ceil(share * len(ordered)))) - 1]


def straight_rgba(bgra):
    """Straight-alpha RGBA bytes from premultiplied B, G, R, A pixels (an
    (h, w, 4) uint8 array, as cairo's ARGB32 and Blend2D's PRGB32 hold them
    on a little-endian machine)."""
    import numpy as np
    rgba = bgra[..., [2, 1, 0, 3]].astype(np.float64)
    alpha = rgba[..., 3:4] / 255
    rgba[..., :3] = np.where(alpha > 0, rgba[..., :3] / np.maximum(alpha, 1e-9), 0)
    return np.clip(np.round(rgba), 0, 255).astype(np.uint8).tobytes()


def write_png(path, rgba, width, height):
    """An 8-bit RGBA PNG from straight-alpha bytes (rows top to bottom)."""
    raw = b"".join(b"\x00" + rgba[r * width * 4:(r + 1) * width * 4] for r in range(height))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6))
                + chunk(b"IEND", b""))


def main(doc, backend, renderer, frame_function, supported=S.PEERS):
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenes", nargs="*", default=supported)
    parser.add_argument("--frames", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--json")
    parser.add_argument("--png", help="also write each scene's last frame here")
    args = parser.parse_args()
    rows = []
    for name in args.scenes:
        if name not in supported:
            parser.error(f"unknown scene {name}; scenes: {', '.join(supported)}")
        frame, snapshot, *first = frame_function(name)
        first_ms = None
        untimed = args.warmup
        if first:
            start = time.perf_counter()
            first[0]()
            first_ms = (time.perf_counter() - start) * 1000
            untimed = max(args.warmup, 1) - 1
        times = []
        for i in range(untimed + args.frames):
            start = time.perf_counter()
            frame()
            ms = (time.perf_counter() - start) * 1000
            if i >= untimed:
                times.append(ms)
        row = {"scene": name, "backend": backend, "median_ms": statistics.median(times),
               "p95_ms": percentile(times, 0.95), "min_ms": min(times), "frames_ms": times}
        if first_ms is not None:
            row["first_frame_ms"] = first_ms
        rows.append(row)
        print(f"{name:13s} {backend:9s} median {row['median_ms']:9.2f} ms  p95 {row['p95_ms']:9.2f}  "
              f"min {row['min_ms']:9.2f}" + (f"  first {first_ms:9.2f}" if first_ms is not None else ""),
              flush=True)
        if args.png:
            os.makedirs(args.png, exist_ok=True)
            width, height, rgba = snapshot()
            write_png(os.path.join(args.png, f"{name}-{backend}.png"), rgba, width, height)
    if args.json:
        document = {"machine": {"uname": " ".join(platform.uname()[i] for i in (0, 2, 4)), "cores": os.cpu_count()},
                    "renderer": renderer, "frames": args.frames, "warmup": args.warmup, "results": rows}
        with open(args.json, "w") as f:
            json.dump(document, f, indent=2)
