"""CSS transform functions as 4x4 matrices, and the test of whether Chromium
interpolates a pair of them as Lamina does.

Matrices are row-vector matrices (Core Animation's `CATransform3D`, the
leftmost factor acting first), stored as 16 numbers m11, m12, ..., m44 --
the same numbers CSS's column-major `matrix3d()` lists. A CSS function list
F1 F2 ... Fn (column vectors, M = F1 F2 ... Fn) is Fn' ... F2' F1' here.

Used only to refuse: the references' matrices themselves are computed by
Chromium (`new DOMMatrix(text)` on the page). `chromium_agrees` states the
two measured departures of Chromium from CSS Transforms 2's interpolation
of decomposed matrices, which Lamina follows (docs/references.md,
"Transform interpolation"): Chromium negates one quaternion when their dot
product is negative (the short way round), and it decomposes a pair of 2D
matrices in 2D (CSS Transforms 1), which keeps a mirror in the plane.
Rejected: sending such pairs to Chromium and tolerating the difference.
"""
import math
import re

IDENTITY = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]


def multiply(a, b):
    """a then b (row vectors): a . b."""
    return [sum(a[4 * i + k] * b[4 * k + j] for k in range(4)) for i in range(4) for j in range(4)]


def angle(text):
    m = re.fullmatch(r"\s*([-+0-9.eE]+)\s*(deg|rad|turn|grad)?\s*", text)
    if not m:
        raise ValueError(f"not an angle: {text!r}")
    v, unit = float(m.group(1)), m.group(2)
    if unit is None and v != 0:
        raise ValueError(f"an angle needs a unit: {text!r}")
    unit = unit or "deg"
    return {"deg": math.radians(v), "rad": v, "turn": 2 * math.pi * v, "grad": v * math.pi / 200}[unit]


def length(text):
    t = text.strip()
    return float(t[:-2] if t.endswith("px") else t)


def rotation(x, y, z, a):
    """CSS Transforms 2's rotate3d() matrix, transposed to row vectors."""
    n = math.sqrt(x * x + y * y + z * z)
    if n == 0:
        return list(IDENTITY)
    x, y, z = x / n, y / n, z / n
    sc, sq = math.sin(a / 2) * math.cos(a / 2), math.sin(a / 2) ** 2
    col = [[1 - 2 * (y * y + z * z) * sq, 2 * (x * y * sq - z * sc), 2 * (x * z * sq + y * sc)],
           [2 * (x * y * sq + z * sc), 1 - 2 * (x * x + z * z) * sq, 2 * (y * z * sq - x * sc)],
           [2 * (x * z * sq - y * sc), 2 * (y * z * sq + x * sc), 1 - 2 * (x * x + y * y) * sq]]
    out = list(IDENTITY)
    for i in range(3):
        for j in range(3):
            out[4 * i + j] = col[j][i]
    return out


def function_matrix(name, args):
    low = name.lower()
    m = list(IDENTITY)
    if low in ("translate", "translatex", "translatey", "translatez", "translate3d"):
        v = [length(a) for a in args]
        t = {"translate": v + [0] * (3 - len(v)), "translatex": [v[0], 0, 0], "translatey": [0, v[0], 0],
             "translatez": [0, 0, v[0]], "translate3d": v}[low]
        m[12], m[13], m[14] = t[0], t[1], t[2]
    elif low in ("scale", "scalex", "scaley", "scalez", "scale3d"):
        v = [float(a) for a in args]
        s = {"scale": [v[0], v[1] if len(v) > 1 else v[0], 1], "scalex": [v[0], 1, 1], "scaley": [1, v[0], 1],
             "scalez": [1, 1, v[0]], "scale3d": v}[low]
        m[0], m[5], m[10] = s
    elif low in ("rotate", "rotatez"):
        m = rotation(0, 0, 1, angle(args[0]))
    elif low == "rotatex":
        m = rotation(1, 0, 0, angle(args[0]))
    elif low == "rotatey":
        m = rotation(0, 1, 0, angle(args[0]))
    elif low == "rotate3d":
        m = rotation(float(args[0]), float(args[1]), float(args[2]), angle(args[3]))
    elif low in ("skew", "skewx", "skewy"):
        ax = angle(args[0]) if low != "skewy" else 0
        ay = angle(args[1]) if low == "skew" and len(args) > 1 else (angle(args[0]) if low == "skewy" else 0)
        m[4], m[1] = math.tan(ax), math.tan(ay)  # x' = x + tan(ax) y: row 2 column 1
    elif low == "perspective":
        d = length(args[0])
        if d != 0:
            m[11] = -1 / d
    elif low == "matrix":
        a, b, c, d, e, f = (float(v) for v in args)
        m[0], m[1], m[4], m[5], m[12], m[13] = a, b, c, d, e, f
    elif low == "matrix3d":
        m = [float(v) for v in args]
    else:
        raise ValueError(f"unknown transform function {name}")
    return m


