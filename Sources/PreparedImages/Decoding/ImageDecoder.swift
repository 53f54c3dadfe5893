import CGtk
import FoundationEssentials
import GtkKit
import SharedSupport

/// Bytes -> ``PreparedImage``: sniff, check the declared size, decode at the drawn size, crop.
///
/// Order, each step refusing before the next sees the bytes:
/// 1. ``ImageHeader`` sniffs PNG/JPEG/GIF and reads the declared size (`.unsupportedFormat`);
///    every frame of a GIF must fit the same limits, at most ``maxFrames`` of them, their pixels
///    together within `maxPixels` (`.dimensionsTooLarge`).
/// 2. The size must fit `maxPixelSide` and `maxPixels` (`.dimensionsTooLarge`), and a JPEG
///    must reach its end marker (``JPEGEnd``; a JPEG cut short is `.decodeFailed`).
/// 3. A gdk-pixbuf loader of exactly that format decodes, scaled inside "size-prepared" so the
///    shorter side covers `pixelSize` (JPEG then decodes at reduced resolution). The handler
///    re-checks the decoder's own idea of the size and stops it if it disagrees.
/// 4. ``CircleCrop`` cuts the centred circle into a premultiplied GdkTexture.
///
/// Every call is counted here, in every build, with its time and whether it ran on the main
/// thread: the one place a decode cannot bypass, so `mainThreadDecodes` can only read 0 when
/// none happened (a benchmark's "before" decodes through here on purpose and sees it rise).
///
/// Threading: a `Sendable` value; `decode` blocks for milliseconds and belongs on a decode
/// worker, never on the main thread. Its counts are shared by its copies, under a lock.
public struct ImageDecoder: Sendable {
  let maxPixelSide: Int
  let maxPixels: Int
  let statistics: StatisticsRecorder
  /// The most frames of an animated GIF decoded (an avatar needs its first; gdk-pixbuf's loader
  /// reads and keeps them all).
  static let maxFrames = 64

  /// A decoder refusing images over `maxPixelSide` a side or `maxMegapixels` million pixels,
  /// counting its decodes on its own (``counts``).
  public init(maxPixelSide: Int, maxMegapixels: Int) {
    self.init(
      maxPixelSide: maxPixelSide, maxMegapixels: maxMegapixels, statistics: StatisticsRecorder())
  }

  /// A decoder counting its decodes in a pipeline's `statistics`.
  init(maxPixelSide: Int, maxMegapixels: Int, statistics: StatisticsRecorder) {
    self.maxPixelSide = maxPixelSide
    self.maxPixels = maxMegapixels * 1_000_000
    self.statistics = statistics
  }

  /// Decodes so far by this decoder and its copies, and how many ran on the main thread.
  public var counts: (decodes: Int, mainThreadDecodes: Int) {
    let snapshot = statistics.snapshot
    return (snapshot.decodes, snapshot.mainThreadDecodes)
  }

  /// Decodes `bytes` into a round texture `pixelSize` pixels across; counted, and counted as a
  /// main-thread decode when called there.
  public func decode(_ bytes: [UInt8], pixelSize: Int) -> Result<PreparedImage, ImageFailure> {
    let start = ContinuousClock.now
    let onMainThread = DetachedThread.isMain
    defer { statistics.recordDecode(ContinuousClock.now - start, onMainThread: onMainThread) }
    let header: ImageHeader
    let limits = ImageHeader.FrameLimits(
      maxPixelSide: maxPixelSide, maxPixels: maxPixels, maxFrames: Self.maxFrames)
    switch ImageHeader.parse(bytes, frameLimits: limits) {
    case .success(let parsed): header = parsed
    case .failure(let failure): return .failure(failure)
    }
    guard fits(width: header.width, height: header.height),
      fits(width: pixelSize, height: pixelSize),
      pixelSize > 0
    else { return .failure(.dimensionsTooLarge) }
    if header.format == .jpeg, !JPEGEnd.isPresent(in: bytes) { return .failure(.decodeFailed) }

    return decodeScaled(bytes, format: header.format, pixelSize: pixelSize) { pixbuf in
      guard let texture = CircleCrop.texture(from: pixbuf, side: pixelSize) else {
        return .failure(.decodeFailed)
      }
      return .success(PreparedImage(adoptingTexture: texture, pixelSize: pixelSize))
    }
  }

