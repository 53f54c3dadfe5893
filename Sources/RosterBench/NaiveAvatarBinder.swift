import CGtk
import PreparedImages
import RosterKit
import SharedSupport

/// The naive way to show avatars, for benchmarks only (`--pipeline naive`):
/// the list's rows read and decode their avatar file synchronously, on the
/// main thread, inside bind — and nothing else: no prefetching, no cache, no
/// worker. It decodes through the pipeline's own ``ImageDecoder``, whose
/// count of main-thread decodes is the report's. The bench passes it to the
/// window as the rows' ``AvatarBinder``; the app never uses it.
///
/// Threading: main-actor only (that is the point).
@MainActor
final class NaiveAvatarBinder: AvatarBinder {
  private let decoder: ImageDecoder
  private let maxBytes: Int

  /// Decodes within `configuration`'s limits, as the pipeline would.
  init(configuration: ImagePipelineConfiguration) {
    decoder = ImageDecoder(
      maxPixelSide: configuration.maxPixelSide, maxMegapixels: configuration.maxMegapixels)
    maxBytes = configuration.maxBodyBytes
  }

  /// Decodes so far, and how many on the main thread (all of them).
  var counts: (decodes: Int, mainThreadDecodes: Int) { decoder.counts }

  /// Decoding in bind is the whole of it: nothing is asked for ahead.
  var prefetches: Bool { false }

  func makeLoad(
    pipeline: ImagePipeline, onStaleDrop: @escaping @MainActor () -> Void,
    show: @escaping @MainActor (_ texture: OpaquePointer?) -> Void
  ) -> any AvatarLoad {
    Load(binder: self, show: show)
  }

  /// The decoded image of a local avatar, or nil (remote sources and failures).
  func image(for request: ImageRequest) -> PreparedImage? {
    guard case .file(let path) = request.source,
      let bytes = try? BoundedFileReader.read(path: path, maxBytes: maxBytes),
      case .success(let image) = decoder.decode(bytes, pixelSize: request.pixelSize)
    else { return nil }
    return image
  }

  /// One row's avatar, decoded in its bind.
  private final class Load: AvatarLoad {
    private let binder: NaiveAvatarBinder
    private let show: @MainActor (_ texture: OpaquePointer?) -> Void

    init(binder: NaiveAvatarBinder, show: @escaping @MainActor (_ texture: OpaquePointer?) -> Void)
    {
      self.binder = binder
      self.show = show
    }

    var isLoading: Bool { false }
    var pendingPriority: ImagePriority? { nil }

    func bind(identity: AnyHashable, request: ImageRequest?, priority: ImagePriority) {
      // The image holds its texture while the row takes its own reference.
      let image = request.flatMap(binder.image(for:))
      show(image?.texture)
    }

    func unbind() { show(nil) }

    func setPriority(_ priority: ImagePriority) {}
  }
}
