import Directory

/// Produces the bytes of each kind of broken avatar.
///
/// Threading: stateless; callable from any thread.
enum BrokenAvatarMaker {
  static func fileExtension(for kind: BrokenAvatar.Kind) -> String {
    switch kind {
    case .truncatedJPEG, .empty, .missing: "jpg"
    case .htmlNamedPNG, .corruptPNG, .hugeDimensions: "png"
    }
  }

  /// The file's bytes, or nil when the kind is a file that does not exist.
  static func bytes(for kind: BrokenAvatar.Kind, seed: UInt64) throws -> [UInt8]? {
    switch kind {
    case .truncatedJPEG:
      let jpeg = try AvatarRenderer.render(sample(.jpeg(quality: 85), seed: seed))
      // Cut inside the headers, where gdk-pixbuf itself fails. (gdk-pixbuf
      // decodes a cut in the scan data as a grey-bottomed picture; Roster's
      // decoder refuses that too, by its missing end marker.)
      let startOfScan = startOfScanOffset(in: jpeg) ?? jpeg.count / 2
      return Array(jpeg[..<min(startOfScan, jpeg.count)])
    case .htmlNamedPNG:
      return Array(
        """
        <!DOCTYPE html>
        <html><head><title>404 Not Found</title></head>
        <body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>

        """.utf8)
    case .empty:
      return []
    case .corruptPNG:
      let png = try AvatarRenderer.render(sample(.png, seed: seed))
      var random = SplitMix64(seed: seed)
      // Signature and IHDR (33 bytes) survive; the rest is noise.
      return Array(png.prefix(33))
        + (0..<2048).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    case .missing:
      return nil
    case .hugeDimensions:
      return PNGChunks.signature
        + PNGChunks.chunk("IHDR", headerBytes(width: 60_000, height: 60_000))
        + PNGChunks.chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])
        + PNGChunks.chunk("IEND", [])
    }
  }

  private static func sample(_ format: AvatarPlan.Format, seed: UInt64) -> AvatarPlan {
    var plan = AvatarPlan(index: 0, seed: seed)
    plan.style = .photoPortrait
    plan.format = format
    (plan.width, plan.height) = (256, 256)
    return plan
  }

  /// Where the first SOS marker (FF DA) starts.
  private static func startOfScanOffset(in jpeg: [UInt8]) -> Int? {
    jpeg.indices.dropLast().first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }
  }

  /// IHDR for 8-bit RGB, no interlace.
  private static func headerBytes(width: UInt32, height: UInt32) -> [UInt8] {
    PNGChunks.bigEndian(width) + PNGChunks.bigEndian(height) + [8, 2, 0, 0, 0]
  }
}
