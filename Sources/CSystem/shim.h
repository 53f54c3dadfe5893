// What Swift's Glibc module leaves out of glibc (nothing to link: glibc
// holds it).
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

// True on the process's first thread (the one `main` runs on), whose
// thread id is the process id on Linux.
static inline int csystem_is_main_thread(void) {
  return syscall(SYS_gettid) == getpid();
}

// Names the calling thread for the kernel (`top -H`, /proc, debuggers);
// names longer than 15 bytes are cut short to fit.
static inline void csystem_name_this_thread(const char *name) {
  char shortened[16];
  size_t i = 0;
  for (; name[i] != 0 && i < sizeof shortened - 1; i++) shortened[i] = name[i];
  shortened[i] = 0;
  pthread_setname_np(pthread_self(), shortened);
}
