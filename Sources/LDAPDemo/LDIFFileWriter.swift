import Foundation

/// An ``LDIFWriter`` that streams to a file: the text is written out in
/// pieces of about a megabyte, so a directory of a million people never
/// sits in memory as one string.
///
///     let writer = try LDIFFileWriter(suffix: "dc=example,dc=com", file: url)
///     for person in people { try writer.add(person) }
///     try writer.close()
///
/// Threading: use from one thread.
public final class LDIFFileWriter {
  /// Text held before it goes to the file.
  private static let pieceBytes = 1 << 20
  private var writer: LDIFWriter
  private let handle: FileHandle
  /// Bytes written to the file so far.
  public private(set) var byteCount = 0

  /// Creates (or empties) `file` and starts the tree under `suffix` (see
  /// ``LDIFWriter/init(suffix:)``).
  public init(suffix: String, file: URL) throws {
    writer = LDIFWriter(suffix: suffix)
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
      throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path])
    }
    handle = try FileHandle(forWritingTo: file)
  }

  deinit {
    try? handle.close()
  }

  /// The DN people are under.
  public var peopleDN: String { writer.peopleDN }

  /// The DN of `person`.
  public func dn(of person: LDIFPerson) -> String { writer.dn(of: person) }

  /// Adds `person`; see ``LDIFWriter/add(_:base64Photo:)``.
  public func add(_ person: LDIFPerson, base64Photo: String?) throws {
    writer.add(person, base64Photo: base64Photo)
    if writer.text.utf8.count >= Self.pieceBytes { try flush() }
  }

  /// Adds `person`.
  public func add(_ person: LDIFPerson) throws {
    try add(person, base64Photo: person.jpegPhoto.map(LDIFWriter.base64))
  }

  /// Writes what is left and closes the file.
  public func close() throws {
    try flush()
    try handle.close()
  }

  private func flush() throws {
    let bytes = Data(writer.text.utf8)
    try handle.write(contentsOf: bytes)
    byteCount += bytes.count
    writer.text = ""
  }
}
