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
/// (docs/PERFORMANCE.md, "The allocator's thresholds"). Fixing it also
/// turns the raising off.
///
/// One block of that size is allocated on every frame, though: under the
/// cairo renderer GTK paints each frame into a fresh image surface the size
/// of the part redrawn, 1.4 MiB for a scrolled list in the default window.
/// Mapped, its pages are zero-filled by the kernel on first touch, every
/// frame, on the main thread (about a hundred page faults a frame). So each
/// window drawn by cairo raises the threshold just above its own frame
/// surface (``WindowFrameAllocation``), up to ``maxMmapThreshold``: blocks up to a
/// frame's size come from the heap and the frame's surface is the same
/// heap block each time, while a refresh's bigger arrays are still mapped.
///
/// Threading: call ``apply()`` on the main thread before anything else runs.
public enum AllocatorSettings {
  /// Blocks of at least this many bytes get a mapping of their own, returned
  /// to the system when freed: a refresh's big arrays, never a row's strings.
  public static let mmapThreshold: Int32 = 1 << 20
  /// The most a window raises the threshold to: a 1920 x 1080 window's frame
  /// fits under it; a larger window's frames are mapped as before.
  public static let maxMmapThreshold = 8 << 20
  /// Whether ``apply()`` ran: windows adjust the threshold only then, so a
  /// program that embeds the windows without it keeps its own malloc set-up.
  @MainActor public private(set) static var isApplied = false

  /// Sets glibc's malloc up as described above; returns whether it accepted it.
  @MainActor @discardableResult
  public static func apply() -> Bool {
    isApplied = mallopt(M_MMAP_THRESHOLD, mmapThreshold) == 1
    return isApplied
  }

  /// The threshold that keeps a frame surface of `bytes` in the heap: a
  /// little above it, in 64 KiB steps, between ``mmapThreshold`` and
  /// ``maxMmapThreshold``.
  public static func mmapThreshold(forFrameBytes bytes: Int) -> Int {
    let step = 64 << 10
    let wanted = (bytes + step) / step * step + step
    return min(maxMmapThreshold, max(Int(mmapThreshold), wanted))
  }

  /// glibc's default trim threshold: an arena gives back the free memory at
  /// its top once there is this much of it.
  package static let defaultTrimThreshold: Int32 = 128 << 10

  /// Sets the mmap threshold to `threshold`; does nothing unless
  /// ``apply()`` ran.
  @MainActor @discardableResult
  package static func setMmapThreshold(_ threshold: Int) -> Bool {
    guard isApplied else { return false }
    return mallopt(M_MMAP_THRESHOLD, Int32(clamping: threshold)) == 1
  }

  /// Sets the trim threshold, which glibc applies to the top of every
  /// thread's arena: a free that leaves more than this at an arena's top
  /// gives the memory back; does nothing unless ``apply()`` ran.
  @MainActor @discardableResult
  package static func setTrimThreshold(_ threshold: Int) -> Bool {
    guard isApplied else { return false }
    return mallopt(M_TRIM_THRESHOLD, Int32(clamping: threshold)) == 1
  }
}
