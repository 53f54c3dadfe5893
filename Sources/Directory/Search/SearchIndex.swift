import Dispatch
import Foundation

/// Finds users by username and role for a search field, fast enough for a
/// million users: built once off the main thread, queried off it too.
///
/// Usernames are stored folded (lower-cased, diacritics removed, so "jose"
/// finds "José") in one contiguous byte buffer with an offsets table — not a
/// million Swift strings. A query is split into words; a user matches when
/// every word is part of the username or of the role text. Queries scan in
/// parallel chunks and stop early when cancelled. A query that extends the
/// previous one (the user typed more) scans only the previous matches.
///
/// Threading: an immutable `Sendable` value; build and query it off the main thread.
public struct SearchIndex: Sendable {
  /// Folded usernames, back to back.
  private let bytes: [UInt8]
  /// `offsets[i]..<offsets[i + 1]` are user i's bytes.
  private let offsets: [UInt32]
  /// Each user's role.
  private let roles: [Role]

  /// How many users the index covers.
  public var count: Int { roles.count }

  /// Indexes `viewModels` (about 0.1-0.3 s for a million users).
  public init(_ viewModels: [UserViewModel]) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(viewModels.count * 12)
    var offsets: [UInt32] = [0]
    offsets.reserveCapacity(viewModels.count + 1)
    var roles: [Role] = []
    roles.reserveCapacity(viewModels.count)
    for model in viewModels {
      SearchText.appendFolded(model.username, to: &bytes)
      offsets.append(UInt32(truncatingIfNeeded: bytes.count))
      roles.append(model.role)
    }
    self.bytes = bytes
    self.offsets = offsets
    self.roles = roles
  }

  /// The positions (ascending) of the users matching `query`; all of them
  /// for an empty query. Scans only `within` when given (a refinement).
  /// Returns nil if `isCancelled` turned true while scanning.
  public func matches(
    _ query: String, within candidates: [Int]? = nil,
    isCancelled: @Sendable () -> Bool = { Task.isCancelled }
  ) -> [Int]? {
    let words = SearchText.words(of: query)
    if words.isEmpty { return candidates ?? Array(0..<count) }
    // Which roles match each word, decided once per query.
    let roleMatches: [[Bool]] = words.map { word in
      Role.allCases.map { role in SearchText.folded(role.displayText).contains(word) }
    }
    let total = candidates?.count ?? count
    let chunkCount = max(1, min(64, total / 16_384))
    let chunkSize = (total + chunkCount - 1) / max(chunkCount, 1)
    let results = UnsafeMutableBufferPointer<[Int]>.allocate(capacity: chunkCount)
    results.initialize(repeating: [])
    defer { results.deinitialize().deallocate() }
    let output = ChunkResults(results)
    let cancelled = CancelFlag()
    bytes.withUnsafeBufferPointer { bytes in
      offsets.withUnsafeBufferPointer { offsets in
        roles.withUnsafeBufferPointer { roles in
          let storage = UnsafeStorage(bytes: bytes, offsets: offsets, roles: roles)
          DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            if cancelled.value || isCancelled() {
              cancelled.value = true
              return
            }
            let start = chunk * chunkSize
            let end = min(start + chunkSize, total)
            guard start < end else { return }
            var found: [Int] = []
            for slot in start..<end {
              let index = candidates?[slot] ?? slot
              if storage.matches(index, words: words, roleMatches: roleMatches) {
                found.append(index)
              }
            }
            output.store(found, at: chunk)
          }
        }
      }
    }
    if cancelled.value { return nil }
    return Array(results.joined())
  }
}

/// Raw views of the index's arrays for the scanning threads.
private struct UnsafeStorage: @unchecked Sendable {
  let bytes: UnsafeBufferPointer<UInt8>
  let offsets: UnsafeBufferPointer<UInt32>
  let roles: UnsafeBufferPointer<Role>

  func matches(_ index: Int, words: [[UInt8]], roleMatches: [[Bool]]) -> Bool {
    let start = Int(offsets[index])
    let end = Int(offsets[index + 1])
    let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
    let roleIndex = Role.allCases.firstIndex(of: roles[index]) ?? 0
    for (wordIndex, word) in words.enumerated() {
      if roleMatches[wordIndex][roleIndex] { continue }
      if !SearchText.contains(name, word) { return false }
    }
    return true
  }
}

/// Where each chunk leaves its matches; chunks write disjoint slots.
private struct ChunkResults: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<[Int]>
  init(_ buffer: UnsafeMutableBufferPointer<[Int]>) { self.buffer = buffer }
  func store(_ found: [Int], at chunk: Int) { buffer[chunk] = found }
}

/// A flag the chunks raise once one of them sees the cancellation.
private final class CancelFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var raised = false
  var value: Bool {
    get { lock.withLock { raised } }
    set { lock.withLock { raised = newValue } }
  }
}
