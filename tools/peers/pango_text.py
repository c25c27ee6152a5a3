"""Times S7-flat with Pango on cairo (PangoCairo through PyGObject; Pango
shapes with HarfBuzz, breaks lines by its own UAX #14 rules, finds fonts
through fontconfig), the way `lamina bench` times Lamina (harness.py);
backend "pango-cairo".

It runs under Debian's /usr/bin/python3, where PyGObject lives: apt
packages python3-gi, gir1.2-pango-1.0, python3-cairo and python3-gi-cairo
(the last lets Pango draw into a pycairo context; 41 kB). tools/peers/run
skips this peer, saying so, when they are missing.

First frame (timed apart): one PangoLayout per paragraph (font
description with the family and an absolute size in pixels, width the
box's, `WrapMode.WORD_CHAR`: words, and a word wider than the line cut
between characters, as the scene says), laid out (`get_pixel_extents`),
then the frame drawn. Steady frames: the same layouts shown again
(`PangoCairo.show_layout`: Pango keeps their shaped lines; cairo's glyph
cache is warm). Glyph positions are not rounded
(`context_set_round_glyph_positions(False)`), hinting is off and metrics
unhinted, as Lamina lays text out unhinted.

S7's cards are not drawn: cairo has affine transforms only, no
projective one (neither for paths nor for images), so a perspective card
cannot be drawn the scene's way; only S7-flat is timed.

Usage: /usr/bin/python3 pango_text.py [--frames N] [--warmup N] [--json OUT] [--png DIR] [S7-flat]
"""
import cairo
import gi

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
gi.require_foreign("cairo")
from gi.repository import Pango, PangoCairo  # noqa: E402

import harness  # noqa: E402
import text_scene as T  # noqa: E402

SCENES = ["S7-flat"]


def frame_function(name):
    width, height, (r, g, b), boxes, cards = T.load(name)
    if cards:
        raise ValueError(f"{name}: cairo cannot draw perspective cards")
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    ctx = cairo.Context(surface)
    options = cairo.FontOptions()
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_antialias(cairo.ANTIALIAS_GRAY)
    state = {}

    def build():
        layouts = []
        for box in boxes:
            layout = PangoCairo.create_layout(ctx)
            context = layout.get_context()
            PangoCairo.context_set_font_options(context, options)
            context.set_round_glyph_positions(False)
            layout.context_changed()
            description = Pango.FontDescription.from_string(box["family"])
            description.set_absolute_size(box["size"] * Pango.SCALE)
            layout.set_font_description(description)
            layout.set_width(int(box["w"] * Pango.SCALE))
            layout.set_wrap(Pango.WrapMode.WORD_CHAR)
            layout.set_text(box["text"], -1)
            layout.get_pixel_extents()
            layouts.append((box, layout))
        state["layouts"] = layouts

    def frame():
        ctx.set_source_rgb(r / 255, g / 255, b / 255)
        ctx.paint()
        for box, layout in state["layouts"]:
            cr, cg, cb = box["color"]
            ctx.set_source_rgb(cr / 255, cg / 255, cb / 255)
            ctx.move_to(box["x"], box["y"])
            PangoCairo.show_layout(ctx, layout)
        surface.flush()

    def first():
        build()
        frame()

    def snapshot():
        # Premultiplied BGRA; the canvas is opaque, so straight RGBA is a swap.
        data = bytes(surface.get_data())
        rgba = bytearray(len(data))
        rgba[0::4], rgba[1::4], rgba[2::4], rgba[3::4] = data[2::4], data[1::4], data[0::4], data[3::4]
        return width, height, bytes(rgba)

    return frame, snapshot, first


if __name__ == "__main__":
    harness.main(__doc__, "pango-cairo", f"Pango {Pango.version_string()}, cairo {cairo.cairo_version_string()}",
                 frame_function, supported=SCENES)
