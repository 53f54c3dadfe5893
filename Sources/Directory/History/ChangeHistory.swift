import FoundationEssentials
import SharedSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The changes an offline copy saw, kept beside it in its folder as the
/// file `history` (mode 0600): who joined, who left, who moved and whose
/// title changed (``PersonChange``), appended and synced as the copy takes
/// them, never rewritten but to drop the oldest.
///
/// - A crash or SIGKILL part-way through a write loses only the record
///   being written: the next opening cuts its torn end off.
/// - A damaged file (a wrong mark, a record that fails its checksum with
///   records after it) is set aside as `history.damaged`, the changes
///   before the damage are kept in a new file, and ``notice`` says so.
/// - Bounded by ``ChangeHistoryLimits`` (365 days or 100 MB): past either,
///   the newest changes are written to a new file that replaces the old
///   one by a rename, so a crash leaves one or the other whole.
///
/// Threading: owned by the copy's thread (``ReplicaStore``'s); its calls
/// block on the file system. Readers elsewhere use
/// ``changes(in:now:limits:)``, which reads without writing.
public final class ChangeHistory {
  /// The file's name in the copy's folder.
  public static let fileName = "history"
  /// Where a damaged file is set aside, beside it.
  public static let damagedName = "history.damaged"

  public let folder: URL
  public let limits: ChangeHistoryLimits
  /// What the opening did that the user should hear of (a damaged file
  /// set aside); nil when nothing.
  public private(set) var notice: String?
  private let clock: @Sendable () -> Date
  private let writer: any HistoryWriting
  private var descriptor: Int32 = -1
  /// The file's length.
  private(set) var size = 0
  /// The oldest change kept (nil: none).
  private var oldest: Int64?

  /// Opens the history in `folder` (the copy's, which exists), repairing
  /// a torn end and setting a damaged file aside; the date of each change
  /// is `clock`'s when it is recorded, and its bytes go through `writer`.
  public init(
    folder: URL, limits: ChangeHistoryLimits = ChangeHistoryLimits(),
    clock: @escaping @Sendable () -> Date = { Date() },
    writer: any HistoryWriting = DirectHistoryWrite()
  ) throws(ReplicaError) {
    self.folder = folder
    self.limits = limits
    self.clock = clock
    self.writer = writer
    let contents = try ChangeHistoryFile.read(path)
    if let damage = contents.damagedAt {
      let aside = path(Self.damagedName)
      guard rename(path, aside) == 0 else { throw .system("set aside", path, errno: errno) }
      try rewrite(contents.changes)
      notice = String(
        filling: tr(
          "The change history in %@ was damaged at byte %ld: it was set aside as %@, and the %ld changes before the damage were kept."
        ), folder.path, damage, Self.damagedName, contents.changes.count)
    } else if contents.exists {
      try openForAppending(cuttingTo: contents.validLength)
      oldest = contents.changes.first?.seconds
    }
    try keepWithinLimits()
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  private var path: String { path(Self.fileName) }
  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// The time now, in seconds since 1970, as changes are dated.
  public var now: Int64 { Int64(clock().timeIntervalSince1970.rounded(.down)) }

  /// Appends `changes` and waits until they are on the disk; then drops
  /// the oldest when a bound is passed.
  public func record(_ changes: [PersonChange]) throws(ReplicaError) {
    guard !changes.isEmpty else { return }
    if descriptor < 0 { try openForAppending(cuttingTo: 0) }
    var bytes: [UInt8] = size == 0 ? ChangeHistoryFile.mark : []
    var written: [Int64] = []
    for change in changes {
      let record = ChangeHistoryFile.record(change)
      // A change that would not read back, too large (FieldLimit cuts
      // every value far below it) or dated by a clock far off, is left
      // out rather than ending the file there.
      guard record.count - 8 <= ChangeHistoryFile.maxRecordBytes,
        PersonChange.secondsKept.contains(change.seconds)
      else { continue }
      bytes += record
      written.append(change.seconds)
    }
    guard !written.isEmpty else { return }
    try writer.write(bytes, to: descriptor, path: path)
    guard fsync(descriptor) == 0 else { throw .system("sync", path, errno: errno) }
    size += bytes.count
    oldest = oldest ?? written.min()
    try keepWithinLimits()
  }

  /// Opens the file to append after its first `length` bytes (created,
  /// mode 0600, when missing); anything beyond them is cut off.
  private func openForAppending(cuttingTo length: Int) throws(ReplicaError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw .system("open", path, errno: errno) }
    // A torn mark is no history: it is written again with the first change.
    let kept = length < ChangeHistoryFile.mark.count ? 0 : length
    guard ftruncate(fd, off_t(kept)) == 0, lseek(fd, 0, SEEK_END) >= 0 else {
      let code = errno
      close(fd)
      throw .system("cut back", path, errno: code)
    }
    if descriptor >= 0 { close(descriptor) }
    descriptor = fd
    size = kept
  }

  /// Drops the oldest changes when the file is past a bound.
  private func keepWithinLimits() throws(ReplicaError) {
    let cutoff = now - limits.maxAge
    let tooOld = oldest.map { $0 < cutoff - limits.ageSlack } ?? false
    guard size > limits.maxBytes || tooOld else { return }
    let contents = try ChangeHistoryFile.read(path)
    var budget = size > limits.maxBytes ? limits.compactedBytes : Int.max
    budget -= ChangeHistoryFile.mark.count
    var first = contents.changes.count
    // The newest first, while they fit and are young enough.
    while first > 0, contents.changes[first - 1].seconds >= cutoff,
      contents.lengths[first - 1] <= budget
    {
      first -= 1
      budget -= contents.lengths[first]
    }
    try rewrite(Array(contents.changes[first...]))
  }

  /// Replaces the file with one holding `changes`: written beside it,
  /// synced, then renamed over it.
  private func rewrite(_ changes: [PersonChange]) throws(ReplicaError) {
    let temporary = path(".history.new")
    let file = try OutputFile(create: temporary)
    var bytes = changes.isEmpty ? [] : ChangeHistoryFile.mark
    for change in changes { bytes += ChangeHistoryFile.record(change) }
    try file.write(bytes)
    try file.sync()
    guard rename(temporary, path) == 0 else { throw .system("rename", temporary, errno: errno) }
    let fd = Glibc.open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 {
      fsync(fd)
      close(fd)
    }
    try openForAppending(cuttingTo: bytes.count)
    oldest = changes.first?.seconds
  }

  // MARK: Reading

  /// The changes kept in `folder`, newest first, those older than
  /// `limits.maxAge` before `now` left out. Reads without writing (a
  /// window may be appending meanwhile): a torn end or damage ends what
  /// is read there. Nil when the folder holds no history.
  public static func changes(
    in folder: URL, now: Date = Date(), limits: ChangeHistoryLimits = ChangeHistoryLimits()
  ) throws(ReplicaError) -> [PersonChange]? {
    let contents = try ChangeHistoryFile.read(folder.appendingPathComponent(fileName).path)
    guard contents.exists else { return nil }
    let cutoff = Int64(now.timeIntervalSince1970.rounded(.down)) - limits.maxAge
    return contents.changes.reversed().filter { $0.seconds >= cutoff }
  }
}
