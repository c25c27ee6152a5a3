"""Times S7 "text" and S7-flat with Pillow (PIL) and its raqm layout
(FreeType, HarfBuzz and FriBiDi through libraqm; `ImageFont.Layout.RAQM`),
the way `lamina bench` times Lamina (harness.py); backend "pillow-raqm".

Pillow has no paragraph layout, only lines: the script wraps, as a Pillow
user must. First frame (timed apart): the font files opened (the files
fontconfig resolves, `ImageFont.truetype`), every paragraph broken into
lines greedily to its box's width, then the frame drawn. Breaking: after
each run of spaces (Latin), between any two Chinese characters but never
before "，" or "。"; each piece measured once with raqm (`getlength`) and
summed, so a line is measured without kerning across a space; a piece
wider than a whole line is not cut (none in S7). Lines stack at the font's
ascent + descent (`getmetrics`, FreeType's rounded size metrics; Pillow
exposes no line gap). Steady frames: the lines drawn again with
`ImageDraw.text`, which shapes each line again on every call (Pillow keeps
no shaped runs; FreeType caches the glyphs).

Cards (S7): Pillow has no projective transform for drawing. Each card is
drawn flat into an image of its bounds (rounded rectangle and text), then
warped onto the canvas with `Image.transform(..., PERSPECTIVE, inverse
homography, BILINEAR)` and composited: the text is resampled pixels, not
outlines drawn under the transform as Skia and Lamina draw them. Done
every frame, as the scene would be drawn.

Usage: python pillow_text.py [--frames N] [--warmup N] [--json OUT] [--png DIR] [S7 | S7-flat ...]
"""
import PIL
from PIL import Image, ImageDraw, ImageFont, features

import harness
import text_scene as T

SCENES = ["S7", "S7-flat"]
NO_BREAK_BEFORE = set("，。、；：！？）」』")


def pieces(text):
    """Break opportunities: the text cut after each run of spaces, and
    between Chinese characters except before closing punctuation."""
    out, current = [], ""
    for i, ch in enumerate(text):
        current += ch
        nxt = text[i + 1] if i + 1 < len(text) else ""
        if not nxt:
            break
        if ch == " " and nxt != " ":
            out.append(current)
            current = ""
        elif ord(ch) >= 0x3000 and ord(nxt) >= 0x3000 and nxt not in NO_BREAK_BEFORE:
            out.append(current)
            current = ""
    return out + [current]


def wrap(text, font, width):
    lines, line, used = [], "", 0.0
    for piece in pieces(text):
        w = font.getlength(piece)
        trimmed = w - (font.getlength(" ") * (len(piece) - len(piece.rstrip(" "))))
        if line and used + trimmed > width:
            lines.append(line.rstrip(" "))
            line, used = "", 0.0
        line += piece
        used += w
    return lines + [line.rstrip(" ")] if line else lines


def frame_function(name):
    width, height, background_rgb, boxes, cards = T.load(name)
    canvas = Image.new("RGBA", (width, height), background_rgb + (255,))
    state = {}

    def lay_out(box, fonts):
        key = (box["file"], box["size"])
        if key not in fonts:
            fonts[key] = ImageFont.truetype(box["file"], box["size"], layout_engine=ImageFont.Layout.RAQM)
        font = fonts[key]
        ascent, descent = font.getmetrics()
        return font, ascent + descent, wrap(box["text"], font, box["w"])

    def build():
        fonts = {}
        state["flat"] = [(b, *lay_out(b, fonts)) for b in boxes]
        state["cards"] = []
        for c in cards:
            inverse = T.invert3(c["matrix"])
            coefficients = [v / inverse[2][2] for row in inverse for v in row][:8]
            state["cards"].append((c, coefficients, *lay_out(c["box"], fonts)))

    def draw_lines(draw, box, font, step, lines, dx=0, dy=0):
        fill = box["color"] + (255,)
        for k, line in enumerate(lines):
            draw.text((box["x"] + dx, box["y"] + dy + k * step), line, font=font, fill=fill)

    def frame():
        canvas.paste(background_rgb + (255,), (0, 0, width, height))
        draw = ImageDraw.Draw(canvas)
        for box, font, step, lines in state["flat"]:
            draw_lines(draw, box, font, step, lines)
        for c, coefficients, font, step, lines in state["cards"]:
            card = Image.new("RGBA", (int(c["w"]), int(c["h"])), (0, 0, 0, 0))
            d = ImageDraw.Draw(card)
            d.rounded_rectangle((0, 0, c["w"] - 1, c["h"] - 1), radius=c["radius"], fill=c["color"] + (255,))
            draw_lines(d, c["box"], font, step, lines)
            warped = card.transform((width, height), Image.Transform.PERSPECTIVE, coefficients,
                                    Image.Resampling.BILINEAR)
            canvas.alpha_composite(warped)

    def first():
        build()
        frame()

    def snapshot():
        return width, height, canvas.tobytes()

    return frame, snapshot, first


if __name__ == "__main__":
    if not features.check("raqm"):
        raise SystemExit("this Pillow has no raqm layout (features.check('raqm') is False)")
    harness.main(__doc__, "pillow-raqm",
                 f"Pillow {PIL.__version__}, raqm {features.version('raqm')}, "
                 f"HarfBuzz {features.version('harfbuzz')}", frame_function, supported=SCENES)
