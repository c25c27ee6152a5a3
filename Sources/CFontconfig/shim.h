// fontconfig: font names (families, face names, generic families) resolved
// to files with the system's substitution rules, and per-character
// fallback through FcCharSet. Swift imports the API directly.
#include <fontconfig/fontconfig.h>
