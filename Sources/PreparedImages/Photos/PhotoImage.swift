import CGtk
import GObjectKit
import GtkKit
import SharedSupport

/// An untrusted image file on its way to becoming a directory's photo:
/// refused over ``maxBytes`` before it is read further, and over
/// ``maxPixelSide`` a side or ``maxPixels`` by the size its header declares
/// (``ImageHeader``) before any pixel is decoded; then decoded by
/// gdk-pixbuf's loader for the format sniffed, its "size-prepared" size
/// checked again and scaled to ``workingSide`` at most (a JPEG or PNG cut
/// short is refused first), and turned the way
/// its EXIF orientation says. ``jpeg(crop:side:maxBytes:)`` makes the
/// photo: the crop scaled to a square, on white where it is transparent,
/// at the best JPEG quality that fits.
///
/// Limits are the image pipeline's (``ImagePipelineConfiguration``).
///
/// Threading: `Sendable`; the image never changes once made. Reading,
/// decoding and encoding block for milliseconds to a second: never on the
/// main thread.
public final class PhotoImage: @unchecked Sendable {
  /// The most bytes a photo file may have (the pipeline's 10 MiB).
  public static let maxBytes = ImagePipelineConfiguration().maxBodyBytes
  /// The longest side an image may declare.
  public static let maxPixelSide = ImagePipelineConfiguration().maxPixelSide
  /// The most pixels an image may declare.
  public static let maxPixels = ImagePipelineConfiguration().maxMegapixels * 1_000_000
  /// The longest side kept after decoding: the crop's canvas.
  public static let workingSide = 1024
  /// JPEG qualities tried, best first, until the photo fits.
  static let qualities = [90, 80, 70, 60, 50, 40, 30]

  /// How many images reached a decoder in this process, and how many
  /// decodes and encodes ran on the main thread.
  private static let counts = Locked((decodes: 0, onMainThread: 0))
  /// How many images reached a decoder, in this process.
  public static var decodes: Int { counts.withLock { $0.decodes } }
  /// How many decodes and encodes ran on the main thread (none should).
  public static var mainThreadCalls: Int { counts.withLock { $0.onMainThread } }

  /// Counts a call on the main thread.
  private static func recordThread() {
    if DetachedThread.isMain { counts.withLock { $0.onMainThread += 1 } }
  }

  /// The decoded image's size, after scaling to ``workingSide``.
  public let width: Int
  public let height: Int
  private let pixbuf: ObjectRef

  private init(pixbuf: ObjectRef) {
    self.pixbuf = pixbuf
    width = Int(gdk_pixbuf_get_width(pixbuf.opaque))
    height = Int(gdk_pixbuf_get_height(pixbuf.opaque))
  }

  /// The image in the file at `path`.
  public static func read(path: String) -> Result<PhotoImage, PhotoFailure> {
    do throws(BoundedFileReader.Failure) {
      return decode(try BoundedFileReader.read(path: path, maxBytes: maxBytes))
    } catch .tooLarge {
      return .failure(.tooManyBytes(limit: maxBytes))
    } catch {
      return .failure(.unreadable("\(error)"))
    }
  }

