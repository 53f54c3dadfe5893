import CGtk
import Foundation

/// Bytes -> ``PreparedImage``: sniff, check the declared size, decode at the drawn size, crop.
///
/// Order, each step refusing before the next sees the bytes:
/// 1. ``ImageHeader`` sniffs PNG/JPEG/GIF and reads the declared size (`.unsupportedFormat`).
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
    let onMainThread = Thread.isMainThread
    defer { statistics.recordDecode(ContinuousClock.now - start, onMainThread: onMainThread) }
    let header: ImageHeader
    switch ImageHeader.parse(bytes) {
    case .success(let parsed): header = parsed
    case .failure(let failure): return .failure(failure)
    }
    guard fits(width: header.width, height: header.height),
      fits(width: pixelSize, height: pixelSize),
      pixelSize > 0
    else { return .failure(.dimensionsTooLarge) }
    if header.format == .jpeg, !JPEGEnd.isPresent(in: bytes) { return .failure(.decodeFailed) }

    let pixbuf: OpaquePointer
    switch decodeScaled(bytes, format: header.format, pixelSize: pixelSize) {
    case .success(let decoded): pixbuf = decoded
    case .failure(let failure): return .failure(failure)
    }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    guard let texture = CircleCrop.texture(from: pixbuf, side: pixelSize) else {
      return .failure(.decodeFailed)
    }
    return .success(PreparedImage(adoptingTexture: texture, pixelSize: pixelSize))
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

  /// A new pixbuf reference covering `pixelSize`, decoded by the loader for `format` only.
  private func decodeScaled(_ bytes: [UInt8], format: ImageFormat, pixelSize: Int) -> Result<
    OpaquePointer, ImageFailure
  > {
    var error: UnsafeMutablePointer<GError>?
    guard let loader = gdk_pixbuf_loader_new_with_type(format.rawValue, &error) else {
      g_clear_error(&error)
      return .failure(.unsupportedFormat)
    }
    defer { g_object_unref(UnsafeMutableRawPointer(loader)) }

    let sizeCheck = SizeCheck(decoder: self, side: pixelSize)
    let written = withExtendedLifetime(sizeCheck) { () -> Bool in
      g_signal_connect_data(
        UnsafeMutableRawPointer(loader), "size-prepared",
        unsafeBitCast(sizePrepared, to: GCallback.self),
        Unmanaged.passUnretained(sizeCheck).toOpaque(), nil, GConnectFlags(rawValue: 0))
      let ok = bytes.withUnsafeBufferPointer {
        gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error)
      }
      // A failed write has already closed the loader; closing again is an error.
      return ok != 0 && gdk_pixbuf_loader_close(loader, &error) != 0
    }
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
      g_object_ref(UnsafeMutableRawPointer(decoded))
      return .success(decoded)
    }
    guard
      let scaled = gdk_pixbuf_scale_simple(
        decoded, Int32(target.width), Int32(target.height), GDK_INTERP_BILINEAR)
    else { return .failure(.decodeFailed) }
    return .success(scaled)
  }
}

/// What the "size-prepared" handler needs for one decode.
///
/// Threading: created, used and released on the decoding thread within one `decodeScaled` call.
private final class SizeCheck {
  let decoder: ImageDecoder
  let side: Int
  var refused = false

  init(decoder: ImageDecoder, side: Int) {
    self.decoder = decoder
    self.side = side
  }
}

/// GdkPixbufLoader::size-prepared(loader, width, height, user_data): scale the decode to the
/// drawn size, or stop it (size 0x0) if the decoder's size breaks the limits.
private let sizePrepared:
  @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, gpointer?) -> Void = {
    loader, width, height, userData in
    guard let loader, let userData else { return }
    let check = Unmanaged<SizeCheck>.fromOpaque(userData).takeUnretainedValue()
    let width = Int(width)
    let height = Int(height)
    guard width > 0, height > 0, check.decoder.fits(width: width, height: height) else {
      check.refused = true
      gdk_pixbuf_loader_set_size(loader, 0, 0)
      return
    }
    let target = ImageDecoder.coveringSize(width: width, height: height, side: check.side)
    gdk_pixbuf_loader_set_size(loader, Int32(target.width), Int32(target.height))
  }
