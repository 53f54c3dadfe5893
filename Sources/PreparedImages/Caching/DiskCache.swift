import FoundationEssentials
import SharedSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Downloaded image bytes (not pixels; http only) on disk, bounded, least recently used evicted
/// first, surviving restarts.
///
/// One file per URL, named by ``StableHash`` ("<32 hex>.avatar"), holding a versioned magic
/// line ("ROSTER-AVATAR-2"), the URL, what the server said about keeping the bytes
/// (``CachePolicy``: one "name value" line per field, then an empty line) and the bytes. A read
/// checks the URL, so a hash collision is a miss; a file of another version (version 1 had no
/// fields) or with a field it does not know or cannot read is a miss too, never an error, and
/// is replaced by the next download. Whether stored bytes are still fresh is the caller's
/// decision (``SourceLoader``): this type only keeps them. Files are written to a
/// temporary name and renamed into place, so a crash never leaves half an image under a real
/// name. The index (size and last use per file) is rebuilt from the folder on first use, in
/// modification-time order; a hit touches the file's mtime. Other files in the folder are left
/// alone.
///
/// Threading: `Sendable`; the index is guarded by `lock` (underscore methods expect it held).
/// Reads and writes block on file I/O: call them on the pipeline's I/O queue.
final class DiskCache: @unchecked Sendable {
  let directory: URL
  let byteLimit: Int
  private let maxEntryBytes: Int
  private let lock = Lock()
  /// nil until the folder has been scanned.
  private var _index: [String: Entry]?
  private var _totalBytes = 0
  private var _temporaryCounter: UInt64 = 0

  private struct Entry {
    var size: Int
    var lastUse: Date
  }

  private static let magic = Array("ROSTER-AVATAR-2\n".utf8)
  private static let fileExtension = "avatar"
  private static let temporaryMarker = ".partial-"

  init(directory: URL, byteLimit: Int, maxEntryBytes: Int) {
    self.directory = directory
    self.byteLimit = max(0, byteLimit)
    self.maxEntryBytes = maxEntryBytes
  }

  /// What is stored for one key: the bytes and what the server said about keeping them.
  struct Stored: Sendable {
    let bytes: [UInt8]
    let policy: CachePolicy
  }

  /// The bytes stored for `key` (whatever their freshness), or nil.
  func bytes(for key: String) -> [UInt8]? { stored(for: key)?.bytes }

  /// The bytes and policy stored for `key`, or nil: a file in another format (an older
  /// Roster's), for another key or damaged is a miss, never an error.
  func stored(for key: String) -> Stored? {
    let name = fileName(for: key)
    loadIndexIfNeeded()
    guard lock.withLock({ _index?[name] != nil }) else { return nil }
    let path = directory.appendingPathComponent(name).path
    guard
      case .success(let contents) = FileLoader(
        maxBytes: maxEntryBytes + key.utf8.count + Self.maxHeaderBytes
      ).load(path: path),
      let (policy, start) = Self.parse(contents, key: key)
    else { return nil }
    utimes(path, nil)  // last use = now, for the next start's eviction order
    lock.withLock { _index?[name]?.lastUse = Date() }
    return Stored(bytes: Array(contents[start...]), policy: policy)
  }

