"""Reading and writing the 8-bit RGBA images the checker compares.

Every image in the checker is a numpy array of shape (height, width, 4),
dtype uint8, straight (not premultiplied) alpha, rows from the top: what a
PNG holds. Pillow decodes and encodes the PNGs.

lottie-ios's snapshots are 8-bit RGBA PNGs tagged sRGB, and 64 of them are
8-bit grey + alpha tagged "Generic Gray Gamma 2.2" (where Core Animation
drew only greys). The comparison reads raw component values (its Core
Image context has no working colour space), so a grey value v is read as
(v, v, v), which is what `convert("RGBA")` gives; no ICC conversion.
"""
import numpy as np
from PIL import Image


def load(path):
    with Image.open(path) as im:
        if im.mode != "RGBA":
            im = im.convert("RGBA")
        return np.asarray(im, dtype=np.uint8).copy()


def size_of(path):
    """(width, height) of a PNG without decoding its pixels."""
    with Image.open(path) as im:
        return im.size


def save(path, rgba, compress_level=6):
    Image.fromarray(np.ascontiguousarray(rgba), "RGBA").save(path, compress_level=compress_level)


def transparent(width, height):
    return np.zeros((height, width, 4), dtype=np.uint8)
