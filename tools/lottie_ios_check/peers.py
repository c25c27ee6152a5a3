"""ThorVG (thorvg-python) and rlottie (rlottie-python) as Lottie players
for the checker and for tools/peers/lottie_peers.py.

Runs inside the peers venv (~/.cache/lamina-peers-venv: numpy and the two
bindings, which bundle their libraries); imports only numpy and the
standard library from the checker, so the checker itself never needs the
bindings.

How a frame is drawn, for both: a canvas of the reference's pixel size,
transparent, the animation scaled uniformly by the checker's scale (2 w'/w,
the snapshot geometry) from the top-left corner, at the animation frame
lottie-ios shows for the progress, counted from ip as both libraries count
(frame ip + p (op - ip) is their frame p (op - ip)).

- ThorVG: `Picture.set_size(w s, h s)` (it keeps the aspect ratio and takes
  the smaller factor, which is s) at the origin; software canvas, no worker
  threads, straight-alpha output (ABGR8888S: bytes R, G, B, A). Frames are
  fractional, as lottie-ios's are.
- rlottie: renders a whole buffer with the content fitted and centred;
  the buffer is the reference's size, whose aspect matches the content's
  but for the ceil() slack of under one pixel, so where the slack exists
  (43 of 197 samples, the ones clamped to 500 pt) rlottie's picture sits
  up to half a pixel right or down of lottie-ios's. rlottie draws integer
  frames only: the nearest one. Its output is premultiplied ARGB32 (bytes
  B, G, R, A), converted here.

Images: lottie-ios takes a .lottie's images from the archive and a JSON's
from its bundle; neither binding reads a zip, so every image asset that is
not already a data URI is inlined as one (from the archive, or from the
sample's folder joined with the asset's `u` and `p`).
"""
import base64
import json
import os

import numpy as np

_MIME = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp",
         ".gif": "image/gif"}


def self_contained(animation, archive_images, sample_dir):
    """The animation as JSON text with its image assets inlined as data URIs.
    Returns (text, notes)."""
    notes = []
    assets = animation.get("assets") or []
    for asset in assets:
        p = asset.get("p")
        if not isinstance(p, str) or "layers" in asset or p.startswith("data:"):
            continue
        data = archive_images.get(os.path.basename(p))
        if data is None:
            for candidate in (os.path.join(sample_dir, asset.get("u") or "", p), os.path.join(sample_dir, p)):
                if os.path.isfile(candidate):
                    with open(candidate, "rb") as f:
                        data = f.read()
                    break
        if data is None:
            notes.append("image %s not found" % p)
            continue
        mime = _MIME.get(os.path.splitext(p)[1].lower(), "image/png")
        asset["p"] = "data:%s;base64,%s" % (mime, base64.b64encode(data).decode("ascii"))
        asset["u"] = ""
        asset["e"] = 1
    return json.dumps(animation, separators=(",", ":")), notes


def _unpremultiply_table():
    a = np.arange(256, dtype=np.uint32)[:, None]
    c = np.arange(256, dtype=np.uint32)[None, :]
    table = np.minimum((2 * 255 * c + a) // (2 * np.maximum(a, 1)), 255)
    table[0, :] = 0
    return table.astype(np.uint8).ravel()


_UNPREMULTIPLY = _unpremultiply_table()  # [a * 256 + c] -> round(255 c / a)


def unpremultiply(premultiplied, order=(0, 1, 2)):
    """Straight RGBA from premultiplied 8-bit pixels whose colour channels
    sit at `order` (B, G, R at (2, 1, 0)) and alpha at 3: round(255 c / a),
    0 where a = 0, by table (a numpy division costs 160 ms at 1920²)."""
    out = np.empty(premultiplied.shape, dtype=np.uint8)
    alpha = premultiplied[..., 3].astype(np.uint16) << 8
    for i, j in enumerate(order):
        out[..., i] = _UNPREMULTIPLY[alpha | premultiplied[..., j]]
    out[..., 3] = premultiplied[..., 3]
    return out


class ThorVGPlayer:
    name = "thorvg"

    def __init__(self, text, width, height, scale, frame_range):
        import thorvg_python as tvg
        self.tvg = tvg
        self.width, self.height = width, height
        self.engine = tvg.Engine(threads=0)
        self.canvas = tvg.SwCanvas(self.engine)
        self.canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888S)
        self.animation = tvg.LottieAnimation(self.engine)
        self.picture = self.animation.get_picture()
        self._data = text.encode("utf-8")
        result = self.picture.load_data(self._data, "lottie", None, True)
        if result != tvg.Result.SUCCESS:
            raise RuntimeError("ThorVG could not load the animation (%s)" % result.name)
        _, w, h = self.picture.get_size()
        self.picture.set_size(w * scale, h * scale)
        self.canvas.add(self.picture)
        self.total = self.animation.get_total_frame()[1]

    def render(self, frame):
        """frame: counted from ip."""
        self.animation.set_frame(float(min(max(frame, 0.0), self.total)))
        self.canvas.update()
        self.canvas.draw(True)
        self.canvas.sync()
        a = np.frombuffer(self.canvas.buffer_arr, dtype=np.uint8)
        return a.reshape(self.height, self.width, 4).copy()

    @staticmethod
    def version():
        import thorvg_python as tvg
        try:
            from importlib.metadata import version
            binding = version("thorvg-python")
        except Exception:
            binding = "?"
        return "ThorVG %s (thorvg-python %s)" % (tvg.Engine(threads=0).version()[4], binding)


class RlottiePlayer:
    name = "rlottie"

    def __init__(self, text, width, height, scale, frame_range):
        from rlottie_python import LottieAnimation
        self.width, self.height = width, height
        self.animation = LottieAnimation.from_data(text)
        if self.animation.lottie_animation_get_size() == (0, 0):
            raise RuntimeError("rlottie could not load the animation")
        self.total = self.animation.lottie_animation_get_totalframe()

    def render(self, frame):
        n = int(min(max(round(frame), 0), max(self.total - 1, 0)))
        buf = self.animation.lottie_animation_render(frame_num=n, width=self.width, height=self.height)
        bgra = np.frombuffer(buf, dtype=np.uint8).reshape(self.height, self.width, 4)
        return unpremultiply(bgra, order=(2, 1, 0))

    @staticmethod
    def version():
        try:
            from importlib.metadata import version
            binding = version("rlottie-python")
        except Exception:
            binding = "?"
        return "rlottie (rlottie-python %s)" % binding


PLAYERS = {"thorvg": ThorVGPlayer, "rlottie": RlottiePlayer}
