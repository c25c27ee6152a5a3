#!/usr/bin/env python3
"""Draws the example assets the book figures load from files (docs/figures.md).

Writes, deterministically, 8-bit RGBA PNGs into Examples/assets/:

  snowman.png    256x256  a snowman on a transparent background (4.4, 4.7,
                          4.11, 5.x): anti-aliased, asymmetric (the nose and
                          one arm point right) so a mirror image shows.
  cone-mask.png  256x256  a black cone with a soft edge, used as a mask (4.13).
  photo.png      512x512  a landscape with fine detail (fence pickets, barn
                          planks, crop rows converging to the horizon) so
                          linear and trilinear minification differ (4.14).
  pixel-art.png  16x16    a robot face made of rectangles only (4.15).
  digits.png     80x12    LCD digits 0-9, 5x9 pixel glyphs in 8x12 cells (4.18).

Design: a tiny scalar rasteriser over premultiplied float pixels. Shapes are
signed-distance functions (negative inside, in pixels); a pixel whose centre
is clearly inside or outside takes full or no coverage, and only pixels near
an edge are supersampled (4x4 samples), which is what keeps pure Python fast
enough. The photo is a per-pixel procedural function, supersampled 3x3.
Rejected: Pillow or numpy (the brief allows the standard library only) and
analytic area coverage (exact, but far more code for curves than sampling).

Usage: python3 tools/make-assets.py [output-folder]   (default Examples/assets)
"""

import math
import os
import struct
import sys
import zlib

# ---------------------------------------------------------------- PNG output


def _paeth(a, b, c):
  p = a + b - c
  pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
  if pa <= pb and pa <= pc:
    return a
  return b if pb <= pc else c


def _filter_rows(raw, width, height):
  """PNG scanline filtering, per row the filter with the smallest sum of
  absolute signed bytes (the heuristic libpng recommends)."""
  stride = width * 4
  prev = bytes(stride)
  out = bytearray()
  for y in range(height):
    row = raw[y * stride:(y + 1) * stride]
    candidates = [bytes(row)]
    candidates.append(bytes((row[i] - (row[i - 4] if i >= 4 else 0)) & 255 for i in range(stride)))
    candidates.append(bytes((row[i] - prev[i]) & 255 for i in range(stride)))
    candidates.append(bytes(
        (row[i] - (((row[i - 4] if i >= 4 else 0) + prev[i]) >> 1)) & 255 for i in range(stride)))
    candidates.append(bytes(
        (row[i] - _paeth(row[i - 4] if i >= 4 else 0, prev[i], prev[i - 4] if i >= 4 else 0)) & 255
        for i in range(stride)))
    costs = [sum(v if v < 128 else 256 - v for v in c) for c in candidates]
    best = costs.index(min(costs))
    out.append(best)
    out += candidates[best]
    prev = row
  return bytes(out)


