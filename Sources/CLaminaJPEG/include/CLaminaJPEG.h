// CLaminaJPEG: libjpeg-turbo's decompressor behind plain C types, for
// Sources/Lamina/Image/JPEG.swift.
//
// Why a C target: libjpeg reports a fatal error by calling the error
// manager's `error_exit`, which must not return (the default one prints
// and calls exit()). The only way back is a longjmp to a setjmp in a frame
// that outlives the call, and Swift can neither setjmp nor let a longjmp
// cross its frames. Here each function that calls libjpeg sets its own
// jump point first, and the handlers jump back to it with libjpeg's
// message; no Swift frame lies between setjmp and longjmp. Swift sees only
// this header (no libjpeg types), so jpeglib.h, which needs <stdio.h>
// first and defines `boolean` and `INT32`, stays out of Swift.
//
// Policy: libjpeg recovers from damaged data with a warning and goes on,
// painting what it lost grey; browsers and ImageIO show the result. Like
// Lamina's PNG reader, this one fails instead wherever pixels are lost:
// the data ends ("Premature end of JPEG file") or a scan ends before its
// image does ("premature end of data segment"), both reported as
// truncated, or the entropy-coded data is corrupt (a bad Huffman or
// arithmetic code, a lost restart marker). Warnings that lose no pixels
// (extraneous bytes before a marker, an unknown Adobe transform or JFIF
// revision, a bad ICC marker, an odd progression) are tolerated.
//
// Rejected: one Swift-imported libjpeg module with the longjmp handler in a
// header as a static inline function: the setjmp would have to be in the
// Swift caller's frame, and a jump back into Swift is undefined.
#ifndef CLAMINA_JPEG_H
#define CLAMINA_JPEG_H
#include <stddef.h>
#include <stdint.h>

/// Results of the functions below.
#define LAMINA_JPEG_OK 0
/// libjpeg stopped with an error (corrupt data, unsupported kind).
#define LAMINA_JPEG_CORRUPT 1
/// The data ended before the image did.
#define LAMINA_JPEG_TRUNCATED 2

/// A decoder with its libjpeg state and error handlers.
typedef struct LaminaJPEG LaminaJPEG;

/// A decoder reading the `size` bytes at `data`, which are read in place
/// and must outlive it. NULL when memory runs out.
LaminaJPEG *lamina_jpeg_open(const uint8_t *data, size_t size);

/// Reads the markers up to the first scan: the image's size in pixels and
/// its number of colour components (1 grey, 3 YCbCr or RGB, 4 CMYK or
/// YCCK). Allocates no pixel memory.
int lamina_jpeg_read_header(LaminaJPEG *jpeg, uint32_t *width, uint32_t *height, int *components);

/// Decodes the whole image (after `lamina_jpeg_read_header`) into
/// `pixels`: `height` rows of `stride` bytes, each `width` straight RGBA8
/// pixels with alpha 255. Grey and RGB are converted by libjpeg; CMYK and
/// YCCK are taken as Adobe's inverted CMYK (what Photoshop writes) and
/// converted naively, r = c·k / 255 and so on, with no colour profile, as
/// djpeg and Chromium do. Fails unless libjpeg's output size is `width` ×
/// `height`, so it never writes past the buffer.
int lamina_jpeg_read_rgba(LaminaJPEG *jpeg, uint8_t *pixels, size_t stride, uint32_t width, uint32_t height);

/// libjpeg's message for the last failure ("" when none).
const char *lamina_jpeg_message(const LaminaJPEG *jpeg);

/// Frees the decoder and all libjpeg memory (NULL is allowed).
void lamina_jpeg_close(LaminaJPEG *jpeg);

#endif
