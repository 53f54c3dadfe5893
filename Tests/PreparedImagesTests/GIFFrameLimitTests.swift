import Foundation
import XCTest

@testable import PreparedImages

/// A GIF's later frames are held to the decoder's limits as its first is:
/// gdk-pixbuf's GIF loader allocates every frame it reads, so a small first
/// frame must not carry a huge second one, nor thousands of frames, into it.
/// The GIFs are written here byte by byte (gdk-pixbuf cannot write GIF).
final class GIFFrameLimitTests: XCTestCase {
  /// A 1x1 screen with a two-colour table, then `frames`, then the trailer.
  private static func gif(_ frames: [[UInt8]]) -> [UInt8] {
    Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]
      + [0xFF, 0x00, 0x00, 0x00, 0x00, 0x00] + frames.flatMap { $0 } + [0x3B]
  }

  /// One frame at the screen's corner declaring `width` x `height`, with the
  /// LZW data of one red pixel.
  private static func frame(width: Int, height: Int) -> [UInt8] {
    [
      0x2C, 0x00, 0x00, 0x00, 0x00, UInt8(width & 0xFF), UInt8(width >> 8),
      UInt8(height & 0xFF), UInt8(height >> 8), 0x00, 0x02, 0x02, 0x44, 0x01, 0x00,
    ]
  }

  private func decode(_ bytes: [UInt8], _ decoder: ImageDecoder) -> Result<
    PreparedImage, ImageFailure
  > {
    onBackgroundThread { decoder.decode(bytes, pixelSize: 32) }
  }

  func testASecondFrameLargerThanTheLimitsIsRefused() {
    let decoder = ImageDecoder(maxPixelSide: 1000, maxMegapixels: 1)
    let small = Self.frame(width: 1, height: 1)
    XCTAssertNotNil(decode(Self.gif([small, small]), decoder).success, "two 1x1 frames decode")
    // 2000 x 2000: over both the side and the pixel limit.
    let large = Self.gif([small, Self.frame(width: 2000, height: 2000)])
    XCTAssertEqual(ImageHeader.parse(large).success?.width, 1, "the first frame is 1x1")
    XCTAssertEqual(decode(large, decoder).failure, .dimensionsTooLarge)
  }

  func testASecondFrameOfTheLargestSizeAGIFCanDeclareIsRefused() {
    let decoder = ImageDecoder(maxPixelSide: 8192, maxMegapixels: 40)
    let huge = Self.gif([Self.frame(width: 1, height: 1), Self.frame(width: 65535, height: 65535)])
    XCTAssertEqual(decode(huge, decoder).failure, .dimensionsTooLarge)
  }

  func testAGIFOfMoreFramesThanTheCapIsRefused() {
    let decoder = ImageDecoder(maxPixelSide: 8192, maxMegapixels: 40)
    let small = Self.frame(width: 1, height: 1)
    XCTAssertNotNil(
      decode(Self.gif(Array(repeating: small, count: ImageDecoder.maxFrames)), decoder).success)
    XCTAssertEqual(
      decode(Self.gif(Array(repeating: small, count: ImageDecoder.maxFrames + 1)), decoder)
        .failure, .dimensionsTooLarge)
  }
}
