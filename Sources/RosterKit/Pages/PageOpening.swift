import Directory

/// What a page's load found, or what a server answered to the first range
/// of an open, a search or a refresh, and how long it took: the headless
/// run's summary and the benchmark read it.
///
/// Threading: a plain value; `Sendable`.
package struct PageOpening: Sendable {
  /// What was read.
  package enum Outcome: Sendable {
    /// A directory loaded whole (or why not), from `source` (or why that
    /// could not be worked out).
    case loaded(
      Result<DirectoryContents, DirectoryError>, source: Result<DirectorySource, DirectoryError>)
    /// A directory server's first range of rows: how many people the
    /// list holds (or why they could not be read).
    case server(Result<Int, DirectoryError>)
  }

  /// What was read.
  package let outcome: Outcome
  /// From the start of the load (or the open) to its end.
  package let duration: Duration

  /// Whether the load or the open failed.
  package var failed: Bool {
    switch outcome {
    case .loaded(.failure, _), .server(.failure): true
    default: false
    }
  }
}
