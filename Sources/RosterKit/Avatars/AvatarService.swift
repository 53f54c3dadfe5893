import Foundation
import PreparedImages

/// What rows need to show avatars: the pipeline, the directory's base URL,
/// and a memo of resolved requests (a million users share a few thousand
/// avatar files, so bind resolves each string once, then looks it up).
///
/// Threading: main-actor only.
@MainActor
final class AvatarService {
  let pipeline: ImagePipeline
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
  /// Decode synchronously in bind on the main thread (benchmarks' "before").
  var naive = false
  /// Called when a row shows an avatar image (benchmarks measure latency).
  var onShown: (@MainActor (_ identity: String) -> Void)?
  private var memo: [String: ImageRequest?] = [:]
  /// Avatar strings that could not be resolved (refused paths, bad URLs).
  private(set) var refused = 0

  init(pipeline: ImagePipeline, pointSize: Int) {
    self.pipeline = pipeline
    self.pointSize = pointSize
  }

  /// The request for an avatar string, or nil for none or a refused one.
  func request(for avatar: String) -> ImageRequest? {
    if avatar.isEmpty { return nil }
    if let known = memo[avatar] { return known }
    var request: ImageRequest?
    if let baseURL {
      switch ImageSource.resolve(avatar, relativeTo: baseURL) {
      case .success(let source)?: request = ImageRequest(source: source, pixelSize: pointSize * scale)
      case .failure?: refused += 1
      case nil: break
      }
    }
    memo[avatar] = request
    return request
  }
}
