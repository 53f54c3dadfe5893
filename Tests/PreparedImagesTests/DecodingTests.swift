import CGtk
import Foundation
import XCTest

@testable import PreparedImages

final class DecodingTests: XCTestCase {
  private let decoder = ImageDecoder(maxPixelSide: 8192, maxMegapixels: 40)

  /// Decodes on a background thread, as the pipeline does (on main it would count as a
  /// main-thread decode).
  private func decode(_ bytes: [UInt8], pixelSize: Int = 96) -> Result<PreparedImage, ImageFailure>
  {
    let decoder = decoder
    return onBackgroundThread { decoder.decode(bytes, pixelSize: pixelSize) }
  }

  func testThePreparedTextureIsARoundAvatarOfTheDrawnSize() throws {
    let image = try decode(
      TestImages.solid(.init(red: 200, green: 40, blue: 10), width: 300, height: 200)
    ).get()
    XCTAssertEqual(image.pixelSize, 96)
    XCTAssertEqual(Int(gdk_texture_get_width(image.texture)), 96)
    XCTAssertEqual(Int(gdk_texture_get_height(image.texture)), 96)
    XCTAssertEqual(image.cost, 96 * 96 * 4)
    let center = TestImages.pixel(of: image, x: 48, y: 48)
    XCTAssertEqual([center.red, center.green, center.blue, center.alpha], [200, 40, 10, 255])
    XCTAssertEqual(
      TestImages.pixel(of: image, x: 0, y: 0).alpha, 0, "corners are outside the circle")
    let edge = TestImages.pixel(of: image, x: 0, y: 48).alpha
    XCTAssertGreaterThan(edge, 0, "the edge is anti-aliased, not cut")
    XCTAssertLessThan(edge, 255)
    let edgePixel = TestImages.pixel(of: image, x: 0, y: 48)
    XCTAssertLessThanOrEqual(edgePixel.red, edgePixel.alpha, "premultiplied")
  }

  func testJPEGAndGIFDecodeToo() throws {
    XCTAssertEqual(
      try decode(TestImages.solid(.init(red: 0, green: 128, blue: 0), format: "jpeg")).get()
        .pixelSize, 96)
    // A 1x1 GIF89a (red pixel), hand-made: gdk-pixbuf cannot write GIF.
    let gif: [UInt8] = [
      0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0x00,
      0x00, 0x00, 0x00, 0x00,
      0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00,
      0x3B,
    ]
    XCTAssertEqual(ImageHeader.parse(gif).success, ImageHeader(format: .gif, width: 1, height: 1))
    let image = try decode(gif, pixelSize: 32).get()
    XCTAssertEqual(TestImages.centerColor(of: image), .init(red: 255, green: 0, blue: 0))
  }

  /// Found by the image decoder's fuzz target (docs/ROBUSTNESS.md): a GIF
  /// whose first frame is 71x0 pixels, placed far outside its 1x1 screen, an
  /// animation whose second frame is 0x0, and a 0x0 frame that only
  /// gdk-pixbuf's way of reading an extension reaches.
  func testAGIFFrameWithoutPixelsIsRefusedBeforeGdkPixbufSeesIt() {
    let gif: [UInt8] = [
      0x47, 0x49, 0x46, 0x38, 0x37, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x73, 0xFF, 0x00,
      0x00, 0x00, 0x00, 0x00,
      0x2C, 0x02, 0x11, 0x03, 0x11, 0x47, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x02, 0x02, 0x44,
      0x01, 0x00, 0x3B,
    ]
    // A good first frame, then one of no pixels.
    let animation: [UInt8] = [
      0x47, 0x49, 0x46, 0x38, 0x37, 0x61, 0x01, 0x00, 0x01, 0x04, 0x80, 0x00, 0x73, 0xFF, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x16, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x44,
      0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x44, 0xB0, 0x01, 0x00, 0x3B,
    ]
    // A good frame, then an application extension whose first sub-block is
    // empty: gdk-pixbuf takes that zero as the block, reads `01 21` as the
    // next one and `00` as the end, and then finds a 0x0 frame at 0x2C,
    // which a walk that ends the extension at the zero skips as data.
    let hiddenFrame: [UInt8] =
      [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0x00,
        0x00, 0x00, 0x00, 0x00,
        0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00,
        0x21, 0xFF, 0x00, 0x01, 0x21, 0x00,
        0x2C, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00,
      ] + [UInt8](repeating: 0, count: 48) + [0x3B]
    for file in [gif, animation, hiddenFrame] {
      XCTAssertEqual(ImageHeader.parse(file).failure, .decodeFailed)
      XCTAssertEqual(decode(file).failure, .decodeFailed)
    }
  }

  /// A frame whose graphic control asks to restore the previous frame ("revert") has its area
  /// of the canvas saved by gdk-pixbuf without clipping: past the logical screen, that trips
  /// gdk-pixbuf's own assertion (a GLib critical), so such a GIF is refused before it sees it.
  /// Inside the screen, or past it without "revert", the GIF decodes as before.
  func testARevertFramePastTheScreenIsRefusedBeforeGdkPixbufSeesIt() {
    func gif(disposal: UInt8, frameHeight: UInt8) -> [UInt8] {
      Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]  // a 1x1 screen
        + [0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF]  // two colours
        + [0x21, 0xF9, 0x04, disposal << 2, 0x00, 0x00, 0x00, 0x00]  // graphic control
        + [0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, frameHeight, 0x00, 0x00]  // 1 x h at 0,0
        + [0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
    }
    let revertPastTheScreen = gif(disposal: 3, frameHeight: 2)
    XCTAssertEqual(ImageHeader.parse(revertPastTheScreen).failure, .decodeFailed)
    XCTAssertEqual(decode(revertPastTheScreen).failure, .decodeFailed)
    XCTAssertNotNil(ImageHeader.parse(gif(disposal: 3, frameHeight: 1)).success)
    XCTAssertNotNil(ImageHeader.parse(gif(disposal: 0, frameHeight: 2)).success)
    XCTAssertNotNil(decode(gif(disposal: 3, frameHeight: 1)).success)
  }

