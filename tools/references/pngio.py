"""Reading and writing 8-bit PNGs with the standard library only.

Design: the reference tools need to read Chromium's screenshots (8-bit RGB or
RGBA, non-interlaced) and to write small generated images (checkerboards) as
data URLs; a full PNG library is not needed. Rejected: Pillow or numpy as a
dependency (the tools stay stdlib-only; numpy is used only by the
calibration script).
"""
import struct
import zlib


def read(path, crop=None):
    """Returns (width, height, rows) with rows a list of bytearrays of RGBA,
    straight alpha, 8 bits. Only 8-bit RGB/RGBA/grey(+alpha) non-interlaced.
    `crop` (w, h) decodes only the top-left w x h pixels (PNG filters only
    look up and left, so the rest need not be unfiltered)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(path + ": not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or interlace != 0 or ctype not in (0, 2, 4, 6):
                raise ValueError(path + ": only 8-bit non-interlaced grey/RGB(A) PNGs")
        elif kind == b"IDAT":
            idat += body
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
    raw = zlib.decompress(idat)
    stride = width * channels
    full = stride
    if crop is not None:
        width, height = crop
        stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + full
        if f == 0:
            pass
        elif f == 2:
            line = bytearray((u + v) & 255 for u, v in zip(line, prev))
        else:
            for x in range(stride):
                a = line[x - channels] if x >= channels else 0
                b = prev[x]
                c = prev[x - channels] if x >= channels else 0
                if f == 1:
                    line[x] = (line[x] + a) & 255
                elif f == 3:
                    line[x] = (line[x] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    line[x] = (line[x] + pred) & 255
        prev = line
        out = bytearray(b"\xff" * (width * 4))
        if channels >= 3:
            for k in range(channels):
                out[k::4] = line[k::channels]
        else:
            for k in range(3):
                out[k::4] = line[0::channels]
            if channels == 2:
                out[3::4] = line[1::2]
        rows.append(out)
    return width, height, rows


def size(path):
    """(width, height) of a PNG file."""
    with open(path, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])


def encode(width, height, rows):
    """PNG bytes of RGBA rows (straight alpha, 8 bits), filter 0."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def write(path, width, height, rows):
    """Writes RGBA rows as an 8-bit RGBA PNG."""
    with open(path, "wb") as f:
        f.write(encode(width, height, rows))
