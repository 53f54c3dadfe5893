import Foundation

/// A fresh folder under the system temp directory, removed by `remove()`.
///
/// Threading: use from the test that created it.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-directory-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `contents` to `name` inside the folder and returns its URL.
  @discardableResult
  func write(_ name: String, _ contents: some DataProtocol) throws -> URL {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents).write(to: file)
    return file
  }

  @discardableResult
  func write(_ name: String, text: String) throws -> URL {
    try write(name, Array(text.utf8))
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
