// libpng's simplified API (png_image_*). Swift imports it directly; see
// NOTES-swift-gl.md for the macros it does not import.
#include <png.h>
