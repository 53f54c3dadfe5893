// libFuzzer's entry for programs that keep their own main (LLVM's
// FuzzerInterface.h); the library itself is linked by -sanitize=fuzzer.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));
