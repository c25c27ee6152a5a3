// libwebp's decoding API (WebPGetFeatures, WebPDecode), imported into
// Swift directly: it returns status codes, never jumps or exits.
//
// Rejected: a C target wrapping it as CLaminaJPEG wraps libjpeg (nothing to
// catch), and libwebpdemux (animated WebP; see WebP.swift).
#include <webp/decode.h>