def write_png(path, width, height, rgba):
  """Writes straight-alpha RGBA8 bytes as a PNG (colour type 6, 8 bits)."""
  def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

  ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
  idat = zlib.compress(_filter_rows(rgba, width, height), 9)
  with open(path, "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


# ---------------------------------------------------------------- colours and maths


def hex_color(text, alpha=1.0):
  text = text.lstrip("#")
  return tuple(int(text[i:i + 2], 16) / 255 for i in (0, 2, 4)) + (alpha,)


def mix(a, b, t):
  return tuple(x + (y - x) * t for x, y in zip(a, b))


def clamp(v, lo=0.0, hi=1.0):
  return lo if v < lo else hi if v > hi else v


def fract(v):
  return v - math.floor(v)


def hash2(ix, iy):
  """A deterministic integer hash of a lattice point, in [0, 1)."""
  h = (ix * 374761393 + iy * 668265263) & 0xFFFFFFFF
  h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
  return ((h ^ (h >> 16)) & 0xFFFFFF) / 16777216.0


def value_noise(x, y):
  ix, iy = math.floor(x), math.floor(y)
  fx, fy = x - ix, y - iy
  sx, sy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
  a, b = hash2(ix, iy), hash2(ix + 1, iy)
  c, d = hash2(ix, iy + 1), hash2(ix + 1, iy + 1)
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy


def fbm(x, y, octaves=4):
  total, amp = 0.0, 0.5
  for _ in range(octaves):
    total += amp * value_noise(x, y)
    x, y, amp = x * 2.03, y * 2.03, amp * 0.5
  return total


# ---------------------------------------------------------------- shapes (signed distances in pixels)


def circle(cx, cy, r):
  return lambda x, y: math.hypot(x - cx, y - cy) - r


def ellipse(cx, cy, rx, ry):
  def sdf(x, y):
    dx, dy = (x - cx) / rx, (y - cy) / ry
    f = dx * dx + dy * dy - 1
    g = 2 * math.hypot(dx / rx, dy / ry)
    return f / g if g > 1e-9 else -min(rx, ry)
  return sdf


def capsule(x0, y0, x1, y1, r):
  """A line segment of half-width r with round caps."""
  vx, vy = x1 - x0, y1 - y0
  vv = vx * vx + vy * vy

  def sdf(x, y):
    t = clamp(((x - x0) * vx + (y - y0) * vy) / vv)
    return math.hypot(x - x0 - vx * t, y - y0 - vy * t) - r
  return sdf


def polygon(points):
  """Exact distance to a simple polygon, negative inside (even-odd test)."""
  n = len(points)

  def sdf(x, y):
    best, inside = float("inf"), False
    for i in range(n):
      ax, ay = points[i]
      bx, by = points[(i + 1) % n]
      ex, ey = bx - ax, by - ay
      t = clamp(((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey))
      best = min(best, math.hypot(x - ax - ex * t, y - ay - ey * t))
      if (ay > y) != (by > y) and x < ax + (y - ay) * ex / (by - ay):
        inside = not inside
    return -best if inside else best
  return sdf


def rotated_rect(cx, cy, w, h, degrees):
  a = math.radians(degrees)
  c, s = math.cos(a), math.sin(a)
  corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
  return polygon([(cx + x * c - y * s, cy + x * s + y * c) for x, y in corners])


def union(*shapes):
  return lambda x, y: min(s(x, y) for s in shapes)


def intersect(a, b):
  return lambda x, y: max(a(x, y), b(x, y))


# ---------------------------------------------------------------- canvas


class Canvas:
  """Premultiplied float RGBA pixels; source-over compositing."""

  SUBSAMPLES = 4

  def __init__(self, width, height):
    self.width, self.height = width, height
    self.px = [0.0] * (width * height * 4)

  def blend(self, x, y, color, coverage):
    r, g, b, a = color
    a *= coverage
    if a <= 0:
      return
    i = (y * self.width + x) * 4
    p = self.px
    k = 1 - a
    p[i] = r * a + p[i] * k
    p[i + 1] = g * a + p[i + 1] * k
    p[i + 2] = b * a + p[i + 2] * k
    p[i + 3] = a + p[i + 3] * k

  def fill(self, sdf, color, feather=0.0):
    """Fills a shape. `color` is straight RGBA or a function of the pixel
    centre. With `feather` > 0 the edge is a linear ramp that many pixels
    wide (a soft edge), still supersampled."""
    n = self.SUBSAMPLES
    offsets = [((i + 0.5) / n, (j + 0.5) / n) for j in range(n) for i in range(n)]
    reach = 1.0 + feather / 2
    for y in range(self.height):
      for x in range(self.width):
        d = sdf(x + 0.5, y + 0.5)
        if d >= reach:
          continue
        if d <= -reach:
          coverage = 1.0
        elif feather > 0:
          coverage = sum(clamp(0.5 - sdf(x + ox, y + oy) / feather) for ox, oy in offsets) / len(offsets)
        else:
          coverage = sum(1 for ox, oy in offsets if sdf(x + ox, y + oy) < 0) / len(offsets)
        c = color(x + 0.5, y + 0.5) if callable(color) else color
        self.blend(x, y, c, coverage)

  def rgba8(self):
    """Straight-alpha RGBA8 bytes."""
    out = bytearray(len(self.px))
    p = self.px
    for i in range(0, len(p), 4):
      a = p[i + 3]
      if a <= 0:
        continue
      out[i] = round(clamp(p[i] / a) * 255)
      out[i + 1] = round(clamp(p[i + 1] / a) * 255)
      out[i + 2] = round(clamp(p[i + 2] / a) * 255)
      out[i + 3] = round(clamp(a) * 255)
    return bytes(out)


# ---------------------------------------------------------------- snowman


def draw_snowman():
  c = Canvas(256, 256)
  outline = hex_color("#4A5A6A")
  coal = hex_color("#1F2326")
  stick = hex_color("#6B4423")
  balls = [(128, 192, 56), (128, 121, 41), (128, 66, 29)]

  # Arms behind the body: the left one raised, the right one lower, with twigs.
  for x0, y0, x1, y1, r in [(96, 118, 34, 72, 3.2), (52, 86, 40, 90, 2.2), (50, 84, 46, 70, 2.2),
                            (160, 124, 224, 150, 3.2), (206, 143, 218, 130, 2.2),
                            (211, 145, 226, 143, 2.2)]:
    c.fill(capsule(x0, y0, x1, y1, r), stick)

  # One outline around the union of the three balls, then the shaded snow.
  c.fill(union(*(circle(x, y, r + 3) for x, y, r in balls)), outline)

  def snow(cx, cy, r):
    def color(x, y):
      nx, ny = (x - cx) / r, (y - cy) / r
      light = clamp(0.55 - 0.55 * (0.5 * nx + 0.8 * ny) + 0.2 * (1 - nx * nx - ny * ny))
      return mix(hex_color("#B8C7DA"), hex_color("#FFFFFF"), light)
    return color

  for x, y, r in balls:
    c.fill(circle(x, y, r), snow(x, y, r))

  # Scarf: a band round the neck and a tail hanging on the left.
  scarf, scarf_dark = hex_color("#D63A3A"), hex_color("#A92727")
  c.fill(rotated_rect(108, 116, 13, 44, 8), scarf_dark)
  c.fill(intersect(ellipse(128, 94, 36, 10), circle(128, 121, 45)), scarf)
  for x in (112, 124, 136):
    c.fill(rotated_rect(x, 94, 2.2, 14, 0), scarf_dark)

  # Coal buttons, eyes and mouth.
  for y in (116, 133, 150):
    c.fill(circle(129, y, 4.5), coal)
  for x in (118, 138):
    c.fill(circle(x, 59, 3.6), coal)
  for i in range(5):
    a = math.radians(30 + i * 30)
    c.fill(circle(128 + 13 * math.cos(a), 68 + 10 * math.sin(a), 1.9), coal)

  # A carrot nose pointing right.
  c.fill(polygon([(127, 64), (164, 70), (127, 72)]), hex_color("#F0831E"))

  # A top hat, tilted to the right, with a red band.
  hat = hex_color("#22252A")
  c.fill(rotated_rect(130, 40, 68, 8, 8), hat)
  c.fill(rotated_rect(133, 20, 44, 36, 8), hat)
  c.fill(rotated_rect(131.6, 31, 44, 7, 8), hex_color("#C23030"))
  return c


# ---------------------------------------------------------------- cone mask


def draw_cone_mask():
  c = Canvas(256, 256)
  cone = union(polygon([(128, 18), (34, 196), (222, 196)]), ellipse(128, 196, 94, 32))
  c.fill(cone, (0, 0, 0, 1), feather=14)
  return c


# ---------------------------------------------------------------- photo


def photo_color(x, y):
  """The landscape at (x, y) in a 512x512 image, as straight RGB."""
  horizon = 262.0
  # Sky with a sun and soft clouds.
  if y < horizon:
    t = y / horizon
    col = mix(hex_color("#2D5FA8"), hex_color("#BFD9EE"), t ** 1.4)
    sun = math.hypot(x - 392, y - 84)
    col = mix(col, hex_color("#FFF6D8"), clamp(1.2 - sun / 60) * 0.6)
    if sun < 22:
      col = hex_color("#FFFBEA")
    cloud = fbm(x / 70, y / 22) - 0.45 - 0.5 * abs(y - 120) / 120
    if cloud > 0:
      col = mix(col, hex_color("#FFFFFF"), clamp(cloud * 4) * 0.85)
    # Far mountains with snow caps and strata lines.
    ridge = 178 + 34 * math.sin(x / 53) + 17 * math.sin(x / 19 + 1.3) + 6 * math.sin(x / 7.1)
    if y > ridge:
      depth = (y - ridge) / max(horizon - ridge, 1)
      col = mix(hex_color("#6E7F9E"), hex_color("#8FA2BA"), depth)
      if y < 196 + 8 * math.sin(x / 11):
        col = mix(col, hex_color("#F4F7FB"), 0.85)
      if fract((y + 0.35 * x) / 4.0) < 0.35:
        col = mix(col, hex_color("#4E5C78"), 0.45)
    # Nearer hills with dark pine rows.
    hill = 228 + 14 * math.sin(x / 41 + 2) + 5 * math.sin(x / 13)
    if y > hill:
      col = hex_color("#4F7A3A")
      tree = fract(x / 6.0)
      top = hill + 9 * abs(tree - 0.5) * 2
      if y < top + 10 and y > top:
        col = hex_color("#22401F")
  else:
    # Crop rows converging to a vanishing point on the horizon.
    d = y - horizon
    u = (x - 256) / max(d, 0.5)
    stripe = fract(u * 6.0)
    col = hex_color("#7FA33E") if stripe < 0.5 else hex_color("#C9B85A")
    # Furrows across the rows, denser towards the horizon (a moire test).
    if fract(900.0 / max(d, 0.5)) < 0.3:
      col = mix(col, hex_color("#4E6B2A"), 0.55)
    col = mix(col, hex_color("#9CB06A"), clamp(1 - d / 40) * 0.4)
    # A picket fence across the foreground.
    if 392 <= y < 452:
      picket = fract(x / 5.0)
      top = 392 + abs(picket - 0.3) * 10
      if picket < 0.6 and y >= top:
        col = hex_color("#F3F0E6") if picket < 0.5 else hex_color("#BDB8A8")
      elif 410 <= y < 416 or 436 <= y < 442:
        col = hex_color("#D9D4C5")
    # A lighter path at the bottom, with gravel.
    if y >= 470:
      g = fbm(x / 3.0, y / 3.0, 2)
      col = mix(hex_color("#CDB48C"), hex_color("#8F7A5A"), g)
  # A red barn with a shingled roof, plank lines and a window grid.
  if 296 <= x < 434 and 190 <= y < 330:
    roof = 196 + abs(x - 365) * 0.55
    if roof <= y < roof + 9:
      col = hex_color("#3D3F45") if fract((x + y) / 4.0) < 0.5 else hex_color("#55585F")
    elif y >= roof + 9 and 300 <= x < 430:
      col = hex_color("#B23A2E")
      if fract(y / 3.0) < 0.34:
        col = hex_color("#7E241C")
      if 345 <= x < 385 and 250 <= y < 300:
        col = hex_color("#F2EEE4")
        if not (fract((x - 345) / 10) < 0.2 or fract((y - 250) / 10) < 0.2):
          col = hex_color("#3A3F4A")
  return col


def draw_photo():
  size, n = 512, 3
  c = Canvas(size, size)
  offsets = [((i + 0.5) / n, (j + 0.5) / n) for j in range(n) for i in range(n)]
  p = c.px
  for y in range(size):
    for x in range(size):
      r = g = b = 0.0
      for ox, oy in offsets:
        cr, cg, cb, _ = photo_color(x + ox, y + oy)
        r, g, b = r + cr, g + cg, b + cb
      i = (y * size + x) * 4
      p[i], p[i + 1], p[i + 2], p[i + 3] = r / len(offsets), g / len(offsets), b / len(offsets), 1.0
  return c


# ---------------------------------------------------------------- pixel art


PIXEL_ART = [
    "................",
    ".......YY.......",
    ".......YY.......",
    "........#.......",
    "..############..",
    "..#GGGGGGGGGG#..",
    "..#GBBBGGBBBG#..",
    "..#GBWBGGBWBG#..",
    "..#GBBBGGBBBG#..",
    "#.#GGGGGGGGGG#.#",
    "###GGGGGGGGGG###",
    "#.#GRRRRRRRRG#.#",
    "..#GRWRWRWRRG#..",
    "..#GGGGGGGGGG#..",
    "..############..",
    "................",
]
PIXEL_COLORS = {".": (0, 0, 0, 0), "#": hex_color("#2B2D42"), "G": hex_color("#8D99AE"),
                "B": hex_color("#1D7FE0"), "W": hex_color("#FFFFFF"), "R": hex_color("#E63946"),
                "Y": hex_color("#FFD23F")}


def draw_pixel_art():
  c = Canvas(16, 16)
  for y, row in enumerate(PIXEL_ART):
    for x, key in enumerate(row):
      c.blend(x, y, PIXEL_COLORS[key], 1.0)
  return c


# ---------------------------------------------------------------- digits


# Seven segments a-g of a 5x9 glyph: a top, b upper right, c lower right,
# d bottom, e lower left, f upper left, g middle.
SEGMENT_PIXELS = {
    "a": [(x, 0) for x in range(1, 4)], "b": [(4, y) for y in range(1, 4)],
    "c": [(4, y) for y in range(5, 8)], "d": [(x, 8) for x in range(1, 4)],
    "e": [(0, y) for y in range(5, 8)], "f": [(0, y) for y in range(1, 4)],
    "g": [(x, 4) for x in range(1, 4)],
}
# Corner pixels light when a segment meeting there is lit.
CORNERS = {(0, 0): "af", (4, 0): "ab", (0, 4): "efg", (4, 4): "bcg", (0, 8): "de", (4, 8): "cd"}
DIGIT_SEGMENTS = ["abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc", "abcdefg", "abcdfg"]


def draw_digits():
  cell_w, cell_h, ox, oy = 8, 12, 1, 1
  c = Canvas(cell_w * 10, cell_h)
  ink = hex_color("#1C2416")
  for digit, segments in enumerate(DIGIT_SEGMENTS):
    lit = set()
    for s in segments:
      lit.update(SEGMENT_PIXELS[s])
    for corner, touching in CORNERS.items():
      if any(s in segments for s in touching):
        lit.add(corner)
    for x, y in sorted(lit):
      c.blend(digit * cell_w + ox + x, oy + y, ink, 1.0)
  return c


# ---------------------------------------------------------------- main


ASSETS = [
    ("snowman.png", draw_snowman),
    ("cone-mask.png", draw_cone_mask),
    ("photo.png", draw_photo),
    ("pixel-art.png", draw_pixel_art),
    ("digits.png", draw_digits),
]


def main():
  here = os.path.dirname(os.path.abspath(__file__))
  folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "Examples", "assets")
  only = set(sys.argv[2:])
  os.makedirs(folder, exist_ok=True)
  for name, draw in ASSETS:
    if only and name not in only:
      continue
    canvas = draw()
    path = os.path.join(folder, name)
    write_png(path, canvas.width, canvas.height, canvas.rgba8())
    print(f"{path}: {canvas.width}x{canvas.height}, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
  main()
