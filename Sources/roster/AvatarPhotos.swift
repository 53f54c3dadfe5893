import Directory
import Foundation
import PreparedImages
import SharedSupport

/// The photos of a users.json's people for an export, found as the window
/// finds their avatars (``ImageSource/resolve(_:relativeTo:)``: files only
/// inside the directory's folder): a file's original bytes when it holds at
/// most the limit (else none), an http(s) avatar as its URL.
///
/// Threading: a plain value; `Sendable`. Reading blocks on the file system:
/// the exporter calls it off the main thread.
struct AvatarPhotos: Sendable {
  /// The users.json's URL, which avatars are relative to.
  let base: URL
  /// The most bytes of a photo carried.
  let limit: Int

  /// The photo of the avatar string `avatar`.
  func photo(of avatar: String) -> ExportPhoto? {
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
