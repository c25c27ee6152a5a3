"""Running headless Chromium on one page and checking what it wrote.

Design: one `chromium --headless --screenshot` process per image, software
raster (`--disable-gpu`), sRGB output (`--force-color-profile=srgb`), the
window sized in CSS pixels and `--force-device-scale-factor` giving the
device pixels; the screenshot's size is checked against the canvas.
Rejected: driving one long-lived browser over the DevTools protocol
(faster, but needs a WebSocket client outside the standard library).

Pages that measure rather than draw (timing.py, transform_interpolation.py,
animated.py) write JSON into `<pre id="out">`; `dump_dom` runs such a page
with `--dump-dom` and `out_json` reads the JSON back. Rejected: each script
running its own `--dump-dom` and parsing the DOM (three copies of the same
twenty lines).
"""
import html as html_entities
import json
import os
import subprocess
import tempfile

import pngio

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--force-color-profile=srgb",
         "--hide-scrollbars", "--disable-lcd-text", "--disable-font-subpixel-positioning",
         "--run-all-compositor-stages-before-draw", "--virtual-time-budget=2000",
         "--disable-extensions", "--no-first-run", "--mute-audio"]


def binary():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        for d in os.environ.get("PATH", "").split(":"):
            p = os.path.join(d, name)
            if os.access(p, os.X_OK):
                return p
    raise SystemExit("chromium not found: run tools/setup references")


def screenshot(html, width, height, device_scale, out_png):
    """Renders `html` in a width x height CSS-pixel window at `device_scale`
    device pixels per CSS pixel into `out_png`; checks the image size."""
    with tempfile.TemporaryDirectory(prefix="lamina-ref-") as tmp:
        page = os.path.join(tmp, "page.html")
        with open(page, "w") as f:
            f.write(html)
        cmd = [binary()] + FLAGS + [f"--user-data-dir={tmp}/profile",
                                    f"--force-device-scale-factor={device_scale}",
                                    f"--window-size={max(width, 500) + 100},{height + 300}",
                                    f"--screenshot={tmp}/shot.png", "file://" + page]
        for attempt in range(3):  # headless Chromium sometimes hangs at start; try again
            try:
                r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=45)
                break
            except subprocess.TimeoutExpired:
                if attempt == 2:
                    raise
        if r.returncode != 0 or not os.path.exists(f"{tmp}/shot.png"):
            raise RuntimeError("chromium failed: " + r.stderr.decode(errors="replace")[-2000:])
        want = (round(width * device_scale), round(height * device_scale))
        full = (round((max(width, 500) + 100) * device_scale), round((height + 300) * device_scale))
        size = pngio.size(f"{tmp}/shot.png")
        if size != full:
            raise RuntimeError(f"chromium wrote {size[0]}x{size[1]}, expected {full[0]}x{full[1]}")
        _, _, rows = pngio.read(f"{tmp}/shot.png", crop=want)
    pngio.write(out_png, want[0], want[1], [bytes(r[:want[0] * 4]) for r in rows[:want[1]]])


def dump_dom(html, browser=None, timeout=None):
    """Runs `html` in headless Chromium (`browser`, else `binary()`) with
    `--dump-dom` and returns the DOM its scripts left."""
    with tempfile.TemporaryDirectory(prefix="lamina-ref-") as tmp:
        page = os.path.join(tmp, "page.html")
        with open(page, "w") as f:
            f.write(html)
        return subprocess.run([browser or binary(), "--headless", "--no-sandbox", "--disable-gpu",
                               f"--user-data-dir={tmp}/profile", "--dump-dom", "file://" + page],
                              check=True, capture_output=True, text=True, timeout=timeout).stdout


class NoResult(Exception):
    """The page wrote no `<pre id="out">` (its script did not finish)."""


def out_json(dom):
    """The JSON a page wrote into `<pre id="out">`; NoResult when it wrote none."""
    start = dom.find('<pre id="out">')
    if start < 0:
        raise NoResult()
    start += len('<pre id="out">')
    return json.loads(html_entities.unescape(dom[start:dom.index("</pre>", start)]))


def version(browser=None):
    """The browser's `--version` line."""
    return subprocess.run([browser or binary(), "--version"], capture_output=True, text=True).stdout.strip()
