import CGtk

/// How glibc's malloc is set up for Roster, once at start-up, before any
/// thread exists.
///
/// Every refresh of a local directory allocates the whole directory again —
/// the file's bytes, the parsed users, the view models, the diff, the search
/// index — and frees the one before. Several of those are single arrays of
/// one to tens of MiB. glibc serves an allocation that large with its own
/// mmap, unmapped when freed, but only up to a threshold it raises to the
/// size of each such block freed (up to 32 MiB): after the first refresh the
/// big arrays land in the heap arenas instead, and the arenas keep their
/// freed pages. Over a soak of 200,000 users refreshed every 5 s the bytes
/// in use stayed at 56 MiB while the arenas' free bytes grew from 62 to
/// 205 MiB, much of it beyond `malloc_trim(0)`'s reach; with the threshold
/// fixed at 1 MiB the free bytes stayed at 5-9 MiB and the RSS flat
/// (docs/PERFORMANCE.md, "Soak"). Fixing it also turns the raising off.
///
/// Threading: call ``apply()`` on the main thread before anything else runs.
public enum AllocatorSettings {
  /// Blocks of at least this many bytes get a mapping of their own, returned
  /// to the system when freed: a refresh's big arrays, never a row's strings.
  public static let mmapThreshold: Int32 = 1 << 20

  /// Sets glibc's malloc up as described above; returns whether it accepted it.
  @discardableResult
  public static func apply() -> Bool {
    mallopt(M_MMAP_THRESHOLD, mmapThreshold) == 1
  }
}
