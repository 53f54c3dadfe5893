import FoundationEssentials

/// Loads a directory from a file or an http(s) URL: fetch the bytes, parse
/// them into a compact ``UserTable``.
///
/// Order of work: (1) map the file, or download it (redirects followed up to
/// `HTTPFetcher.maxRedirects`, any status outside 2xx is an error, the body
/// is capped at `maxBytes`); (2) parse into the table and (3) make the list
/// model's rows, both on a detached task so the caller's thread, usually the main one, never waits.
/// Cancelling the calling task stops between steps with `.cancelled`.
///
/// Threading: `Sendable`; call `load` from any task or actor.
public struct DirectoryLoader: Sendable {
  /// How long to wait for a server's response, and for each pause while its
  /// body arrives.
  public var timeout: Duration
  /// Files and downloads larger than this fail with `.tooLarge` instead of
  /// exhausting memory.
  public var maxBytes: Int

  public init(timeout: Duration = .seconds(15), maxBytes: Int = 512 << 20) {
    self.timeout = timeout
    self.maxBytes = maxBytes
  }

  /// Loads and prepares the whole directory from `source`.
  public func load(_ source: DirectorySource) async throws(DirectoryError) -> DirectoryContents {
    let clock = ContinuousClock()
    let start = clock.now
    var contents: DirectoryContents
    switch source {
    case .file(let url, let format) where format.parse != nil:
      contents = try await Self.load(path: url.path, as: format, maxBytes: maxBytes, from: source)
    case .file(let url, _):
      let path = url.path
      let maxBytes = maxBytes
      contents = try await Self.detached { () throws(DirectoryError) in
        var fetchDuration = Duration.zero
        var byteCount = 0
        var parseStart = clock.now
        // The mapping lives only inside this closure, and the parse hands its
        // pages back as it passes them: the file is never resident whole.
        let parsed = try { () throws(DirectoryError) in
          let file = try FileReader.map(path: path, maxBytes: maxBytes)
          parseStart = clock.now
          fetchDuration = start.duration(to: parseStart)
          byteCount = file.count
          try Self.checkCancellation()
          return try DirectoryParser.parseTable(file.bytes, release: file.release(upTo:))
        }()
        let parseDuration = parseStart.duration(to: clock.now)
        try Self.checkCancellation()
        var contents = DirectoryContents(
          parsed: parsed, byteCount: byteCount, parseDuration: parseDuration, from: source)
        contents.fetchDuration = fetchDuration
        return contents
      }
    case .remote(let url):
      let body = try await HTTPFetcher.fetch(url, timeout: timeout, maxBytes: maxBytes)
      let fetchDuration = start.duration(to: clock.now)
      try Self.checkCancellation()
      contents = try await Self.detached { () throws(DirectoryError) in
        let parse = { (buffer: UnsafeRawBufferPointer) in
          Result { () throws(DirectoryError) in try DirectoryContents(parsing: buffer, from: source)
          }
        }
        return try body.withUnsafeBytes(parse).get()
      }
      contents.fetchDuration = fetchDuration
    }
    return contents
  }

  /// The first `count` users of a local directory, from the start of its file
  /// only (about 64 KiB), so rows can be on screen while the whole file is
  /// still being parsed. Nil for remote sources or an unreadable file; the
  /// full ``load(_:)`` reports errors.
  public func preview(_ source: DirectorySource, count: Int = 200) async -> DirectoryContents? {
    guard case .file(let url, .usersJSON) = source else { return nil }
    let path = url.path
    let task = Task.detached(priority: .userInitiated) { () -> DirectoryContents? in
      guard let head = FileReader.readHead(path: path, count: 64 << 10) else { return nil }
      let users = head.withUnsafeBytes { DirectoryParser.parsePrefix($0, limit: count) }
      guard !users.isEmpty else { return nil }
      return DirectoryContents(source: source, users: users)
    }
    return await task.value
  }

  /// Reads the file at `path` whole (at most `maxBytes`) and has `format`'s
  /// parser read its people, off the caller's executor.
  private static func load(
    path: String, as format: PeopleFileFormat, maxBytes: Int, from source: DirectorySource
  ) async throws(DirectoryError) -> DirectoryContents {
    let clock = ContinuousClock()
    let start = clock.now
    return try await detached { () throws(DirectoryError) in
      let file = try FileReader.map(path: path, maxBytes: maxBytes)
      let parseStart = clock.now
      let byteCount = file.count
      try checkCancellation()
      // The mapping lives only inside this closure, while the parser reads it.
      let parsed = try format.parse?(file.bytes) ?? PeopleFile(users: [])
      var contents = DirectoryContents(
        source: source, users: UserTable(parsed.users), skippedEntries: parsed.skipped,
        warnings: parsed.warnings, parseDuration: parseStart.duration(to: clock.now),
        byteCount: byteCount)
      contents.fetchDuration = start.duration(to: parseStart)
      return contents
    }
  }

  private static func checkCancellation() throws(DirectoryError) {
    if Task.isCancelled { throw .cancelled }
  }

  /// Runs CPU-heavy work off the caller's executor, passing cancellation on.
  private static func detached<Value: Sendable>(
    _ work: @escaping @Sendable () throws(DirectoryError) -> Value
  ) async throws(DirectoryError) -> Value {
    let task = Task.detached(priority: .userInitiated) { Result(catching: work) }
    let result = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    return try result.get()
  }
}
