// libFuzzer's entry for programs that have their own `main`
// (compiler-rt/lib/fuzzer/FuzzerInterface.h).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));
