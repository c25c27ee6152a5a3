#!/usr/bin/env python3
"""Checks that the ThorVG peer draws S6 right, against Lamina's CPU render
of the same animation (s6.lamina_scene, rendered by `lamina render --time`)
at frames 0 and 60 (t = 0 and 1 s):

1. motion, within ThorVG's own frames: between frame 0 and frame 60 every
   animated card's neighbourhood changes and nothing outside the
   neighbourhoods of the animated cards changes (the static cards did not
   move);
2. likeness, frame by frame, over the whole canvas and over each animated
   card's neighbourhood alone (so one card in the wrong place fails),
   within the named tolerance LOOSE below;
3. the tolerance can fail: Lamina's frame moved one pixel right is
   refused, and so is every card of ThorVG's frame 0 against Lamina's
   frame 60.

  check_s6.py [--lamina PATH] [--out DIR]

Exit status 0 when every check holds. Needs the peers' venv (numpy,
Pillow, thorvg-python) and a `lamina` binary ($LAMINA or --lamina).
"""
import argparse
import json
import os
import subprocess
import sys

import numpy as np
from PIL import Image

import s6
import thorvg_peers

# How far two faithful renders of S6 may differ, per 8-bit channel. The
# renderers differ where they are meant to: ThorVG blurs a shadow with a
# kernel of its own (a box-blur approximation whose tail stops at about 2σ,
# its σ fitted from an edge as 0.225 × softness; Lamina's Gaussian is exact
# to 3σ), so shadow falloffs differ by a few levels over wide areas, and
# rounded-rect edges are anti-aliased differently (up to ~60 levels along a
# one-pixel rim). Measured (2026-11-25, ThorVG 1.0.4, RGB): 2.2 % of
# pixels beyond 8 levels, 0.08 % beyond 32, PSNR 39 dB over the canvas at
# frames 0 and 60, and no animated card's neighbourhood worse than 2.8 %
# and 0.1 %; Lamina's frame moved one pixel gives 4.8 % beyond 32.
LOOSE = {"beyond8": 0.05, "beyond32": 0.004, "psnr": 34.0}


def differences(a, b):
    d = np.abs(a.astype(int) - b.astype(int))
    per_pixel = d.max(axis=2)
    mse = (d.astype(float) ** 2).mean()
    return {"beyond8": float((per_pixel > 8).mean()), "beyond32": float((per_pixel > 32).mean()),
            "psnr": float("inf") if mse == 0 else 10 * np.log10(255 ** 2 / mse)}


def violations(stats):
    out = []
    if stats["beyond8"] > LOOSE["beyond8"]:
        out.append(f"{stats['beyond8']:.2%} of pixels beyond 8 levels > {LOOSE['beyond8']:.2%}")
    if stats["beyond32"] > LOOSE["beyond32"]:
        out.append(f"{stats['beyond32']:.3%} beyond 32 > {LOOSE['beyond32']:.3%}")
    if stats["psnr"] < LOOSE["psnr"]:
        out.append(f"PSNR {stats['psnr']:.1f} dB < {LOOSE['psnr']} dB")
    return out


def neighbourhoods(variant, shape):
    """A mask of every animated card's reach at t = 0 and t = 1: its card
    turned about its centre (radius 72 px), moved by up to its (dx, dy),
    and its shadow (offset up to 16, 3σ up to 24)."""
    _, _, _, cards, moves = s6.layout(variant)
    mask = np.zeros(shape, bool)
    boxes = []
    for k, (dx, dy) in moves.items():
        x, y, w, h, _, _ = cards[k]
        cx, cy = x + w / 2, y + h / 2
        reach = (w * w + h * h) ** 0.5 / 2 + 30
        x0, x1 = int(cx - reach + min(dx, 0)), int(cx + reach + max(dx, 0)) + 1
        y0, y1 = int(cy - reach + min(dy, 0)), int(cy + reach + max(dy, 0) + 16) + 1
        mask[max(y0, 0):max(y1, 0), max(x0, 0):max(x1, 0)] = True
        boxes.append((k, max(x0, 0), max(y0, 0), x1, y1))
    return mask, boxes