def matrix(funcs):
    """The row-vector matrix of a parsed CSS function list [(name, [args])]."""
    out = list(IDENTITY)
    for name, args in funcs:
        out = multiply(function_matrix(name, args), out)  # F1 ... Fn -> Fn' ... F1'
    return out


def quaternion(m):
    """The rotation quaternion (x, y, z, w) of CSS Transforms 2's
    decomposition (w >= 0), or None when the matrix does not decompose."""
    if m[15] == 0:
        return None
    rows = [[m[4 * i + j] / m[15] for j in range(3)] for i in range(3)]

    def dot(a, b):
        return sum(x * y for x, y in zip(a, b))

    def norm(a):
        n = math.sqrt(dot(a, a))
        if n == 0:
            raise ZeroDivisionError
        return [x / n for x in a]

    try:
        r0 = norm(rows[0])
        r1 = norm([b - dot(r0, rows[1]) * a for a, b in zip(r0, rows[1])])
        r2 = [c - dot(r0, rows[2]) * a for a, c in zip(r0, rows[2])]
        r2 = norm([c - dot(r1, r2) * b for b, c in zip(r1, r2)])
    except ZeroDivisionError:
        return None
    cross = [r1[1] * r2[2] - r1[2] * r2[1], r1[2] * r2[0] - r1[0] * r2[2], r1[0] * r2[1] - r1[1] * r2[0]]
    row = [r0, r1, r2]
    if dot(r0, cross) < 0:
        row = [[-v for v in r] for r in row]

    def c(i, j):
        return row[j][i]

    tr = c(0, 0) + c(1, 1) + c(2, 2)
    if tr > 0:
        k = math.sqrt(tr + 1) * 2
        q = [(c(2, 1) - c(1, 2)) / k, (c(0, 2) - c(2, 0)) / k, (c(1, 0) - c(0, 1)) / k, k / 4]
    elif c(0, 0) > c(1, 1) and c(0, 0) > c(2, 2):
        k = math.sqrt(1 + c(0, 0) - c(1, 1) - c(2, 2)) * 2
        q = [k / 4, (c(0, 1) + c(1, 0)) / k, (c(0, 2) + c(2, 0)) / k, (c(2, 1) - c(1, 2)) / k]
    elif c(1, 1) > c(2, 2):
        k = math.sqrt(1 + c(1, 1) - c(0, 0) - c(2, 2)) * 2
        q = [(c(0, 1) + c(1, 0)) / k, k / 4, (c(1, 2) + c(2, 1)) / k, (c(0, 2) - c(2, 0)) / k]
    else:
        k = math.sqrt(1 + c(2, 2) - c(0, 0) - c(1, 1)) * 2
        q = [(c(0, 2) + c(2, 0)) / k, (c(1, 2) + c(2, 1)) / k, k / 4, (c(1, 0) - c(0, 1)) / k]
    return [-v for v in q] if q[3] < 0 else q


def is_flat(m):
    return all(m[i] == 0 for i in (2, 3, 6, 7, 8, 9, 11, 14)) and m[10] == 1 and m[15] == 1


def chromium_agrees(a, b):
    """None when Chromium interpolates matrices a and b as Lamina does, else
    the reason it does not."""
    if is_flat(a) and is_flat(b) and (a[0] * a[5] - a[1] * a[4] < 0 or b[0] * b[5] - b[1] * b[4] < 0):
        return "a 2D pair with a mirror: Chromium decomposes it in 2D (CSS Transforms 1), Lamina in 3D"
    qa, qb = quaternion(a), quaternion(b)
    if qa is None or qb is None:
        return "a matrix that does not decompose"
    if sum(x * y for x, y in zip(qa, qb)) < 0:
        return "the rotations' quaternions have a negative dot product: Chromium turns the short way"
    return None
