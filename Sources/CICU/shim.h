// ICU's common library (libicuuc), linked for CLaminaUnicode, which wraps
// the calls Lamina makes. Nothing of ICU is imported into Swift here:
// Foundation on Linux carries its own ICU headers (_FoundationICU), and
// the two sets of ICU types clash in any Swift module that sees both.
#include <stdint.h>
