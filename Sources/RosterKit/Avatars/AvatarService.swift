import Directory
import FoundationEssentials
import PreparedImages

/// What rows need to show avatars: the pipeline, the binder that makes each
/// view's load, the directory's base URL, and a memo of resolved requests (a
/// million users share a few thousand avatar files, so bind resolves each
/// string once, then looks it up).
///
/// Threading: main-actor only.
@MainActor
package final class AvatarService {
  let pipeline: ImagePipeline
  /// Makes each view's avatar load, and says whether the list prefetches.
  let binder: any AvatarBinder
  /// The drawn size in points.
  let pointSize: Int
  /// The widget scale factor the textures are prepared for.
  var scale = 1 {
    didSet { if scale != oldValue { memo.removeAll() } }
  }
  /// The URL of the users.json avatars are relative to.
  var baseURL: URL? {
    didSet { if baseURL != oldValue { memo.removeAll() } }
  }
  /// Called when a row shows an avatar image (benchmarks measure latency).
  package var onShown: (@MainActor (_ identity: String) -> Void)?
  /// Photos read from a directory server by identity; when set, a view
  /// model's `avatar` is its photo's version, not a path or URL.
  var serverPhotos: ServerPhotos? {
    didSet { memo.removeAll() }
  }
  private var memo: [String: ImageRequest?] = [:]

  init(pipeline: ImagePipeline, pointSize: Int, binder: any AvatarBinder = PipelineAvatarBinder()) {
    self.pipeline = pipeline
    self.binder = binder
    self.pointSize = pointSize
  }

  /// Fills the memo with sources resolved off the main thread for `base`
  /// (``AvatarService/resolveAll(_:relativeTo:limit:)``), so binding never
  /// resolves a path (a realpath per new avatar) on the main thread.
  func adopt(_ resolved: ResolvedAvatars) {
    guard resolved.base == baseURL else { return }
    let pixelSize = pointSize * scale
    for (avatar, source) in resolved.sources where memo[avatar] == nil {
      memo[avatar] = source.map { ImageRequest(source: $0, pixelSize: pixelSize) }
    }
  }

  /// Resolves the distinct avatar strings of a directory (up to `limit` of
  /// them); runs off the main thread after a load.
  package nonisolated static func resolveAll(
    _ avatars: some Sequence<String>, relativeTo base: URL, limit: Int = 50_000
  ) -> ResolvedAvatars {
    var sources: [String: ImageSource?] = [:]
    for avatar in avatars where !avatar.isEmpty && sources[avatar] == nil {
      if sources.count >= limit { break }
      switch ImageSource.resolve(avatar, relativeTo: base) {
      case .success(let source)?: sources[avatar] = .some(source)
      default: sources[avatar] = .some(nil)
      }
    }
    return ResolvedAvatars(base: base, sources: sources)
  }

  /// The request for `model`'s avatar: its server photo, or its avatar
  /// string resolved against the directory; nil for none or a refused one.
  func request(for model: UserViewModel) -> ImageRequest? {
    if let serverPhotos { return serverPhotos.request(for: model, pixelSize: pointSize * scale) }
    return request(for: model.avatar)
  }

  /// The request for the avatar of the person `ref` holds, as
  /// ``request(for:)-(UserViewModel)`` gives it, without making the view
  /// model unless the avatar is a server's photo.
  func request(for ref: UserRef) -> ImageRequest? {
    serverPhotos == nil ? request(for: ref.avatar) : request(for: ref.viewModel)
  }

  /// The request for an avatar string, or nil for none or a refused one.
  func request(for avatar: String) -> ImageRequest? {
    if avatar.isEmpty { return nil }
    if let known = memo[avatar] { return known }
    var request: ImageRequest?
    if let baseURL {
      switch ImageSource.resolve(avatar, relativeTo: baseURL) {
      case .success(let source)?:
        request = ImageRequest(source: source, pixelSize: pointSize * scale)
      case .failure?, nil: break
      }
    }
    memo[avatar] = request
    return request
  }
}

/// Avatar strings resolved against a directory's location, off the main thread.
///
/// Threading: a `Sendable` value.
package struct ResolvedAvatars: Sendable {
  let base: URL
  let sources: [String: ImageSource?]
}
