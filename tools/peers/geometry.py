"""What S4 and S5 mean, in pixels, for every peer (docs/scene-format.md):

- `svg_commands(d)`: S4's path data (absolute M, L, C, A, Z, the only
  commands generate.py writes) as a list of ("M", x, y), ("L", x, y),
  ("C", x1, y1, x2, y2, x, y), ("A", rx, ry, rotation, large, sweep, x, y)
  and ("Z",); `arc_center(...)` turns an SVG arc into its centre form
  (SVG 1.1 F.6.5), for cairo, which draws circular arcs by centre and
  angles. Arcs here are circular (rx = ry, no rotation).
- `gradient_geometry(...)`: S5's gradient in canvas pixels: axial, the two
  points; radial, the centre and the half-axes rx = |end.x - start.x| * w,
  ry = |end.y - start.y| * h; conic, the centre and the angle of the
  direction of endPoint (radians, measured from +x towards +y: clockwise
  on a y-down screen, as t grows).
"""
import math
import re

TOKEN = re.compile(r"[MLCAZmlcaz]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
ARITY = {"M": 2, "L": 2, "C": 6, "A": 7, "Z": 0}


def svg_commands(d):
    tokens = TOKEN.findall(d)
    out, i, command = [], 0, None
    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            if t not in ARITY:
                raise ValueError(f"path command {t!r}: the peers read absolute M, L, C, A and Z only")
            command, i = t, i + 1
            if command == "Z":
                out.append(("Z",))
                continue
        n = ARITY[command]
        values = [float(v) for v in tokens[i:i + n]]
        if len(values) != n:
            raise ValueError(f"path data ends inside {command}: {d!r}")
        out.append((command, *values))
        i += n
        if command == "M":
            command = "L"  # implicit line-tos after a move
    return out


def with_current_points(commands):
    """Each command with the point the pen is at before it."""
    x = y = sx = sy = 0.0
    for c in commands:
        yield c, (x, y)
        if c[0] == "M":
            x, y = sx, sy = c[1], c[2]
        elif c[0] == "Z":
            x, y = sx, sy
        else:
            x, y = c[-2], c[-1]


def replay(commands, x, y, move, line, cubic, arc, close):
    """Calls a peer's path builder for each command, moved by (x, y): move,
    line and cubic take the absolute points, arc takes its centre form
    (cx, cy, r, a0, a1) from `arc_center`, close takes nothing."""
    for c, (px, py) in with_current_points(commands):
        if c[0] == "M":
            move(x + c[1], y + c[2])
        elif c[0] == "L":
            line(x + c[1], y + c[2])
        elif c[0] == "C":
            cubic(x + c[1], y + c[2], x + c[3], y + c[4], x + c[5], y + c[6])
        elif c[0] == "A":
            cx, cy, r, a0, a1 = arc_center(px, py, *c[1:])
            arc(x + cx, y + cy, r, a0, a1)
        else:
            close()


def arc_center(x0, y0, rx, ry, rotation, large, sweep, x1, y1):
    """(cx, cy, r, a0, a1) of a circular SVG arc from (x0, y0) to (x1, y1),
    a1 > a0 when sweep is 1 (angles grow clockwise on screen), else a1 < a0."""
    if rx != ry or rotation != 0:
        raise ValueError("the peers draw circular arcs without rotation")
    r = abs(rx)
    dx, dy = (x0 - x1) / 2, (y0 - y1) / 2
    lam = (dx * dx + dy * dy) / (r * r)
    if lam > 1:  # SVG: radii too small are scaled up
        r *= math.sqrt(lam)
    h = math.sqrt(max(0.0, r * r - dx * dx - dy * dy)) / math.hypot(dx, dy)
    sign = -1 if large == sweep else 1
    cx = (x0 + x1) / 2 + sign * h * dy
    cy = (y0 + y1) / 2 - sign * h * dx
    a0 = math.atan2(y0 - cy, x0 - cx)
    a1 = math.atan2(y1 - cy, x1 - cx)
    if sweep and a1 < a0:
        a1 += 2 * math.pi
    if not sweep and a1 > a0:
        a1 -= 2 * math.pi
    return cx, cy, r, a0, a1


def gradient_geometry(x, y, w, h, kind, start, end):
    """("axial", x0, y0, x1, y1), ("radial", cx, cy, rx, ry) or ("conic", cx, cy, angle)."""
    sx, sy = x + start[0] * w, y + start[1] * h
    ex, ey = x + end[0] * w, y + end[1] * h
    if kind == "axial":
        return ("axial", sx, sy, ex, ey)
    if kind == "radial":
        return ("radial", sx, sy, abs(ex - sx), abs(ey - sy))
    if kind == "conic":
        return ("conic", sx, sy, math.atan2(ey - sy, ex - sx))
    raise ValueError(f"gradient type {kind!r}")


def stops(colors):
    """Evenly spaced (offset, (r, g, b) in 0..1)."""
    n = len(colors)
    return [(i / (n - 1), tuple(c / 255 for c in rgb)) for i, rgb in enumerate(colors)]


def flatten(commands, tolerance=0.01):
    """The subpaths as polylines [(points, closed)], curves and arcs cut into
    chords that stay within `tolerance` pixels of them."""
    out, points, closed = [], [], False
    for c, (x0, y0) in with_current_points(commands):
        if c[0] == "M":
            if len(points) > 1:
                out.append((points, closed))
            points, closed = [(c[1], c[2])], False
        elif c[0] == "L":
            points.append((c[1], c[2]))
        elif c[0] == "C":
            x1, y1, x2, y2, x3, y3 = c[1:]
            hull = math.hypot(x1 - x0, y1 - y0) + math.hypot(x2 - x1, y2 - y1) + math.hypot(x3 - x2, y3 - y2)
            n = max(4, int(math.ceil(math.sqrt(hull / (8 * tolerance)))))
            for i in range(1, n + 1):
                t = i / n
                u = 1 - t
                points.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                               u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
        elif c[0] == "A":
            cx, cy, r, a0, a1 = arc_center(x0, y0, *c[1:])
            step = 2 * math.acos(max(-1.0, 1 - tolerance / r))
            n = max(2, int(math.ceil(abs(a1 - a0) / step)))
            for i in range(1, n + 1):
                a = a0 + (a1 - a0) * i / n
                points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        else:
            closed = True
            if points and points[-1] != points[0]:
                points.append(points[0])
    if len(points) > 1:
        out.append((points, closed))
    return out


def dashed(polylines, pattern):
    """The dashes of each subpath (the pattern restarts at each, from its
    start, phase 0), as open polylines. An odd count repeats, as in SVG."""
    pattern = list(pattern) * (2 if len(pattern) % 2 else 1)
    if sum(pattern) <= 0:
        return []
    out = []
    for points, _ in polylines:
        index, left, on = 0, pattern[0], True
        current = [points[0]]
        for (ax, ay), (bx, by) in zip(points, points[1:]):
            length = math.hypot(bx - ax, by - ay)
            done = 0.0
            while length - done > left:
                done += left
                p = (ax + (bx - ax) * done / length, ay + (by - ay) * done / length)
                if on:
                    current.append(p)
                    out.append(current)
                current = [p]
                index = (index + 1) % len(pattern)
                left, on = pattern[index], not on
            left -= length - done
            if on:
                current.append((bx, by))
        if on and len(current) > 1:
            out.append(current)
    return out
