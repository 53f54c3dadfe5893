import Directory

/// The error `body` throws, or nil when it succeeds.
func failure(_ body: () async throws(DirectoryError) -> some Any) async -> DirectoryError? {
  do throws(DirectoryError) {
    _ = try await body()
    return nil
  } catch {
    return error
  }
}
