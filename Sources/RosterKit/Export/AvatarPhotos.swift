import Directory
import FoundationEssentials
import Glibc
import PreparedImages
import SharedSupport

/// The photos of a users.json's people for an export, the clipboard or a
/// drag, found as the window finds their avatars
/// (``ImageSource/resolve(_:relativeTo:)``: files only inside the
/// directory's folder): a file's original bytes when it holds at most the
/// limit (else none), an http(s) avatar as its URL.
///
/// A file goes only when its bytes are a picture (``ImageBytes``) and
/// neither the avatar's path nor the file's real path inside the folder has
/// a component starting with a dot: an avatar naming `secret.txt` or
/// `.hidden/id_key` beside users.json carries nothing.
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
      guard !Self.hasHiddenComponent(avatar), !isHidden(path),
        let bytes = try? BoundedFileReader.read(path: path, maxBytes: limit),
        ImageBytes.areAnImage(bytes)
      else { return nil }
      return .bytes(bytes)
    case .success(.http(let url)):
      return .url(url.absoluteString)
    default:
      return nil
    }
  }

  /// Whether `path` (a real path inside the folder) has a component, below
  /// the folder, that starts with a dot.
  private func isHidden(_ path: String) -> Bool {
    let folder = base.hasDirectoryPath ? base.path : base.deletingLastPathComponent().path
    guard let real = realpath(folder, nil) else { return true }
    defer { free(real) }
    let prefix = String(cString: real)
    guard path.hasPrefix(prefix) else { return Self.hasHiddenComponent(path) }
    return Self.hasHiddenComponent(String(path.dropFirst(prefix.count)))
  }

  /// Whether a component of `path` (split at "/") starts with a dot; "."
  /// and ".." are not names.
  private static func hasHiddenComponent(_ path: String) -> Bool {
    path.split(separator: "/").contains { $0.hasPrefix(".") && $0 != "." && $0 != ".." }
  }
}
