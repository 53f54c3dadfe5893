#if canImport(Glibc)
  import Glibc
#endif

/// How a change history's bytes reach its file: ``DirectHistoryWrite``
/// in Roster; a test hands over one that stops part-way through a record
/// to kill the process there.
///
/// Threading: called on the history's thread only.
public protocol HistoryWriting: Sendable {
  /// Writes `bytes` whole to the open file `descriptor` (named `path`).
  func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(ReplicaError)
}

/// Writes the bytes with `write(2)`, retried until all are written.
///
/// Threading: stateless; any thread.
public struct DirectHistoryWrite: HistoryWriting {
  public init() {}

  public func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(ReplicaError) {
    try WholeWrite.write(bytes, to: descriptor, path: path)
  }
}
