// CLaminaUnicode: the ICU calls text layout makes (the bidirectional
// algorithm, line and grapheme break iteration), behind plain C types.
//
// Why a C target: Foundation on Linux brings its own copy of ICU's headers
// (module _FoundationICU), and a Swift module that imports the system's
// ICU headers as well fails to build ("'UErrorCode' has different
// definitions in different modules"). Here ICU's headers are seen only by
// the C compiler; Swift sees this header. ICU renames its entry points per
// release (ubidi_open → ubidi_open_72); calling them from C keeps the
// Swift code independent of the installed version.
//
// Rejected: fribidi (bidi only: line breaking would need a second library,
// libunibreak, where ICU gives both, and libharfbuzz-dev installs ICU).
#ifndef CLAMINA_UNICODE_H
#define CLAMINA_UNICODE_H
#include <stdint.h>

/// Embedding levels of `text` (UTF-16) into `levels` (one per code unit),
/// rule L1 applied at the end of the text. `paragraphLevel` 0 or 1 forces
/// the paragraph's direction; 0xFE finds it from the first strong
/// character (left to right when there is none). Returns the paragraph
/// level, or -1 when ICU fails.
int lamina_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraphLevel, uint8_t *levels);

/// The visual order of runs with the given levels (rule L2): map[k] is the
/// logical index of the k-th run from the left.
void lamina_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *map);

/// Boundaries after offset 0, in order, into `offsets` (room for `length`);
/// `kind` 0: line-break opportunities (UAX #14), `hard[k]` set for a
/// mandatory break; 1: grapheme clusters (UAX #29). Returns the count, or
/// -1 when ICU fails.
int32_t lamina_breaks(int kind, const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *hard);

#endif
