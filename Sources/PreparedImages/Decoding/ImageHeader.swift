/// Format and pixel size read from the first bytes, before any decoder sees them.
///
/// gdk-pixbuf's loaders are not hardened against hostile input, so the format is sniffed from
/// magic numbers (never from a file name or Content-Type) and the size is read by this small
/// parser: PNG IHDR, JPEG SOFn, GIF logical screen and first frame. Given ``FrameLimits``, every
/// later frame of a GIF is held to them too (its size and place, how many, and their pixels
/// together): gdk-pixbuf's GIF loader allocates each frame it reads, the last as the first.
///
/// Threading: a `Sendable` value; `parse` is pure.
struct ImageHeader: Equatable, Sendable {
  let format: ImageFormat
  let width: Int
  let height: Int

  /// What every frame of an animation must keep within.
  struct FrameLimits: Sendable {
    /// The longest side, counted from the screen's corner (a frame's offset plus its size).
    let maxPixelSide: Int
    /// The most pixels of one frame, and of all frames together.
    let maxPixels: Int
    /// The most frames.
    let maxFrames: Int
  }

  /// `.unsupportedFormat` for other magic numbers; `.decodeFailed` when the header is cut short
  /// or malformed; `.dimensionsTooLarge` when a GIF's frame breaks `frameLimits`.
  static func parse(_ bytes: [UInt8], frameLimits: FrameLimits? = nil) -> Result<
    ImageHeader, ImageFailure
  > {
    let reader = ByteReader(bytes: bytes)
    let header: ImageHeader?
    if reader.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) {
      header = parsePNG(reader)
    } else if reader.matches([0xFF, 0xD8, 0xFF], at: 0) {
      header = parseJPEG(reader)
    } else if reader.matches(Array("GIF87a".utf8), at: 0)
      || reader.matches(Array("GIF89a".utf8), at: 0)
    {
      var tooLarge = false
      header = parseGIF(reader, limits: frameLimits, tooLarge: &tooLarge)
      if tooLarge { return .failure(.dimensionsTooLarge) }
    } else {
      return .failure(.unsupportedFormat)
    }
    guard let header, header.width > 0, header.height > 0 else { return .failure(.decodeFailed) }
    return .success(header)
  }

  private static func parsePNG(_ reader: ByteReader) -> ImageHeader? {
    // Signature (8), then the first chunk must be IHDR: length (4), type (4), width, height.
    guard reader.matches(Array("IHDR".utf8), at: 12), let width = reader.uint32BE(at: 16),
      let height = reader.uint32BE(at: 20)
    else { return nil }
    return ImageHeader(format: .png, width: width, height: height)
  }

  private static func parseJPEG(_ reader: ByteReader) -> ImageHeader? {
    let startOfFrameMarkers: Set<UInt8> = [
      0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF,
    ]
    var offset = 2
    while true {
      guard reader.byte(at: offset) == 0xFF else { return nil }
      while reader.byte(at: offset) == 0xFF { offset += 1 }  // fill bytes
      guard let marker = reader.byte(at: offset) else { return nil }
      offset += 1
      if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }  // no payload
      if marker == 0xD9 || marker == 0xDA { return nil }  // image data before any frame header
      guard let length = reader.uint16BE(at: offset), length >= 2 else { return nil }
      if startOfFrameMarkers.contains(marker) {
        guard let height = reader.uint16BE(at: offset + 3),
          let width = reader.uint16BE(at: offset + 5)
        else {
          return nil
        }
        return ImageHeader(format: .jpeg, width: width, height: height)
      }
      offset += length
    }
  }

  private static func parseGIF(
    _ reader: ByteReader, limits: FrameLimits?, tooLarge: inout Bool
  ) -> ImageHeader? {
    guard let screenWidth = reader.uint16LE(at: 6), let screenHeight = reader.uint16LE(at: 8),
      let flags = reader.byte(at: 10)
    else { return nil }
    var offset = 13
    if flags & 0x80 != 0 { offset += 3 << (Int(flags & 0x07) + 1) }  // global colour table
    var size: (width: Int, height: Int)?
    // Whether a graphic control extension asked to restore the previous frame ("revert", or a
    // block too short to say: gdk-pixbuf then reads what its buffer held before).
    var revertAsked = false
    var frames = 0
    var framePixels = 0
    // Walk every frame, not only the first: gdk-pixbuf's GIF loader reads them all and trips its
    // own assertions (a GLib critical per image) on a frame of no pixels.
    walk: while let introducer = reader.byte(at: offset) {
      switch introducer {
      case 0x21:
        var blocks = offset + 2
        // gdk-pixbuf reads the first sub-block of a graphic control (0xF9) or application
        // (0xFF) extension whatever its size, a zero included, and only then looks for the
        // terminator: step as it does, or a frame it reads is one this walk skips.
        if let label = reader.byte(at: offset + 1), label == 0xF9 || label == 0xFF,
          let size = reader.byte(at: blocks)
        {
          if label == 0xF9 {
            let packed = size > 0 ? reader.byte(at: blocks + 1) : nil
            if packed.map({ ($0 >> 2) & 0x07 == 3 }) ?? true { revertAsked = true }
          }
          blocks += 1 + Int(size)
        }
        offset = offsetAfterSubBlocks(reader, from: blocks)
      case 0x2C:
        guard let left = reader.uint16LE(at: offset + 1), let top = reader.uint16LE(at: offset + 3),
          let width = reader.uint16LE(at: offset + 5), let height = reader.uint16LE(at: offset + 7),
          let frameFlags = reader.byte(at: offset + 9), width > 0, height > 0
        else { return nil }
        // gdk-pixbuf saves and restores a "revert" frame's area of its canvas (the logical
        // screen) without clipping it: a frame past the screen trips its assertions there.
        if revertAsked, left + width > screenWidth || top + height > screenHeight { return nil }
        if let limits {
          frames += 1
          framePixels += width * height
          if left + width > limits.maxPixelSide || top + height > limits.maxPixelSide
            || width * height > limits.maxPixels || framePixels > limits.maxPixels
            || frames > limits.maxFrames
          {
            tooLarge = true
            return nil
          }
        }
        // The first frame may extend past the screen; the decoder draws it whole.
        if size == nil {
          size = (max(screenWidth, left + width), max(screenHeight, top + height))
        }
        offset += 10
        if frameFlags & 0x80 != 0 { offset += 3 << (Int(frameFlags & 0x07) + 1) }  // local table
        offset = offsetAfterSubBlocks(reader, from: offset + 1)  // after the LZW code size
      case 0x3B:
        break walk  // the trailer
      default:
        offset += 1  // gdk-pixbuf's loader steps over stray bytes between blocks too
      }
    }
    return size.map { ImageHeader(format: .gif, width: $0.width, height: $0.height) }
  }

  /// The offset after a run of GIF data sub-blocks (size byte, data) and its zero terminator.
  private static func offsetAfterSubBlocks(_ reader: ByteReader, from start: Int) -> Int {
    var offset = start
    while let blockSize = reader.byte(at: offset), blockSize != 0 {
      offset += Int(blockSize) + 1
    }
    return offset + 1
  }
}
