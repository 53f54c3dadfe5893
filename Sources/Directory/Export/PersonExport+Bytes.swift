extension PersonExport {
  /// `people` in this export's format, in memory: a few people for the
  /// clipboard or a drag, with the same escaping as a file (a file of
  /// many is written by ``PersonExporter``, which streams). `photo` gives
  /// each person's photo for the formats that carry photos (bytes past
  /// ``photoLimit`` are left out).
  public func bytes(
    of people: [DirectoryEntry], photo: (DirectoryEntry) -> ExportPhoto? = { _ in nil }
  ) -> [UInt8] {
    bytes(of: people.map { ($0, format.carriesPhotos ? photo($0) : nil) })
  }

  /// `people` with their photos (nil: none), as ``bytes(of:photo:)``.
  public func bytes(
    of people: some Sequence<(entry: DirectoryEntry, photo: ExportPhoto?)>
  ) -> [UInt8] {
    let output = ByteCollector()
    let sink = ByteSink { chunk in output.bytes.append(contentsOf: chunk) }
    let writer: any PersonWriter =
      switch format {
      case .csv: CSVWriter(columns: columns)
      case .json: JSONPeopleWriter(columns: columns)
      case .vcard: VCardWriter(columns: columns)
      case .ldif: LDIFPeopleWriter(columns: columns, base: ldifBase)
      }
    writer.begin(sink)
    for (person, photo) in people {
      var picture = format.carriesPhotos ? photo : nil
      if case .bytes(let bytes) = picture, bytes.count > photoLimit { picture = nil }
      writer.write(person, photo: picture, into: sink)
    }
    writer.end(sink)
    sink.flush()
    return output.bytes
  }
}

/// Where ``PersonExport/bytes(of:photo:)`` collects what the sink drains.
///
/// Threading: used by one call.
private final class ByteCollector {
  var bytes: [UInt8] = []
}