def rgb(path):
    return np.asarray(Image.open(path).convert("RGB"))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lamina", default=os.environ.get("LAMINA", ".build/release/lamina"))
    parser.add_argument("--out", default=os.environ.get("LAMINA_PEERS_OUT", ".build/peers") + "/s6-check")
    parser.add_argument("--variant", default="S6", choices=s6.VARIANTS)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    variant = args.variant
    scene = os.path.join(args.out, f"{variant}.json")
    with open(scene, "w") as f:
        json.dump(s6.lamina_scene(variant), f)
    player = thorvg_peers.Player(variant)
    player.load()
    thorvg, lamina = {}, {}
    for n in (0, 60):
        player.draw(n)
        path = os.path.join(args.out, f"{variant}-thorvg-{n:03d}.png")
        with open(path, "wb") as f:
            f.write(player.png())
        thorvg[n] = rgb(path)
        path = os.path.join(args.out, f"{variant}-lamina-{n:03d}.png")
        subprocess.run([args.lamina, "render", scene, "--time", str(n / s6.FPS), "--backend", "cpu", "-o", path],
                       check=True, stdout=subprocess.DEVNULL)
        lamina[n] = rgb(path)
    failures = []
    mask, boxes = neighbourhoods(variant, thorvg[0].shape[:2])
    moved = np.abs(thorvg[0].astype(int) - thorvg[60].astype(int)).max(axis=2) > 0
    outside = int(moved[~mask].sum())
    print(f"motion: {outside} pixels changed outside the animated cards' reach (must be 0)")
    if outside:
        failures.append(f"{outside} pixels changed outside the animated cards' reach")
    for k, x0, y0, x1, y1 in boxes:
        if not moved[y0:y1, x0:x1].any():
            failures.append(f"card{k} did not move between frames 0 and 60")
    print(f"motion: {sum(moved[y0:y1, x0:x1].any() for _, x0, y0, x1, y1 in boxes)} of {len(boxes)} animated cards changed")
    def card_stats(a, b):
        """Each animated card's neighbourhood on its own, the worst first."""
        rows = [(k, differences(a[y0:y1, x0:x1], b[y0:y1, x0:x1])) for k, x0, y0, x1, y1 in boxes]
        return sorted(rows, key=lambda r: (len(violations(r[1])), r[1]["beyond8"]), reverse=True)

    for n in (0, 60):
        stats = differences(thorvg[n], lamina[n])
        rows = [("canvas", stats)] + [(f"card{k} (worst card)", st) for k, st in card_stats(thorvg[n], lamina[n])[:1]]
        for where, st in rows:
            bad = violations(st)
            print(f"frame {n:3d} {where:20s}: {st['beyond8']:.2%} beyond 8, {st['beyond32']:.3%} beyond 32, "
                  f"PSNR {st['psnr']:.1f} dB" + (f"  FAIL: {'; '.join(bad)}" if bad else ""))
        failures += [f"frame {n} canvas: {b}" for b in violations(stats)]
        failures += [f"frame {n} card{k}: {b}" for k, st in card_stats(thorvg[n], lamina[n]) for b in violations(st)]
    wrong = {"Lamina's frame 0 moved one pixel right": [differences(thorvg[0], np.roll(lamina[0], 1, axis=1))],
             "ThorVG's frame 0 against Lamina's frame 60, card by card": [
                 st for _, st in card_stats(thorvg[0], lamina[60])]}
    for name, stats in wrong.items():
        refused = sum(1 for st in stats if violations(st))
        bad = [f"{refused} of {len(stats)} refused"] if refused == len(stats) else []
        print(f"must fail: {name}: " + ("; ".join(bad) if bad else
                                          f"only {refused} of {len(stats)} refused (the tolerance is too loose)"))
        if not bad:
            failures.append(f"the tolerance accepts {name}")
    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        return 1
    print("S6 check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
