import CGtk
import Foundation
import XCTest

@testable import PreparedImages

/// A photo file for a directory: refused over 10 MB or 8192 pixels a side
/// before a pixel is decoded (``PhotoImage/decodes`` does not move), a
/// broken file said so; a good one cut to its middle square, scaled, on
/// white, and written as a JPEG at the best quality that fits.
final class PhotoImageTests: XCTestCase {
  private var folder: URL!

  override func setUp() {
    super.setUp()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "photo-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  /// A 400×200 PNG: red bands of 100 pixels left and right of a green
  /// middle square.
  private static func bandedPNG() -> [UInt8] {
    let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 400, 200)!
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    gdk_pixbuf_fill(pixbuf, 0xDD11_11FF)
    let middle = gdk_pixbuf_new_subpixbuf(pixbuf, 100, 0, 200, 200)!
    gdk_pixbuf_fill(middle, 0x11AA_22FF)
    g_object_unref(UnsafeMutableRawPointer(middle))
    return TestImages.encode(pixbuf, format: "png")
  }

  /// The RGB of (`x`, `y`) in `jpeg`, decoded, and its size.
  private static func pixel(_ jpeg: [UInt8], x: Int, y: Int) throws -> (
    width: Int, height: Int, rgb: [Int]
  ) {
    var error: UnsafeMutablePointer<GError>?
    let loader = gdk_pixbuf_loader_new_with_type("jpeg", &error)!
    defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
    _ = jpeg.withUnsafeBufferPointer {
      gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error)
    }
    XCTAssertNotEqual(gdk_pixbuf_loader_close(loader, &error), 0)
    let pixbuf = try XCTUnwrap(gdk_pixbuf_loader_get_pixbuf(loader))
    let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    let pixels =
      gdk_pixbuf_get_pixels(pixbuf)! + y * Int(gdk_pixbuf_get_rowstride(pixbuf))
      + x * channels
    return (
      Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)),
      [Int(pixels[0]), Int(pixels[1]), Int(pixels[2])]
    )
  }

  private func write(_ bytes: [UInt8], _ name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  func testTheMiddleSquareBecomesAJPEGOfTheSideAsked() throws {
    let path = try write(Self.bandedPNG(), "banded.png")
    let image = try onBackgroundThread { PhotoImage.read(path: path) }.get()
    XCTAssertEqual([image.width, image.height], [400, 200])
    let crop = PhotoCrop.centred(width: image.width, height: image.height)
    XCTAssertEqual(crop, PhotoCrop(x: 100, y: 0, side: 200))
    let jpeg = try onBackgroundThread { image.jpeg(crop: crop, side: 96, maxBytes: 102_400) }.get()
    XCTAssertEqual(Array(jpeg.prefix(3)), [0xFF, 0xD8, 0xFF])
    for (x, y) in [(1, 1), (48, 48), (94, 94), (1, 94)] {
      let decoded = try Self.pixel(jpeg, x: x, y: y)
      XCTAssertEqual([decoded.width, decoded.height], [96, 96])
      XCTAssertEqual(decoded.rgb[0], 0x11, accuracy: 24, "green, no red band, at \(x),\(y)")
      XCTAssertEqual(decoded.rgb[1], 0xAA, accuracy: 24, "at \(x),\(y)")
    }
    // Zoomed and moved to the left edge: the red band.
    let left = PhotoCrop.zoomed(2, centreX: 0, centreY: 100, width: 400, height: 200)
    XCTAssertEqual(left, PhotoCrop(x: 0, y: 50, side: 100))
    let red = try onBackgroundThread { image.jpeg(crop: left, side: 64, maxBytes: 102_400) }.get()
    XCTAssertEqual(try Self.pixel(red, x: 32, y: 32).rgb[0], 0xDD, accuracy: 24)
  }

  func testANoisyPhotoIsWrittenAtALowerQualityToFit() throws {
    let png = TestImages.photo(side: 1500, format: "png")
    let clock = ContinuousClock()
    let start = clock.now
    let image = try onBackgroundThread { PhotoImage.decode(png) }.get()
    let decoded = clock.now
    XCTAssertEqual([image.width, image.height], [1024, 1024], "scaled to the working side")
    let crop = PhotoCrop.centred(width: image.width, height: image.height)
    let best = try onBackgroundThread { image.jpeg(crop: crop, side: 256, maxBytes: 1 << 20) }
      .get()
    let small = try onBackgroundThread { image.jpeg(crop: crop, side: 256, maxBytes: 6_000) }
      .get()
    print(
      "a noisy 1500 px PNG of \(png.count) bytes: decoded to 1024 px in \(decoded - start), "
        + "256 px JPEG \(best.count) bytes at the best quality, \(small.count) within 6000 bytes; "
        + "both encodes \(clock.now - decoded)")
    XCTAssertGreaterThan(best.count, 6_000, "the best quality does not fit")
    XCTAssertLessThanOrEqual(small.count, 6_000)
    XCTAssertEqual(try Self.pixel(small, x: 0, y: 0).width, 256, "the side kept")
    let none = onBackgroundThread { image.jpeg(crop: crop, side: 256, maxBytes: 300) }
    XCTAssertEqual(none.failure, .tooLargeToEncode(limit: 300))
  }

  func testA20000SquarePNGIsRefusedBeforeADecoderSeesIt() throws {
    // A real signature and IHDR, then a few bytes of nothing.
    let header =
      TestImages.pngHeader(width: 20_000, height: 20_000) + [UInt8](repeating: 0, count: 64)
    let path = try write(header, "huge.png")
    let before = PhotoImage.decodes
    let refused = onBackgroundThread { PhotoImage.read(path: path) }
    XCTAssertEqual(refused.failure, .tooManyPixels(width: 20_000, height: 20_000))
    XCTAssertEqual(PhotoImage.decodes, before, "no decoder ran")
    XCTAssertEqual(
      refused.failure?.description,
      "The photo is 20000×20000 pixels, more than 8192 a side or 40 megapixels")
    // A long strip, within the side but over the pixels.
    let strip = PhotoImage.decode(TestImages.pngHeader(width: 8000, height: 8000))
    XCTAssertEqual(strip.failure, .tooManyPixels(width: 8000, height: 8000))
    XCTAssertEqual(PhotoImage.decodes, before)
  }

  func testEveryDecodeIsCountedAndOneOnTheMainThreadToo() throws {
    let (decodes, onMain) = (PhotoImage.decodes, PhotoImage.mainThreadCalls)
    let solid = TestImages.solid(.init(red: 1, green: 2, blue: 3))
    let image = try onBackgroundThread { PhotoImage.decode(solid) }.get()
    XCTAssertEqual(PhotoImage.decodes, decodes + 1)
    XCTAssertEqual(PhotoImage.mainThreadCalls, onMain)
    _ = try MainActor.assumeIsolated { try PhotoImage.decode(solid).get() }
    _ = try MainActor.assumeIsolated {
      try image.jpeg(crop: .centred(width: 64, height: 64), side: 32, maxBytes: 10_000).get()
    }
    XCTAssertEqual(PhotoImage.decodes, decodes + 2)
    XCTAssertEqual(PhotoImage.mainThreadCalls, onMain + 2, "a decode and an encode on main")
  }

  func testAGIFWhoseSecondFrameIsHugeIsRefusedBeforeADecoderSeesIt() throws {
    // A 1×1 screen, a 1×1 red frame, then a 65535×65535 one, byte by byte.
    func frame(_ side: Int) -> [UInt8] {
      [
        0x2C, 0, 0, 0, 0, UInt8(side & 0xFF), UInt8(side >> 8), UInt8(side & 0xFF),
        UInt8(side >> 8), 0x00, 0x02, 0x02, 0x44, 0x01, 0x00,
      ]
    }
    let head =
      Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]
      + [0xFF, 0x00, 0x00, 0x00, 0x00, 0x00]
    let (one, giant) = (head + frame(1) + [0x3B], head + frame(1) + frame(65535) + [0x3B])
    let small = onBackgroundThread { PhotoImage.decode(one) }
    XCTAssertEqual(try small.get().width, 1, "one small frame decodes")
    let before = PhotoImage.decodes
    let huge = onBackgroundThread { PhotoImage.decode(giant) }
    XCTAssertEqual(huge.failure, .tooManyFrames)
    XCTAssertEqual(
      huge.failure?.description,
      "The photo's frames are over 8192 pixels a side or 40 megapixels")
    XCTAssertEqual(PhotoImage.decodes, before)
  }

  func testA20MBFileIsRefusedUnread() throws {
    let url = folder.appendingPathComponent("large.png")
    let made = FileManager.default.createFile(
      atPath: url.path, contents: Data(TestImages.pngHeader(width: 10, height: 10)))
    XCTAssertTrue(made)
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 20 << 20)
    try handle.close()
    let before = PhotoImage.decodes
    let refused = PhotoImage.read(path: url.path)
    XCTAssertEqual(refused.failure, .tooManyBytes(limit: 10 << 20))
    XCTAssertEqual(refused.failure?.description, "The photo is larger than 10 MB")
    XCTAssertEqual(PhotoImage.decodes, before)
  }

  func testABrokenOrForeignFileIsSaidSo() throws {
    let png = TestImages.photo(side: 300, format: "png")
    let cut = onBackgroundThread { PhotoImage.decode(Array(png.prefix(png.count / 2))) }
    XCTAssertEqual(cut.failure, .broken)
    XCTAssertEqual(
      cut.failure?.description, "The photo is damaged or cut short and could not be decoded")
    let text = PhotoImage.decode(Array("not an image at all".utf8))
    XCTAssertEqual(text.failure, .notAnImage)
    XCTAssertEqual(text.failure?.description, "The photo is not a PNG, JPEG or GIF image")
    let missing = PhotoImage.read(path: folder.appendingPathComponent("missing.png").path)
    guard case .unreadable = missing.failure else { return XCTFail("\(missing)") }
  }
}