  /// Stores `bytes` for `key` with what the server said about them, then evicts the least
  /// recently used files beyond the limit. `no-store` removes what was stored instead.
  func store(_ bytes: [UInt8], policy: CachePolicy = .init(), for key: String) {
    guard !policy.noStore else { return remove(key) }
    let header = Self.header(key: key, policy: policy)
    let size = header.count + bytes.count
    guard bytes.count <= maxEntryBytes, size <= byteLimit else { return }
    let name = fileName(for: key)
    loadIndexIfNeeded()
    let counter = lock.withLock {
      _temporaryCounter += 1
      return _temporaryCounter
    }
    let finalURL = directory.appendingPathComponent(name)
    let temporaryURL = directory.appendingPathComponent(
      "\(name)\(Self.temporaryMarker)\(getpid())-\(counter)")
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      try Data(header + bytes).write(to: temporaryURL)
      guard rename(temporaryURL.path, finalURL.path) == 0 else {
        unlink(temporaryURL.path)
        return
      }
    } catch {
      unlink(temporaryURL.path)
      return
    }
    lock.withLock {
      _totalBytes += size - (_index?[name]?.size ?? 0)
      _index?[name] = Entry(size: size, lastUse: Date())
      _evictIfNeeded()
    }
  }

  /// Replaces the policy stored with `key`'s bytes (a revalidation answered 304); nothing if
  /// the bytes are gone meanwhile.
  func refresh(_ policy: CachePolicy, for key: String) {
    guard let stored = stored(for: key) else { return }
    store(stored.bytes, policy: policy, for: key)
  }

  /// Forgets `key`'s file, if any.
  func remove(_ key: String) {
    let name = fileName(for: key)
    loadIndexIfNeeded()
    lock.withLock {
      guard let entry = _index?[name] else { return }
      unlink(directory.appendingPathComponent(name).path)
      _index?[name] = nil
      _totalBytes -= entry.size
    }
  }

  /// The most header bytes read beyond the key: the fields and their names.
  private static let maxHeaderBytes =
    (2 + CachePolicy.freshnessFieldNames.count) * (CachePolicy.maxValidatorBytes + 16) + 64

  /// The magic line, the key, one line per field of `policy` ("fresh-until SECONDS",
  /// "etag VALUE", "last-modified VALUE", "must-revalidate yes", and the freshness fields as
  /// sent: "cache-control VALUE", "expires VALUE", "pragma VALUE", "vary VALUE"), an empty
  /// line; the bytes follow.
  private static func header(key: String, policy: CachePolicy) -> [UInt8] {
    var text = key + "\n"
    if let freshUntil = policy.freshUntil { text += "fresh-until \(freshUntil)\n" }
    if let etag = policy.etag { text += "etag \(etag)\n" }
    if let lastModified = policy.lastModified { text += "last-modified \(lastModified)\n" }
    if policy.mustRevalidate { text += "must-revalidate yes\n" }
    for name in CachePolicy.freshnessFieldNames {
      if let value = policy.freshnessFields[name] { text += "\(name) \(value)\n" }
    }
    return magic + Array((text + "\n").utf8)
  }

  /// The policy in `contents`' header and where its bytes start; nil unless the header is
  /// this format's, for `key`, and every field in it is known and well formed.
  private static func parse(_ contents: [UInt8], key: String) -> (CachePolicy, Int)? {
    let keyLine = magic + Array(key.utf8) + [0x0A]
    guard contents.starts(with: keyLine) else { return nil }
    var policy = CachePolicy()
    var position = keyLine.count
    while true {
      let limit = min(contents.count, position + CachePolicy.maxValidatorBytes + 32)
      guard let end = contents[position..<limit].firstIndex(of: 0x0A) else { return nil }
      defer { position = end + 1 }
      if end == position { return (policy, end + 1) }
      guard let line = String(validating: contents[position..<end], as: UTF8.self),
        let space = line.firstIndex(of: " ")
      else { return nil }
      let value = String(line[line.index(after: space)...])
      switch line[..<space] {
      case "fresh-until":
        guard let seconds = Int64(value) else { return nil }
        policy.freshUntil = seconds
      case "etag":
        guard let etag = CachePolicy.validator(value) else { return nil }
        policy.etag = etag
      case "last-modified":
        guard let lastModified = CachePolicy.validator(value) else { return nil }
        policy.lastModified = lastModified
      case "must-revalidate":
        guard value == "yes" else { return nil }
        policy.mustRevalidate = true
      case let name where CachePolicy.freshnessFieldNames.contains(String(name)):
        guard let value = CachePolicy.validator(value) else { return nil }
        policy.freshnessFields[String(name)] = value
      default:
        return nil
      }
    }
  }

  /// Scans the folder now, so the first lookup does not pay for it.
  func warmUp() {
    loadIndexIfNeeded()
  }

  var totalBytes: Int { lock.withLock { _index == nil ? 0 : _totalBytes } }
  var count: Int { lock.withLock { _index?.count ?? 0 } }

  private func fileName(for key: String) -> String {
    StableHash.hex(key) + "." + Self.fileExtension
  }

  /// Scans the folder once. The scan runs without the lock: a big folder must not block a
  /// statistics call on the main thread.
  private func loadIndexIfNeeded() {
    guard lock.withLock({ _index == nil }) else { return }
    let scanned = scanFolder()
    lock.withLock {
      guard _index == nil else { return }
      _index = scanned
      _totalBytes = scanned.values.reduce(0) { $0 + $1.size }
      _evictIfNeeded()
    }
  }

  private func scanFolder() -> [String: Entry] {
    var index: [String: Entry] = [:]
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names {
      let path = directory.appendingPathComponent(name).path
      var status = stat()
      guard name.count > 32, name.prefix(32).allSatisfy(\.isHexDigit), lstat(path, &status) == 0,
        status.st_mode & S_IFMT == S_IFREG
      else { continue }
      let modified = Date(
        timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
      if name.dropFirst(32).hasPrefix("." + Self.fileExtension + Self.temporaryMarker) {
        // Left over from a write that never finished (a live writer renames within a second).
        if modified < Date(timeIntervalSinceNow: -60) { unlink(path) }
        continue
      }
      guard name.count == 32 + 1 + Self.fileExtension.count,
        name.hasSuffix("." + Self.fileExtension)
      else { continue }
      index[name] = Entry(size: Int(status.st_size), lastUse: modified)
    }
    return index
  }

  /// Oldest first, down to 90% of the limit so a full cache does not evict on every write.
  private func _evictIfNeeded() {
    guard _totalBytes > byteLimit, let index = _index else { return }
    let target = byteLimit / 10 * 9
    for (name, entry) in index.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
      guard _totalBytes > target else { break }
      unlink(directory.appendingPathComponent(name).path)
      _index?[name] = nil
      _totalBytes -= entry.size
    }
  }
}
