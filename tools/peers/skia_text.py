"""Times S7 "text" and S7-flat with Skia's own text stack (skia-python):
SkParagraph (`skia.textlayout`: HarfBuzz shaping, ICU bidi and line
breaking, greedy wrapping) on the CPU raster backend, the way `lamina
bench` times Lamina (harness.py); backend "skia-cpu", so S7 sits in
Skia's column beside S1-S5.

First frame (timed apart): the three font files opened (the files
fontconfig resolves, registered in a TypefaceFontProvider, so Skia uses
exactly Lamina's faces and no fallback), every paragraph built, shaped
and laid out to its box's width, then the frame drawn. Steady frames: the
laid-out paragraphs painted again (Skia keeps their glyph runs; its glyph
cache is warm), the cards first filled, each under its 3x3 projective
matrix (`canvas.concat`, the scene's perspective and turns; Skia draws
glyphs under perspective from their outlines).

Where it differs from the scene: SkParagraph's line height is its own
rounding of the font's ascent + descent (+ leading), so lines may sit a
fraction of a pixel away from Lamina's; line breaks are ICU's, as
Lamina's. A frame ends with flushAndSubmit().

Usage: python skia_text.py [--frames N] [--warmup N] [--json OUT] [--png DIR] [S7 | S7-flat ...]
"""
import skia

import harness
import text_scene as T

SCENES = ["S7", "S7-flat"]


def frame_function(name):
    width, height, background_rgb, boxes, cards = T.load(name)
    surface = skia.Surface.MakeRasterN32Premul(width, height)
    background = skia.Color(*background_rgb)
    state = {}

    def paragraph(box, collection, unicode):
        style = skia.textlayout_TextStyle()
        style.setFontFamilies([box["family"]])
        style.setFontSize(box["size"])
        style.setForegroundColor(skia.Paint(AntiAlias=True, Color=skia.Color(*box["color"])))
        para_style = skia.textlayout_ParagraphStyle()
        para_style.setTextStyle(style)
        builder = skia.textlayout_ParagraphBuilder(para_style, collection, unicode)
        builder.pushStyle(style)
        builder.addText(box["text"])
        p = builder.Build()
        p.layout(box["w"])
        return p

    def build():
        provider = skia.textlayout_TypefaceFontProvider()
        for family in sorted({b["family"] for b in boxes + [c["box"] for c in cards]}):
            provider.registerTypeface(skia.Typeface.MakeFromFile(T.font_file(family)), family)
        collection = skia.textlayout_FontCollection()
        collection.setDefaultFontManager(provider)
        unicode = skia.Unicodes.ICU.Make()
        state["flat"] = [(b["x"], b["y"], paragraph(b, collection, unicode)) for b in boxes]
        state["cards"] = []
        for c in cards:
            (a, b_, tx), (d, e, ty), (g, h, i) = c["matrix"]
            matrix = skia.Matrix.MakeAll(a, b_, tx, d, e, ty, g, h, i)
            rrect = skia.RRect.MakeRectXY(skia.Rect.MakeWH(c["w"], c["h"]), c["radius"], c["radius"])
            fill = skia.Paint(AntiAlias=True, Color=skia.Color(*c["color"]))
            box = c["box"]
            state["cards"].append((matrix, rrect, fill, box["x"], box["y"], paragraph(box, collection, unicode)))

    def frame():
        canvas = surface.getCanvas()
        canvas.clear(background)
        for x, y, p in state["flat"]:
            p.paint(canvas, x, y)
        for matrix, rrect, fill, x, y, p in state["cards"]:
            canvas.save()
            canvas.concat(matrix)
            canvas.drawRRect(rrect, fill)
            p.paint(canvas, x, y)
            canvas.restore()
        surface.flushAndSubmit()

    def first():
        build()
        frame()

    def snapshot():
        pixels = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType,
                                                    alphaType=skia.kUnpremul_AlphaType)
        return width, height, pixels.tobytes()

    return frame, snapshot, first


if __name__ == "__main__":
    harness.main(__doc__, "skia-cpu", f"skia-python {skia.__version__}, SkParagraph, CPU raster",
                 frame_function, supported=SCENES)
