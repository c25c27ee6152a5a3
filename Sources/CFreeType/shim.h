// FreeType: glyph outlines (FT_Outline_Decompose) and colour bitmap glyphs
// (CBDT/sbix strikes, FT_LOAD_COLOR). FT_FREETYPE_H is a macro naming the
// header, which Swift's module map cannot use, so the header is named here.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
