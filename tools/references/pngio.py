"""Reading and writing 8-bit PNGs with the standard library only.

Design: the reference tools need to read Chromium's screenshots (8-bit RGB or
RGBA, non-interlaced) and to write small generated images (checkerboards) as
data URLs; a full PNG library is not needed. Rejected: Pillow or numpy as a
dependency (the tools stay stdlib-only; numpy is used only by the
calibration script).
"""
import struct
import zlib


def read(path):
    """Returns (width, height, rows) with rows a list of bytearrays of RGBA,
    straight alpha, 8 bits. Only 8-bit RGB/RGBA/grey(+alpha) non-interlaced."""
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
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 255
        prev = line
        out = bytearray(width * 4)
        for x in range(width):
            px = line[x * channels:(x + 1) * channels]
            if channels == 1:
                out[x * 4:x * 4 + 4] = bytes((px[0], px[0], px[0], 255))
            elif channels == 2:
                out[x * 4:x * 4 + 4] = bytes((px[0], px[0], px[0], px[1]))
            elif channels == 3:
                out[x * 4:x * 4 + 4] = bytes((px[0], px[1], px[2], 255))
            else:
                out[x * 4:x * 4 + 4] = px
        rows.append(out)
    return width, height, rows


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
