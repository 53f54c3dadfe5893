/// A buffer of output bytes that hands full chunks to a drain (a file, or
/// memory in tests): writers append field bytes straight from the table's
/// arenas, with no `String` made per person.
///
/// Appending never throws, so the per-byte paths stay cheap: the first
/// failure of the drain is kept in ``failure`` (later bytes are dropped),
/// and the exporter checks it between people.
///
/// Threading: owned by one task; not `Sendable`.
final class ByteSink {
  /// How many bytes are gathered before the drain is called.
  static let capacity = 1 << 20

  private let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: ByteSink.capacity)
  private var count = 0
  private let drain: (UnsafeRawBufferPointer) throws -> Void
  /// The drain's first error; nothing is written after it.
  private(set) var failure: (any Error)?
  /// How many bytes reached the drain or wait in the buffer.
  private(set) var totalBytes = 0

  /// A sink handing its chunks to `drain`.
  init(drain: @escaping (UnsafeRawBufferPointer) throws -> Void) {
    self.drain = drain
  }

  deinit { buffer.deallocate() }

  /// Appends one byte.
  @inline(__always)
  func append(_ byte: UInt8) {
    if count == Self.capacity { flush() }
    buffer[count] = byte
    count += 1
    totalBytes += 1
  }

  /// Appends `bytes`.
  @inline(__always)
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > Self.capacity {
      flush()
      if bytes.count > Self.capacity {
        totalBytes += bytes.count
        send(UnsafeRawBufferPointer(bytes))
        return
      }
    }
    (buffer + count).update(from: base, count: bytes.count)
    count += bytes.count
    totalBytes += bytes.count
  }

  /// Appends the UTF-8 of a literal.
  @inline(__always)
  func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends the UTF-8 of `text`.
  func append(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends `bytes`.
  func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Hands everything buffered to the drain.
  func flush() {
    guard count > 0 else { return }
    send(UnsafeRawBufferPointer(start: buffer, count: count))
    count = 0
  }

  private func send(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil else { return }
    do { try drain(bytes) } catch { failure = error }
  }
}