  func testAnEmptyFileIsNotAnImage() {
    XCTAssertEqual(decode([]).failure, .unsupportedFormat)
  }

  func testTextNamedPNGIsRefusedBySniffingNotByName() {
    XCTAssertEqual(decode(Array("this is not a png, just text\n".utf8)).failure, .unsupportedFormat)
  }

  func testOtherFormatsAreRefused() {
    XCTAssertEqual(
      decode(Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)).failure, .unsupportedFormat)
    XCTAssertEqual(
      decode([0x42, 0x4D] + [UInt8](repeating: 0, count: 60)).failure, .unsupportedFormat)  // BMP
  }

  /// gdk-pixbuf paints a cut JPEG's missing part grey and calls it a success; the row would
  /// show a broken picture. Cut anywhere, it fails, and the row keeps its initials.
  func testATruncatedJPEGFailsAndTheRowKeepsItsInitials() {
    let jpeg = TestImages.photo(side: 256, format: "jpeg")
    XCTAssertNotNil(decode(jpeg).success, "the whole file decodes")
    for length in [3, 20, 200, jpeg.count / 2, jpeg.count - 10, jpeg.count - 1] {
      switch decode(Array(jpeg.prefix(length))) {
      case .success: XCTFail("a JPEG cut at \(length) of \(jpeg.count) bytes decoded")
      case .failure(let failure):
        XCTAssertTrue([.decodeFailed, .unsupportedFormat].contains(failure), "\(failure)")
      }
    }
    // Bytes after the end marker (some cameras pad) do not make it incomplete.
    XCTAssertNotNil(decode(jpeg + [0, 0, 0, 0]).success)
  }

  /// A thumbnail embedded before the image has an end marker of its own; it does not count.
  func testAnEmbeddedThumbnailsEndMarkerDoesNotCompleteACutJPEG() {
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 1, 2, 0xFF, 0xD9, 0xFF, 0xDA, 3, 0xFF, 0x00, 4]
    XCTAssertFalse(JPEGEnd.isPresent(in: bytes))
    XCTAssertTrue(JPEGEnd.isPresent(in: bytes + [0xFF, 0xD9]))
    XCTAssertFalse(JPEGEnd.isPresent(in: [0xFF, 0xD9]))
  }

  func testAPNGWhoseHeaderDeclares30000SquareIsRefusedBeforeDecoding() {
    let bytes = TestImages.pngHeader(width: 30000, height: 30000)
    XCTAssertEqual(
      ImageHeader.parse(bytes).success, ImageHeader(format: .png, width: 30000, height: 30000))
    XCTAssertEqual(decode(bytes).failure, .dimensionsTooLarge)
    XCTAssertEqual(
      decode(TestImages.pngHeader(width: 9000, height: 10)).failure, .dimensionsTooLarge)
    XCTAssertEqual(
      decode(TestImages.pngHeader(width: 7000, height: 7000)).failure, .dimensionsTooLarge, "49 MP")
  }

  func testAJPEGWhoseFrameHeaderDeclaresTooMuchIsRefused() {
    // SOI, then SOF0 declaring 65000 x 65000.
    let jpeg: [UInt8] =
      [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0xFD, 0xE8, 0xFD, 0xE8, 0x03]
      + [UInt8](repeating: 0, count: 9)
    XCTAssertEqual(
      ImageHeader.parse(jpeg).success, ImageHeader(format: .jpeg, width: 65000, height: 65000))
    XCTAssertEqual(decode(jpeg).failure, .dimensionsTooLarge)
  }

  func testAHugeRealJPEGDecodesAtTheDrawnSizeWithinBounds() throws {
    let jpeg = TestImages.largeJPEG(side: 6000)
    XCTAssertEqual(
      ImageHeader.parse(jpeg).success, ImageHeader(format: .jpeg, width: 6000, height: 6000))
    let start = ContinuousClock.now
    let image = try decode(jpeg).get()
    print("6000x6000 JPEG (\(jpeg.count) bytes) at 96 px: \(ContinuousClock.now - start)")
    XCTAssertEqual(image.pixelSize, 96)
  }

  func testAnAbsurdAspectRatioIsSqueezedNotBlownUp() throws {
    XCTAssertEqual(ImageDecoder.coveringSize(width: 8000, height: 1, side: 96).width, 384)
    XCTAssertEqual(ImageDecoder.coveringSize(width: 300, height: 200, side: 96).width, 144)
    let image = try decode(
      TestImages.solid(.init(red: 1, green: 2, blue: 3), width: 4000, height: 2)
    ).get()
    XCTAssertEqual(image.pixelSize, 96)
  }

  func testDecodeTimesAt96PixelsFor512PixelAvatars() throws {
    for format in ["jpeg", "png"] {
      let bytes = TestImages.photo(side: 512, format: format)
      var times: [Duration] = []
      for _ in 0..<15 {
        let start = ContinuousClock.now
        _ = try decode(bytes).get()
        times.append(ContinuousClock.now - start)
      }
      print(
        "decode 512 px \(format) (\(bytes.count) bytes) at 96 px: p50 \(times.sorted()[times.count / 2])"
      )
    }
  }
}
