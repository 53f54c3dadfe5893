import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import LDAPDemo
import PreparedImages
import TestSupport
import XCTest

@testable import RosterKit

/// Changing a person's photo in a real window, on a real slapd whose
/// people may change their own `jpegPhoto`: Change Photo opens the crop
/// dialog on the file (as the file chooser or a drop would), Zoom picks the
/// blue middle of a red and blue image, Save writes it and the person's
/// row and page show it at once, blue; a photo someone changed since the
/// dialog opened is not overwritten until Save is clicked again, and
/// someone else's photo is refused in the server's words.
final class PersonPhotoWindowTests: ServerTestCase {
  override class func makeServer() throws -> TestServer {
    try EditingPeople.server(editors: false)
  }

  private var folder: TemporaryDirectory!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = try TemporaryDirectory()
  }

  override func tearDown() {
    folder = nil
    super.tearDown()
  }

  /// A 600×300 PNG: a blue square of 150 pixels in the middle, red around.
  private func targetImage() throws -> String {
    let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 600, 300)!
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    gdk_pixbuf_fill(pixbuf, 0xE0_2020_FF)
    let middle = gdk_pixbuf_new_subpixbuf(pixbuf, 225, 75, 150, 150)!
    gdk_pixbuf_fill(middle, 0x2040_E0FF)
    g_object_unref(UnsafeMutableRawPointer(middle))
    let path = folder.folder.appendingPathComponent("target.png").path
    var error: UnsafeMutablePointer<GError>?
    XCTAssertNotEqual(gdk_pixbuf_savev(pixbuf, path, "png", nil, nil, &error), 0)
    return path
  }

  /// The window on the people with photos, bound as `uid`, and the page of
  /// `person`.
  @MainActor private static func openPage(of person: String, as uid: String, log: String) throws
    -> (MainWindow, PersonPage, Int)
  {
    try WindowTestSupport.setUp()
    var options = LDAPOptions(
      bindDN: EditingPeople.dn(uid), password: Secret(EditingPeople.password(of: uid)))
    options.changeLog = LDAPChangeLog(path: log)
    let directory = try LDAPDirectory(url: try server().peopleURL, options: options)
    let window = MainWindow(
      application: nil, content: .server(directory),
      pipeline: ImagePipeline(configuration: WindowTestSupport.avatarConfiguration()))
    gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
    window.present()
    window.refresh()
    let page = try XCTUnwrap(window.server)
    let usernames = Self.firstRows(page, count: EditingPeople.people.count)
    let position = try XCTUnwrap(usernames.firstIndex(of: person), "\(usernames)")
    let personPage = try XCTUnwrap(window.openPersonPage(at: position))
    XCTAssertEqual(personPage.editor.username, person)
    return (window, personPage, position)
  }

  /// The RGB of `texture` a sixth of its width from the left, half way
  /// down: blue when the blue square was cropped, red for the middle
  /// square of the image.
  @MainActor private static func leftOfMiddle(of texture: OpaquePointer) -> [Int] {
    let (width, height) = (
      Int(gdk_texture_get_width(texture)), Int(gdk_texture_get_height(texture))
    )
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeMutableBufferPointer {
      gdk_texture_download(texture, $0.baseAddress, gsize(width * 4))
    }
    // Cairo's ARGB32 in memory on a little-endian machine: B, G, R, A.
    let offset = (height / 2 * width + width / 6) * 4
    return [Int(pixels[offset + 2]), Int(pixels[offset + 1]), Int(pixels[offset])]
  }

  /// Whether `rgb` is the target's blue.
  private static func isBlue(_ rgb: [Int]) -> Bool {
    abs(rgb[0] - 0x20) < 40 && abs(rgb[1] - 0x40) < 40 && abs(rgb[2] - 0xE0) < 40
  }

  /// Opens `path` as Change Photo would and waits for the crop dialog.
  @MainActor private static func cropDialog(_ page: PersonPage, _ path: String) throws
    -> PhotoCropDialog
  {
    XCTAssertNotEqual(gtk_widget_get_visible(page.editor.photo.button), 0, "no Change Photo")
    page.editor.photo.open(path: path)
    XCTAssertTrue(
      MainContext.run(until: { page.editor.photo.dialog != nil }, timeout: .seconds(20)),
      "no crop dialog")
    return try XCTUnwrap(page.editor.photo.dialog)
  }

  func testChangePhotoCropsSavesAndTheRowAndPageShowIt() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    let image = try targetImage()
    try MainActor.assumeIsolated {
      let onMainBefore = PhotoImage.mainThreadCalls
      let (window, page, position) = try Self.openPage(of: "margaret", as: "margaret", log: log)
      defer { window.close() }
      let dialog = try Self.cropDialog(page, image)
      XCTAssertEqual(dialog.crop, PhotoCrop(x: 150, y: 0, side: 300), "the middle square")
      dialog.zoomValue = 2
      XCTAssertEqual(dialog.crop, PhotoCrop(x: 225, y: 75, side: 150), "the blue square")
      WindowTestSupport.waitUntilStill(toplevel: dialog.window)
      // A drag moves the square, never out of the image, and back.
      let scale = dialog.scale
      XCTAssertGreaterThan(scale, 0)
      dialog.beginDrag()
      dialog.dragged(dx: -2000, dy: 10 * scale)
      XCTAssertEqual(dialog.crop, PhotoCrop(x: 0, y: 85, side: 150))
      dialog.beginDrag()
      dialog.dragged(dx: 225 * scale, dy: -10 * scale)
      XCTAssertEqual(dialog.crop.x, 225, accuracy: 0.001)
      XCTAssertEqual(dialog.crop.y, 75, accuracy: 0.001)

      cgtk_emit(gobject(dialog.saveButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { page.editor.photo.dialog == nil }, timeout: .seconds(20)),
        "not saved: \(dialog.errorText)")
      XCTAssertEqual(window.toasts.last, "Photo saved")
      let written = try EditingPeople.values("jpegPhoto", of: "margaret", on: try Self.server())
      XCTAssertEqual(written.count, 1)
      XCTAssertEqual(Array(written.first?.prefix(3) ?? []), [0xFF, 0xD8, 0xFF])
      XCTAssertLessThanOrEqual(written.first?.count ?? .max, 102_400)

      // The row and the page show the new photo: blue in the middle.
      let server = try XCTUnwrap(window.server)
      XCTAssertTrue(
        MainContext.run(
          until: {
            var blue = false
            server.factory.forEachBoundRow { row, shown in
              if shown == position, let texture = row.shownTexture {
                blue = Self.isBlue(Self.leftOfMiddle(of: texture))
              }
            }
            return blue
          }, timeout: .seconds(20)), "the row does not show the new photo")
      XCTAssertTrue(
        MainContext.run(
          until: {
            page.avatar.avatar.texture.map { Self.isBlue(Self.leftOfMiddle(of: $0)) } ?? false
          },
          timeout: .seconds(20)), "the page does not show the new photo")
      XCTAssertEqual(
        PhotoImage.mainThreadCalls, onMainBefore, "decoded or encoded on the main thread")
      let logged = try String(contentsOfFile: log, encoding: .utf8)
      XCTAssertTrue(logged.contains("replace: jpegPhoto\njpegPhoto:: /9j/"), logged)
    }
  }

  /// The crop dialog on a demo portrait, zoomed and moved: the README's
  /// screenshot.
  func testTheCropDialogOnAPortraitIsSavedAsTheScreenshot() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    let portrait = TestPreferences.packageRoot.appendingPathComponent(
      "data/avatars/avatar-0007.jpg"
    ).path
    try MainActor.assumeIsolated {
      let (window, page, _) = try Self.openPage(of: "alan", as: "alan", log: log)
      defer { window.close() }
      let dialog = try Self.cropDialog(page, portrait)
      dialog.zoomValue = 1.6
      WindowTestSupport.waitUntilStill(toplevel: dialog.window)
      dialog.beginDrag()
      dialog.dragged(dx: 0, dy: -20 * dialog.scale)
      XCTAssertLessThan(dialog.crop.side, Double(dialog.image.width))
      WindowTestSupport.waitUntilStill(toplevel: dialog.window)
      let shot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/screenshots/photo-crop.png").standardizedFileURL.path
      try Screenshot.save(dialog.window, to: shot)
      dialog.close()
      XCTAssertNil(page.editor.photo.dialog)
      XCTAssertEqual(try EditingPeople.values("jpegPhoto", of: "alan", on: try Self.server()), [])
    }
  }

  /// The GtkDropTarget on `widget`, if it has one.
  @MainActor private static func dropTarget(on widget: Widget) -> UnsafeMutableRawPointer? {
    let controllers = gtk_widget_observe_controllers(widget)!
    defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
    for index in 0..<g_list_model_get_n_items(controllers) {
      let controller = g_list_model_get_item(controllers, index)!
      g_object_unref(controller)  // the widget holds it
      if cgtk_is_a(controller, gtk_drop_target_get_type()) != 0 { return controller }
    }
    return nil
  }

  func testAnImageDroppedOnTheAvatarOpensTheCropDialog() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    let image = try targetImage()
    try MainActor.assumeIsolated {
      let (window, page, _) = try Self.openPage(of: "barbara", as: "barbara", log: log)
      defer { window.close() }
      let target = try XCTUnwrap(Self.dropTarget(on: page.avatar.widget), "no drop target")
      XCTAssertNotEqual(cgtk_emit_drop_file(target, image), 0, "the drop was not taken")
      XCTAssertTrue(
        MainContext.run(until: { page.editor.photo.dialog != nil }, timeout: .seconds(20)),
        "no crop dialog")
      let dialog = try XCTUnwrap(page.editor.photo.dialog)
      XCTAssertEqual([dialog.image.width, dialog.image.height], [600, 300])
      dialog.close()
    }
  }

  func testAPhotoChangedSinceTheDialogOpenedIsReplacedOnlyOnTheSecondSave() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    let image = try targetImage()
    try MainActor.assumeIsolated {
      let (window, page, _) = try Self.openPage(of: "frances", as: "frances", log: log)
      defer { window.close() }
      let dialog = try Self.cropDialog(page, image)
      let theirs: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 0xFF, 0xD9]
      try Self.server().server.modify(
        ldif: """
          dn: \(EditingPeople.dn("frances"))
          changetype: modify
          replace: jpegPhoto
          jpegPhoto:: \(Data(theirs).base64EncodedString())
          -

          """)
      cgtk_emit(gobject(dialog.saveButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { !dialog.errorText.isEmpty }, timeout: .seconds(20)),
        "no conflict shown")
      XCTAssertEqual(
        dialog.errorText,
        "Someone changed the photo since you chose yours; Save again to replace it.")
      XCTAssertNotNil(page.editor.photo.dialog, "the dialog stays")
      XCTAssertEqual(
        try EditingPeople.values("jpegPhoto", of: "frances", on: try Self.server()), [theirs])
      XCTAssertFalse(FileManager.default.fileExists(atPath: log), "nothing logged")

      cgtk_emit(gobject(dialog.saveButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { page.editor.photo.dialog == nil }, timeout: .seconds(20)),
        "not saved: \(dialog.errorText)")
      let written = try EditingPeople.values("jpegPhoto", of: "frances", on: try Self.server())
      XCTAssertEqual(written.count, 1)
      XCTAssertNotEqual(written, [theirs])
    }
  }

  func testSomeoneElsesPhotoIsRefusedInTheServersWords() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    let image = try targetImage()
    try MainActor.assumeIsolated {
      let (window, page, _) = try Self.openPage(of: "dennis", as: "ken", log: log)
      defer { window.close() }
      let dialog = try Self.cropDialog(page, image)
      cgtk_emit(gobject(dialog.saveButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { !dialog.errorText.isEmpty }, timeout: .seconds(20)),
        "no refusal shown")
      XCTAssertTrue(
        dialog.errorText.hasPrefix("The server refused the change: Insufficient access (50)"),
        dialog.errorText)
      XCTAssertEqual(
        try EditingPeople.values("jpegPhoto", of: "dennis", on: try Self.server()), [])
      cgtk_emit(gobject(dialog.cancelButton), "clicked")
      XCTAssertNil(page.editor.photo.dialog)
    }
  }

  func testAFileOverTheLimitsIsSaidInAToast() throws {
    let log = folder.folder.appendingPathComponent("changes.ldif").path
    let huge = folder.folder.appendingPathComponent("huge.png").path
    var ihdr: [UInt8] = Array("IHDR".utf8)
    for value in [UInt32(20_000), UInt32(20_000)] {
      ihdr += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
    ihdr += [8, 6, 0, 0, 0]
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ihdr + [0, 0, 0, 0])
      .write(to: URL(fileURLWithPath: huge))
    try MainActor.assumeIsolated {
      let (window, page, _) = try Self.openPage(of: "edsger", as: "edsger", log: log)
      defer { window.close() }
      let decodes = PhotoImage.decodes
      page.editor.photo.open(path: huge)
      XCTAssertTrue(
        MainContext.run(until: { !page.editor.photo.isBusy }, timeout: .seconds(20)))
      XCTAssertEqual(
        window.toasts.last,
        "The photo is 20000×20000 pixels, more than 8192 a side or 40 megapixels")
      XCTAssertNil(page.editor.photo.dialog)
      XCTAssertEqual(PhotoImage.decodes, decodes, "nothing decoded")
    }
  }
}
