import Foundation

/// A loaded directory: the view models of its users in file order, what was
/// skipped, and what loading cost. The parsed `User` values are not kept:
/// the view models hold everything rows need, and a million users would
/// otherwise be stored twice.
///
/// Threading: a plain value; `Sendable`. Built off the main thread by
/// `DirectoryLoader`, then handed to the main thread whole.
public struct DirectoryContents: Sendable {
  public var source: DirectorySource
  /// One per user, in file order.
  public var viewModels: [UserViewModel]
  /// Entries left out because they broke the data format's rules.
  public var skippedEntries: Int
  /// Entries loaded with a field cut to `FieldLimit.maxBytes`.
  public var cutEntries: Int
  /// Why entries were skipped or cut, for the first
  /// `DirectoryParser.maxWarnings`.
  public var warnings: [String]
  /// Reading the file or downloading it.
  public var fetchDuration: Duration
  public var parseDuration: Duration
  public var viewModelDuration: Duration
  /// Size of the JSON as read (after any HTTP decompression).
  public var byteCount: Int

  /// Assembles contents from parts already computed (tests, fixtures).
  public init(
    source: DirectorySource,
    viewModels: [UserViewModel],
    skippedEntries: Int = 0,
    cutEntries: Int = 0,
    warnings: [String] = [],
    fetchDuration: Duration = .zero,
    parseDuration: Duration = .zero,
    viewModelDuration: Duration = .zero,
    byteCount: Int = 0
  ) {
    self.source = source
    self.viewModels = viewModels
    self.skippedEntries = skippedEntries
    self.cutEntries = cutEntries
    self.warnings = warnings
    self.fetchDuration = fetchDuration
    self.parseDuration = parseDuration
    self.viewModelDuration = viewModelDuration
    self.byteCount = byteCount
  }

  /// Parses users.json bytes and builds the view models, timing both.
  ///
  /// Blocks the calling thread (about a second for a million users); call it
  /// off the main thread.
  public init(parsing bytes: some ContiguousBytes, from source: DirectorySource)
    throws(DirectoryError)
  {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(DirectoryError) in try DirectoryContents(parsing: buffer, from: source) }
    }
    self = try result.get()
  }

  init(parsing buffer: UnsafeRawBufferPointer, from source: DirectorySource) throws(DirectoryError)
  {
    let clock = ContinuousClock()
    let parseStart = clock.now
    let parsed = try DirectoryParser.parse(buffer)
    self.init(
      parsed: parsed, byteCount: buffer.count, parseDuration: parseStart.duration(to: clock.now),
      from: source)
  }

  /// Builds the view models of users already parsed, then lets the users go.
  /// The loader parses in a scope of its own so the file's bytes are freed
  /// before the view models exist: at no point are all three in memory.
  init(
    parsed: (users: [User], skipped: Int, warnings: [String], cut: Int), byteCount: Int,
    parseDuration: Duration, from source: DirectorySource
  ) {
    let clock = ContinuousClock()
    let viewModelStart = clock.now
    let viewModels = UserViewModel.makeAll(for: parsed.users)
    self.init(
      source: source,
      viewModels: viewModels,
      skippedEntries: parsed.skipped,
      cutEntries: parsed.cut,
      warnings: parsed.warnings,
      parseDuration: parseDuration,
      viewModelDuration: viewModelStart.duration(to: clock.now),
      byteCount: byteCount
    )
  }
}
