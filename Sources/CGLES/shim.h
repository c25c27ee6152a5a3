// OpenGL ES 3 core plus the extension enums (debug output). Extension
// functions have no prototypes here: LaminaGL loads them via eglGetProcAddress.
#include <GLES3/gl32.h>
#include <GLES2/gl2ext.h>
