import Dispatch
import Foundation

/// Finds users by username and role for a search field, fast enough for a
/// million users: built once off the main thread, queried off it too.
///
/// Usernames are matched folded (lower-cased, diacritics removed, so "jose"
/// finds "José"). The index reads them from the directory's ``UserTable``
/// itself: a plain-ASCII name is folded while it is compared (one OR per
/// byte), and only names with other characters are stored folded, in one
/// byte buffer with an offsets table — so the index costs next to nothing
/// beside the table. A query is split into words; a user matches when every
/// word is part of the username or of the role text. Queries scan in
/// parallel chunks and stop early when cancelled. A query that extends the
/// previous one (the user typed more) scans only the previous matches.
///
/// Threading: an immutable `Sendable` value; build and query it off the main thread.
public struct SearchIndex: Sendable {
  private let table: UserTable
  /// The users whose username is not plain ASCII, ascending...
  private let foldedUsers: [UInt32]
  /// ...their folded usernames, back to back...
  private let foldedBytes: [UInt8]
  /// ...and where each starts: `foldedOffsets[k]..<foldedOffsets[k + 1]`.
  private let foldedOffsets: [UInt32]

  /// How many users the index covers.
  public var count: Int { table.userCount }

  /// Indexes the users of `table` (tens of milliseconds for a million
  /// mostly-ASCII names: only the others are folded now).
  public init(_ table: UserTable) {
    self.table = table
    var users: [UInt32] = []
    var bytes: [UInt8] = []
    var offsets: [UInt32] = [0]
    var folder = SearchText()
    for index in 0..<table.userCount {
      let name = table.nameBytes(at: index)
      guard !SearchText.isASCII(name) else { continue }
      users.append(UInt32(index))
      folder.appendFolded(String(decoding: name, as: UTF8.self), to: &bytes)
      offsets.append(UInt32(truncatingIfNeeded: bytes.count))
    }
    foldedUsers = users
    foldedBytes = bytes
    foldedOffsets = offsets
  }

  /// Indexes `viewModels` (tests and small lists).
  public init(_ viewModels: [UserViewModel]) {
    self.init(UserTable(viewModels.map(\.user)))
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
        if matches(index, words: words, roleMatches: roleMatches) { found.append(index) }
      }
      output.store(found, at: chunk)
    }
    if cancelled.value { return nil }
    return Array(results.joined())
  }

  private func matches(_ index: Int, words: [[UInt8]], roleMatches: [[Bool]]) -> Bool {
    let name = table.nameBytes(at: index)
    // Role.allCases is in the order of the roles' stored bytes.
    let role = Int(table.role(at: index).byte)
    if SearchText.isASCII(name) {
      return Self.every(words, in: name, roleMatches, role, SearchText.containsFoldingASCII)
    }
    let range = foldedRange(of: index)
    return foldedBytes.withUnsafeBufferPointer { all in
      Self.every(
        words, in: UnsafeBufferPointer(rebasing: all[range]), roleMatches, role, SearchText.contains
      )
    }
  }

  /// Whether each word is in the role's text or in `name`, by `contains`.
  private static func every(
    _ words: [[UInt8]], in name: UnsafeBufferPointer<UInt8>, _ roleMatches: [[Bool]], _ role: Int,
    _ contains: (UnsafeBufferPointer<UInt8>, [UInt8]) -> Bool
  ) -> Bool {
    for (wordIndex, word) in words.enumerated() where !roleMatches[wordIndex][role] {
      if !contains(name, word) { return false }
    }
    return true
  }

  /// Where the folded username of a user whose name is not plain ASCII is.
  private func foldedRange(of index: Int) -> Range<Int> {
    var low = 0
    var high = foldedUsers.count
    while low < high {
      let middle = (low + high) / 2
      if Int(foldedUsers[middle]) < index { low = middle + 1 } else { high = middle }
    }
    return Int(foldedOffsets[low])..<Int(foldedOffsets[low + 1])
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
