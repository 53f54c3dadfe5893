import Directory
import FoundationEssentials
import PreparedImages
import SharedSupport

/// The photos of a users.json's people for an export, found as the window
/// finds their avatars (``ImageSource/resolve(_:relativeTo:)``: files only
/// inside the directory's folder): a file's original bytes when it holds at
/// most the limit (else none), an http(s) avatar as its URL.
///
/// Threading: a plain value; `Sendable`. Reading blocks on the file system:
/// the exporter calls it off the main thread.
package struct AvatarPhotos: Sendable {
  /// The users.json's URL, which avatars are relative to.
  package let base: URL
  /// The most bytes of a photo carried.
  package let limit: Int

  /// Photos of avatars relative to `base`, each of at most `limit` bytes.
  package init(base: URL, limit: Int) {
    self.base = base
    self.limit = limit
  }

  /// The photo of the avatar string `avatar`.
  package func photo(of avatar: String) -> ExportPhoto? {
    switch ImageSource.resolve(avatar, relativeTo: base) {
    case .success(.file(let path)):
      return (try? BoundedFileReader.read(path: path, maxBytes: limit)).map { .bytes($0) }
    case .success(.http(let url)):
      return .url(url.absoluteString)
    default:
      return nil
    }
  }
}
