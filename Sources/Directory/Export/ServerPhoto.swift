/// The photo of a server's entry as an export carries it, when it has one
/// of at most `limit` bytes (a larger one is left out, not cut).
///
/// Threading: reads from the server on the calling task, off the main thread.
func serverPhoto(
  of entry: DirectoryEntry, in directory: any RangedDirectory, limit: Int
) async throws(DirectoryError) -> ExportPhoto? {
  guard entry.photoVersion != nil,
    let bytes = try await directory.photo(of: entry.id, maxBytes: limit + 1),
    !bytes.isEmpty, bytes.count <= limit
  else { return nil }
  return .bytes(bytes)
}
