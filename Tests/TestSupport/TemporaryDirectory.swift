import Foundation

/// A fresh folder under the system temp directory, removed when the object goes.
///
/// Threading: use from the test that created it.
public final class TemporaryDirectory {
  public let url: URL
  public var path: String { url.path }

  public init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-tests-\(UUID().uuidString)", isDirectory: true)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `bytes` to `name` (subfolders created) and returns the file's absolute path.
  @discardableResult
  public func write(_ name: String, _ bytes: some DataProtocol) -> String {
    let file = url.appendingPathComponent(name)
    try! FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try! Data(bytes).write(to: file)
    return file.path
  }

  /// Writes `text` as UTF-8 to `name` and returns the file's URL.
  @discardableResult
  public func write(_ name: String, text: String) -> URL {
    URL(fileURLWithPath: write(name, Array(text.utf8)))
  }
}
