import FoundationEssentials

extension AtomicFileWriter {
  /// Writes `bytes` to `destination` complete or not at all (an org
  /// chart, made whole in memory first). Blocks on the file system.
  public static func write(_ bytes: [UInt8], to destination: URL) throws(ExportError) {
    let writer = try AtomicFileWriter(destination: destination)
    do throws(ExportError) {
      try bytes.withUnsafeBytes { buffer in
        Result { () throws(ExportError) in try writer.write(buffer) }
      }.get()
      try writer.commit()
    } catch {
      writer.discard()
      throw error
    }
  }
}
