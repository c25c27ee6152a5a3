// libjpeg-turbo (libjpeg), linked for CLaminaJPEG, which makes every call.
// Nothing of libjpeg is imported into Swift: it reports errors through a
// callback that must not return, and getting back from one takes setjmp,
// which Swift lacks.
//
// Rejected: including jpeglib.h here for Swift (it needs <stdio.h> first,
// and every call into it from Swift could end in exit() or a longjmp
// across Swift frames).
#include <stdint.h>
