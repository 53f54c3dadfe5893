import Foundation

/// One row of the soak's CSV: what the process holds at one moment.
///
/// Threading: `Sendable` value.
public struct SoakSample: Sendable, Equatable {
  /// Seconds since the soak started.
  public var seconds = 0.0
  /// Resident set size, MiB.
  public var residentMiB = 0.0
  /// Open file descriptors.
  public var descriptors = 0
  /// Row widgets alive (list, grid and server list factories).
  public var rows = 0
  /// List item objects alive (every model's).
  public var items = 0
  /// Items in the model shown.
  public var modelItems = 0
  /// Image pipeline tasks in flight.
  public var tasks = 0
  /// Bytes of prepared images in the memory cache.
  public var memoryCacheBytes = 0
  /// Bytes of downloads in the disk cache.
  public var diskCacheBytes = 0
  /// Bytes malloc has handed out and not had back (every arena, and the
  /// blocks mapped on their own), MiB: the live allocations.
  public var heapInUseMiB = 0.0
  /// Bytes free inside malloc's arenas, MiB: held for reuse, not live. A
  /// resident set that grows with this and not with ``heapInUseMiB`` is
  /// the allocator keeping freed memory, not a leak of objects.
  public var heapFreeMiB = 0.0

  /// A sample with every figure zero.
  public init() {}

  /// The CSV header, in the order of ``csvLine``.
  public static let columns = [
    "seconds", "rss_mib", "fds", "rows", "items", "model_items", "tasks", "memory_cache_bytes",
    "disk_cache_bytes", "heap_in_use_mib", "heap_free_mib",
  ]

  /// The figures as a CSV line (no newline).
  public var csvLine: String {
    [
      String(format: "%.1f", seconds), String(format: "%.2f", residentMiB), "\(descriptors)",
      "\(rows)", "\(items)", "\(modelItems)", "\(tasks)", "\(memoryCacheBytes)",
      "\(diskCacheBytes)", String(format: "%.2f", heapInUseMiB),
      String(format: "%.2f", heapFreeMiB),
    ].joined(separator: ",")
  }

  /// Every figure as a number, in the order of ``columns`` (the plot's series).
  var values: [Double] {
    [
      seconds, residentMiB, Double(descriptors), Double(rows), Double(items), Double(modelItems),
      Double(tasks), Double(memoryCacheBytes), Double(diskCacheBytes), heapInUseMiB, heapFreeMiB,
    ]
  }

  /// The whole CSV: header and one line per sample.
  public static func csv(_ samples: [SoakSample]) -> String {
    ([columns.joined(separator: ",")] + samples.map(\.csvLine)).joined(separator: "\n") + "\n"
  }
}