  /// The image `bytes` hold.
  public static func decode(_ bytes: [UInt8]) -> Result<PhotoImage, PhotoFailure> {
    guard bytes.count <= maxBytes else { return .failure(.tooManyBytes(limit: maxBytes)) }
    let limits = ImageHeader.FrameLimits(
      maxPixelSide: maxPixelSide, maxPixels: maxPixels, maxFrames: ImageDecoder.maxFrames)
    let header: ImageHeader
    switch ImageHeader.parse(bytes, frameLimits: limits) {
    case .success(let parsed): header = parsed
    case .failure(.unsupportedFormat): return .failure(.notAnImage)
    case .failure(.dimensionsTooLarge): return .failure(.tooManyFrames)
    case .failure: return .failure(.broken)
    }
    guard fits(width: header.width, height: header.height) else {
      return .failure(.tooManyPixels(width: header.width, height: header.height))
    }
    // A file cut short must not become half a photo: a JPEG reaches its
    // end marker, a PNG its IEND chunk (gdk-pixbuf decodes what it got).
    if header.format == .jpeg, !JPEGEnd.isPresent(in: bytes) { return .failure(.broken) }
    if header.format == .png, !Self.endsWithIEND(bytes) { return .failure(.broken) }
    counts.withLock { $0.decodes += 1 }
    recordThread()
    var error: UnsafeMutablePointer<GError>?
    guard let newLoader = gdk_pixbuf_loader_new_with_type(header.format.rawValue, &error) else {
      g_clear_error(&error)
      return .failure(.notAnImage)
    }
    return ObjectSlot.withAdopted(newLoader) { loader in
      let check = PhotoSizeCheck()
      Signals.connect(loader, .sizePrepared) { loader, width, height in
        check.prepare(loader, width: Int(width), height: Int(height))
      }
      let ok = bytes.withUnsafeBufferPointer {
        gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error)
      }
      // A failed write has already closed the loader; closing again is an error.
      let written = ok != 0 && gdk_pixbuf_loader_close(loader, &error) != 0
      g_clear_error(&error)
      if let refused = check.refused {
        return .failure(.tooManyPixels(width: refused.width, height: refused.height))
      }
      guard written, let decoded = gdk_pixbuf_loader_get_pixbuf(loader),
        let turned = gdk_pixbuf_apply_embedded_orientation(decoded)
      else { return .failure(.broken) }
      let image = ObjectRef(turned, adopt: true, releasedOn: .droppingThread)
      // Loaders that ignore set_size (GIF) hand back the full frame.
      let (width, height) = (
        Int(gdk_pixbuf_get_width(image.opaque)), Int(gdk_pixbuf_get_height(image.opaque))
      )
      let target = workingSize(width: width, height: height)
      guard target != (width, height) else { return .success(PhotoImage(pixbuf: image)) }
      guard
        let scaled = gdk_pixbuf_scale_simple(
          image.opaque, Int32(target.width), Int32(target.height), GDK_INTERP_BILINEAR)
      else { return .failure(.broken) }
      return .success(
        PhotoImage(pixbuf: ObjectRef(scaled, adopt: true, releasedOn: .droppingThread)))
    }
  }

  /// Whether a PNG's last chunk is IEND (no data, its fixed CRC).
  static func endsWithIEND(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 12
      && Array(bytes.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
  }

  static func fits(width: Int, height: Int) -> Bool {
    width > 0 && height > 0 && width <= maxPixelSide && height <= maxPixelSide
      && width * height <= maxPixels
  }

  /// `width`×`height` scaled so that the longer side is ``workingSide`` at
  /// most.
  static func workingSize(width: Int, height: Int) -> (width: Int, height: Int) {
    let longer = max(width, height)
    guard longer > workingSide else { return (width, height) }
    let scale = Double(workingSide) / Double(longer)
    return (
      max(1, Int((Double(width) * scale).rounded())),
      max(1, Int((Double(height) * scale).rounded()))
    )
  }

  /// The JPEG of `crop` scaled to `side` pixels a side, on white, at the
  /// best of ``qualities`` that fits in `maxBytes` (then smaller sides).
  public func jpeg(crop: PhotoCrop, side: Int, maxBytes: Int) -> Result<[UInt8], PhotoFailure> {
    Self.recordThread()
    var side = side
    while side >= 16 {
      guard let square = square(crop: crop, side: side) else { return .failure(.broken) }
      let fitting = ObjectSlot.withAdopted(square) { square -> [UInt8]? in
        for quality in Self.qualities {
          guard let bytes = Self.save(square, quality: quality) else { return nil }
          if bytes.count <= maxBytes { return bytes }
        }
        return nil
      }
      if let fitting { return .success(fitting) }
      side = side * 3 / 4
    }
    return .failure(.tooLargeToEncode(limit: maxBytes))
  }

  /// A new `side`² RGB pixbuf of `crop` on white.
  private func square(crop: PhotoCrop, side: Int) -> OpaquePointer? {
    guard crop.side > 0,
      let square = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(side), Int32(side))
    else { return nil }
    gdk_pixbuf_fill(square, 0xFFFF_FFFF)
    let scale = Double(side) / crop.side
    gdk_pixbuf_composite(
      pixbuf.opaque, square, 0, 0, Int32(side), Int32(side), -crop.x * scale, -crop.y * scale,
      scale, scale, GDK_INTERP_HYPER, 255)
    return square
  }

  /// `pixbuf` as a JPEG of `quality`; nil when gdk-pixbuf could not.
  private static func save(_ pixbuf: OpaquePointer, quality: Int) -> [UInt8]? {
    var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
    var values: [UnsafeMutablePointer<CChar>?] = [strdup(String(quality)), nil]
    defer { for pointer in keys + values { free(pointer) } }
    var buffer: UnsafeMutablePointer<gchar>?
    var size: gsize = 0
    var error: UnsafeMutablePointer<GError>?
    let saved = gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", &keys, &values, &error)
    defer { g_free(buffer) }
    g_clear_error(&error)
    guard saved != 0, let buffer else { return nil }
    return Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
  }

  /// The image as a texture, to show (on the main thread).
  @MainActor public func texture() -> ObjectRef {
    ObjectRef(gdk_texture_new_for_pixbuf(pixbuf.opaque), adopt: true)
  }
}

/// What the "size-prepared" handler of one photo's decode needs.
///
/// Threading: created and used on the decoding thread within one
/// ``PhotoImage/decode(_:)``; the loader releases it there.
private final class PhotoSizeCheck {
  /// The size the decoder found over the limits, if it did.
  var refused: (width: Int, height: Int)?

  /// GdkPixbufLoader::size-prepared: scales the decode to the working
  /// side, or stops it (size 0×0) over the limits.
  func prepare(_ loader: UnsafeMutablePointer<GdkPixbufLoader>, width: Int, height: Int) {
    guard PhotoImage.fits(width: width, height: height) else {
      refused = (width, height)
      gdk_pixbuf_loader_set_size(loader, 0, 0)
      return
    }
    let target = PhotoImage.workingSize(width: width, height: height)
    gdk_pixbuf_loader_set_size(loader, Int32(target.width), Int32(target.height))
  }
}
