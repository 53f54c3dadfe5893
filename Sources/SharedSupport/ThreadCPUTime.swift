#if canImport(Glibc)
  import Glibc
#endif

/// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`): what a piece of
/// work cost the thread, without the time it waited for a core.
///
/// Threading: any thread; each reading is of the caller.
public enum ThreadCPUTime {
  /// Nanoseconds of CPU time since the calling thread started.
  public static func nanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}
