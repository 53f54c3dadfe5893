import FoundationEssentials

/// A loaded directory: its users in file order, in compact storage, what was
/// skipped, and what loading cost.
///
/// The users are one ``UserTable`` (a few flat columns, nothing per user on
/// the heap); ``viewModels`` reads it as view models made when asked, and
/// ``rows`` is what the list model holds (a table reference and a position
/// per user, 16 bytes each).
///
/// Threading: a plain value; `Sendable`. Built off the main thread by
/// `DirectoryLoader`, then handed to the main thread whole.
public struct DirectoryContents: Sendable {
  public var source: DirectorySource
  /// One per user, in file order, each made when read.
  public var viewModels: UserTable
  /// One per user, in file order: what the list model holds.
  public var rows: [UserRef]
  /// The directory's groups, their members as positions in ``viewModels``
  /// (none for a file in the array form).
  public var groups: DirectoryGroups
  /// Entries left out because they broke the data format's rules.
  public var skippedEntries: Int
  /// Entries loaded with a field cut to `FieldLimit.maxBytes`.
  public var cutEntries: Int
  /// Why entries were skipped or cut, for the first
  /// `DirectoryParser.maxWarnings`.
  public var warnings: [String]
  /// Reading the file or downloading it.
  public var fetchDuration: Duration
  /// Parsing into the table.
  public var parseDuration: Duration
  /// Making ``rows`` (the view models themselves are made at bind).
  public var viewModelDuration: Duration
  /// Size of the JSON as read (after any HTTP decompression).
  public var byteCount: Int
  /// How ``viewModels`` was patched from the table shown before, when it
  /// was (an offline copy after a change): a list showing that table
  /// follows the patch instead of sorting and diffing everyone.
  public var patch: TablePatch?
  /// Everyone in an order made before they were loaded (an offline copy's
  /// kept order), as rows made off the main thread; nil when none was.
  public var sortedRows: (order: PersonSort, rows: [UserRef])?

  /// Assembles contents from a table already built.
  public init(
    source: DirectorySource,
    users: UserTable,
    groups: DirectoryGroups = DirectoryGroups(),
    skippedEntries: Int = 0,
    cutEntries: Int = 0,
    warnings: [String] = [],
    fetchDuration: Duration = .zero,
    parseDuration: Duration = .zero,
    byteCount: Int = 0
  ) {
    let clock = ContinuousClock()
    let rowsStart = clock.now
    self.source = source
    self.viewModels = users
    self.rows = users.references
    self.groups = groups
    self.skippedEntries = skippedEntries
    self.cutEntries = cutEntries
    self.warnings = warnings
    self.fetchDuration = fetchDuration
    self.parseDuration = parseDuration
    self.viewModelDuration = rowsStart.duration(to: clock.now)
    self.byteCount = byteCount
  }

  /// Contents holding the users of `viewModels` (tests, fixtures).
  public init(source: DirectorySource, viewModels: [UserViewModel]) {
    self.init(source: source, users: UserTable(viewModels.map(\.user)))
  }

  /// Parses users.json bytes into the table, timing it.
  ///
  /// Blocks the calling thread (a few hundred milliseconds for a million
  /// users); call it off the main thread.
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
    let parsed = try DirectoryParser.parseTable(buffer)
    self.init(
      parsed: parsed, byteCount: buffer.count, parseDuration: parseStart.duration(to: clock.now),
      from: source)
  }

  /// Contents of a finished parse.
  init(
    parsed: DirectoryParser.Parsed, byteCount: Int, parseDuration: Duration,
    from source: DirectorySource
  ) {
    self.init(
      source: source,
      users: parsed.table,
      groups: parsed.groups,
      skippedEntries: parsed.skipped,
      cutEntries: parsed.cut,
      warnings: parsed.warnings,
      parseDuration: parseDuration,
      byteCount: byteCount
    )
  }
}