  func fits(width: Int, height: Int) -> Bool {
    width <= maxPixelSide && height <= maxPixelSide && width * height <= maxPixels
  }

  /// Width and height that cover a `side` square with the shorter side, keeping the aspect ratio.
  static func coveringSize(width: Int, height: Int, side: Int) -> (width: Int, height: Int) {
    let scale = Double(side) / Double(max(1, min(width, height)))
    // A strip like 8192x1 would become a huge band only to be cropped: beyond 4:1, squeeze.
    let scaledWidth = min(max(side, Int((Double(width) * scale).rounded())), side * 4)
    let scaledHeight = min(max(side, Int((Double(height) * scale).rounded())), side * 4)
    return (scaledWidth, scaledHeight)
  }

  /// Decodes `bytes` with the loader for `format` only into a pixbuf covering `pixelSize`, and
  /// hands it to `crop` (the pixbuf lives as long as the call).
  private func decodeScaled(
    _ bytes: [UInt8], format: ImageFormat, pixelSize: Int,
    then crop: (OpaquePointer) -> Result<PreparedImage, ImageFailure>
  ) -> Result<PreparedImage, ImageFailure> {
    var error: UnsafeMutablePointer<GError>?
    guard let newLoader = gdk_pixbuf_loader_new_with_type(format.rawValue, &error) else {
      g_clear_error(&error)
      return .failure(.unsupportedFormat)
    }
    return ObjectSlot.withAdopted(newLoader) { loader in
      let sizeCheck = SizeCheck(decoder: self, side: pixelSize)
      // The loader keeps the handler (and the check) until it is finalized.
      Signals.connect(loader, .sizePrepared) { loader, width, height in
        sizeCheck.prepare(loader, width: Int(width), height: Int(height))
      }
      let ok = bytes.withUnsafeBufferPointer {
        gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error)
      }
      // A failed write has already closed the loader; closing again is an error.
      let written = ok != 0 && gdk_pixbuf_loader_close(loader, &error) != 0
      g_clear_error(&error)
      if sizeCheck.refused { return .failure(.dimensionsTooLarge) }
      guard written, let decoded = gdk_pixbuf_loader_get_pixbuf(loader) else {
        return .failure(.decodeFailed)
      }

      // Loaders that ignore set_size (GIF) hand back the full frame: scale it here.
      let target = Self.coveringSize(
        width: Int(gdk_pixbuf_get_width(decoded)), height: Int(gdk_pixbuf_get_height(decoded)),
        side: pixelSize)
      if Int(gdk_pixbuf_get_width(decoded)) == target.width,
        Int(gdk_pixbuf_get_height(decoded)) == target.height
      {
        return crop(decoded)
      }
      guard
        let scaled = gdk_pixbuf_scale_simple(
          decoded, Int32(target.width), Int32(target.height), GDK_INTERP_BILINEAR)
      else { return .failure(.decodeFailed) }
      return ObjectSlot.withAdopted(scaled, crop)
    }
  }
}

/// What the "size-prepared" handler needs for one decode.
///
/// Threading: created and used on the decoding thread within one `decodeScaled` call; the
/// loader releases it when it is finalized there.
private final class SizeCheck {
  let decoder: ImageDecoder
  let side: Int
  var refused = false

  init(decoder: ImageDecoder, side: Int) {
    self.decoder = decoder
    self.side = side
  }

  /// GdkPixbufLoader::size-prepared: scales the decode to the drawn size, or stops it (size
  /// 0x0) if the decoder's size breaks the limits.
  func prepare(_ loader: UnsafeMutablePointer<GdkPixbufLoader>, width: Int, height: Int) {
    guard width > 0, height > 0, decoder.fits(width: width, height: height) else {
      refused = true
      gdk_pixbuf_loader_set_size(loader, 0, 0)
      return
    }
    let target = ImageDecoder.coveringSize(width: width, height: height, side: side)
    gdk_pixbuf_loader_set_size(loader, Int32(target.width), Int32(target.height))
  }
}
