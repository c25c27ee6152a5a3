// EGL 1.5 with extensions. EGL_NO_* are EGL_CAST macros Swift cannot
// import; LaminaGL defines them as computed nil globals.
#include <EGL/egl.h>
#include <EGL/eglext.h>
