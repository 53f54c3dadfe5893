import Directory
import PreparedImages
import SharedSupport

/// Photos of a server directory's entries as image requests: the bytes are
/// read from the server by identity, only when a row that shows the entry
/// (or is about to) asks, in a request of their own after the page's text.
/// The cache key holds the server, the identity and the photo's version, so
/// an updated photo is a new image and never a stale cached one.
///
/// Threading: a `Sendable` value; the load runs on the pipeline's tasks.
struct ServerPhotos: Sendable {
  let directory: any RangedDirectory

  /// How many times Roster changed each identity's photo in this process:
  /// part of the key, so a changed photo is fetched again by every view
  /// even when its version did not move.
  private static let changes = Locked<[String: Int]>([:])

  /// The photo of `identity` was changed here.
  static func changed(identity: String) {
    changes.withLock { $0[identity, default: 0] += 1 }
  }

  /// The request for `model`'s photo (its `avatar` holds the photo's
  /// version), or nil when the entry has none.
  func request(for model: UserViewModel, pixelSize: Int) -> ImageRequest? {
    guard !model.avatar.isEmpty else { return nil }
    let directory = directory
    let identity = model.identity
    var key = "\(directory.location)\n\(identity)\n\(model.avatar)"
    if let changes = Self.changes.withLock({ $0[identity] }) { key += "\n\(changes)" }
    let source = ImageSource.provided(
      ProvidedImage(key: key) { maxBytes in
        guard let bytes = try await directory.photo(of: identity, maxBytes: maxBytes) else {
          throw MissingPhoto()
        }
        return bytes
      })
    return ImageRequest(source: source, pixelSize: pixelSize)
  }
}

/// The server had no photo where the entry said there was one (it was
/// removed since the page was read); the row keeps its initials.
struct MissingPhoto: Error {}
