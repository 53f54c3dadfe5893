import CGtk
import PreparedImages
import RosterKit
import SharedSupport

/// The "before" of the articles, for benchmarks only (`--pipeline naive`):
/// reads and decodes the avatar file synchronously, on the main thread, inside
/// bind — and nothing else: no prefetching, no cache, no worker. It decodes
/// through the pipeline's own ``ImageDecoder``, whose count of main-thread
/// decodes is the report's. The app never uses it.
///
/// Threading: main-actor only (that is the point).
@MainActor
final class NaiveAvatarDecoder {
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

  /// The decoded image of a local avatar, or nil (remote sources and failures).
  func image(for request: ImageRequest) -> PreparedImage? {
    guard case .file(let path) = request.source,
      let bytes = try? BoundedFileReader.read(path: path, maxBytes: maxBytes),
      case .success(let image) = decoder.decode(bytes, pixelSize: request.pixelSize)
    else { return nil }
    return image
  }
}
