// See include/CLaminaUnicode.h.
#include "CLaminaUnicode.h"
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>

int lamina_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraphLevel, uint8_t *levels) {
  UErrorCode error = U_ZERO_ERROR;
  UBiDi *bidi = ubidi_open();
  if (!bidi) return -1;
  // ICU reads the text while the object lives; it is closed before return.
  ubidi_setPara(bidi, (const UChar *)text, length, paragraphLevel, NULL, &error);
  int result = -1;
  if (U_SUCCESS(error)) {
    const UBiDiLevel *l = ubidi_getLevels(bidi, &error);
    if (U_SUCCESS(error) && l) {
      memcpy(levels, l, (size_t)length);
      result = ubidi_getParaLevel(bidi);
    }
  }
  ubidi_close(bidi);
  return result;
}

void lamina_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *map) {
  ubidi_reorderVisual(levels, count, map);
}

// Opening a break iterator costs tens of microseconds (ICU finds the
// locale's rules and builds the iterator), far more than iterating a
// paragraph: S7-flat's layout opened 200 of them, a fifth of its time.
// Each thread keeps one iterator per kind and hands it new text
// (`ubrk_setText` resets it: the same boundaries as a fresh one). They
// live as long as their thread (two small objects per thread that lays
// text out; Dispatch's workers are reused). Rejected: one shared pair
// behind a lock (layout may run on several threads at once) and cloning a
// template per call (a copy of the iterator's state each time).
static _Thread_local UBreakIterator *kept[2];

int32_t lamina_breaks(int kind, const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *hard) {
  UErrorCode error = U_ZERO_ERROR;
  int slot = kind == 0 ? 0 : 1;
  UBreakIterator *it = kept[slot];
  if (!it) {
    it = ubrk_open(slot == 0 ? UBRK_LINE : UBRK_CHARACTER, NULL, NULL, 0, &error);
    if (!it || U_FAILURE(error)) {
      if (it) ubrk_close(it);
      return -1;
    }
    kept[slot] = it;
  }
  ubrk_setText(it, (const UChar *)text, length, &error);
  if (U_FAILURE(error)) return -1;
  int32_t n = 0;
  ubrk_first(it);
  for (int32_t b = ubrk_next(it); b != UBRK_DONE && n < length; b = ubrk_next(it)) {
    offsets[n] = b;
    if (hard) {
      int32_t status = ubrk_getRuleStatus(it);
      hard[n] = slot == 0 && status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT;
    }
    n++;
  }
  // Leave no pointer to the caller's text behind.
  ubrk_setText(it, NULL, 0, &error);
  return n;
}
