"""The benchmark scenes S1, S2 and S3 of docs/bench-scenes.md, as plain data.

Lamina builds the same scenes as layer trees (Sources/lamina/Bench/
PeerScenes.swift); both sides use the one 32-bit LCG below and Python's
half-to-even `round`, so the layouts agree to the pixel. Everything a peer
renderer needs is here; the renderer scripts only draw.
"""
import math

import numpy as np

BACKGROUND = (238, 238, 238)  # #EEEEEE
BORDER = (51, 51, 51)  # #333333
SHADOW_OFFSET = (0.0, 4.0)
SHADOW_ALPHA = 0.5


class LCG:
    """state = (1664525 * state + 1013904223) mod 2^32; u = state / 2^32."""

    def __init__(self, seed):
        self.state = seed % 2**32

    def next(self):
        self.state = (1664525 * self.state + 1013904223) % 2**32
        return self.state / 2**32


def s1_cards():
    """S1: 1920x1080, 1000 cards of 120x80, radius 12, sigma 4.
    Returns the top-left corners in draw order."""
    rng = LCG(12345)
    columns, rows = 40, 25
    step_x = (1920 - 120 - 40) / (columns - 1)
    step_y = (1080 - 80 - 40) / (rows - 1)
    corners = []
    for r in range(rows):
        for c in range(columns):
            jx = (rng.next() * 2 - 1) * 6
            jy = (rng.next() * 2 - 1) * 6
            corners.append((round(20 + c * step_x + jx), round(20 + r * step_y + jy)))
    return corners


def s3_rects():
    """S3: the 200 destination rectangles (x, y, w, h) of the test image, in
    draw order (log-spaced scales, random centres, Fisher-Yates shuffle)."""
    rng = LCG(777)
    rects = []
    for i in range(200):
        scale = 0.05 * (3.0 / 0.05) ** (i / 199)
        cx, cy = rng.next() * 1920, rng.next() * 1080
        size = 1024 * scale
        rects.append((cx - size / 2, cy - size / 2, size, size))
    for i in range(199, 0, -1):
        j = int(rng.next() * (i + 1))
        rects[i], rects[j] = rects[j], rects[i]
    return rects


def test_image():
    """The 1024x1024 opaque test image of S3 as an (h, w, 4) uint8 RGBA
    array: gradients, a zone plate, hash noise, a black 1-px grid every 64
    px and white 2-px diagonals (the diagonals drawn last)."""
    n = 1024
    y, x = np.mgrid[0:n, 0:n].astype(np.float64)
    red = 40 + 180 * x / (n - 1)
    green = 40 + 180 * y / (n - 1)
    blue = 128 + 100 * np.sin(x / 97.0) * np.cos(y / 61.0)
    zx, zy = x - 768, y - 768
    zone = 255 * (0.5 + 0.5 * np.cos(math.pi * (zx * zx + zy * zy) / 512.0))
    inside = (np.abs(zx) < 240) & (np.abs(zy) < 240)
    red, green, blue = (np.where(inside, zone, ch) for ch in (red, green, blue))
    xi, yi = x.astype(np.uint64), y.astype(np.uint64)
    noise = ((xi * np.uint64(73856093)) ^ (yi * np.uint64(19349663))) % np.uint64(49)
    noise = noise.astype(np.float64) - 24
    rgb = np.stack([red + noise, green + noise * 0.7, blue - noise * 0.5], -1)
    grid = (x % 64 == 0) | (y % 64 == 0)
    rgb[grid] = 0
    diagonal = ((x - y) % 128 < 2) | ((x + y) % 256 < 2)
    rgb[diagonal] = 255
    rgb = np.clip(rgb, 0, 255).astype(np.uint8)
    alpha = np.full((n, n, 1), 255, np.uint8)
    return np.ascontiguousarray(np.concatenate([rgb, alpha], -1))


# name -> (width, height, kind, parameter); the names of `lamina bench`.
SCENES = {
    "S1": (1920, 1080, "cards", None),
    "S2-sigma2": (800, 600, "card", 2.0),
    "S2-sigma8": (800, 600, "card", 8.0),
    "S2-sigma32": (800, 600, "card", 32.0),
    "S3-nearest": (1920, 1080, "images", "nearest"),
    "S3-bilinear": (1920, 1080, "images", "bilinear"),
    "S3-trilinear": (1920, 1080, "images", "trilinear"),
}
