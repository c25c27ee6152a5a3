// libpng's simplified API (png_image_*). Swift imports it directly; see
// docs/gl-notes.md for the macros it does not import.
#include <png.h>
