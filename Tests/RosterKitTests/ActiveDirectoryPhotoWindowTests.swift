import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import PreparedImages
import TestSupport
import XCTest

@testable import RosterKit

/// Change Photo on a person's page on Active Directory (the tests' Samba
/// DC): the crop dialog's square is saved to the person's own
/// `thumbnailPhoto` as a 96-pixel JPEG within 100 KB, and the page shows
/// it at once.
final class ActiveDirectoryPhotoWindowTests: XCTestCase {
  /// This class's person, beside the shared DC's people.
  private static let base = "OU=PhotoWindow,\(TestSambaDC.baseDN)"
  private static let dn = "CN=Window Grace,\(base)"
  private static let password = "win.grace-Passw0rd!"

  nonisolated(unsafe) private static var dc: TestSambaDC?

  override class func setUp() {
    super.setUp()
    do {
      let dc = try TestSambaDC.shared()
      // unicodePwd: the quoted password in UTF-16LE, set over LDAPS.
      let password = Data(
        ("\"" + password + "\"").utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
      try dc.modify(
        """
        dn: \(base)
        changetype: add
        objectClass: organizationalUnit
        ou: PhotoWindow

        dn: \(dn)
        changetype: add
        objectClass: user
        sAMAccountName: win.grace
        displayName: Window Grace
        unicodePwd:: \(password.base64EncodedString())
        userAccountControl: 512

        """)
      Self.dc = dc
    } catch {
      XCTFail("could not start the DC or add the person: \(error)")
    }
  }

  override func setUpWithError() throws {
    try super.setUpWithError()
    try MainActor.assumeIsolated { try WindowTestSupport.setUp() }
  }

  /// The width and height of the JPEG `bytes`, as gdk-pixbuf reads them.
  private static func size(of bytes: [UInt8]) throws -> [Int] {
    var error: UnsafeMutablePointer<GError>?
    let loader = gdk_pixbuf_loader_new_with_type("jpeg", &error)!
    defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
    _ = bytes.withUnsafeBufferPointer {
      gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error)
    }
    XCTAssertNotEqual(gdk_pixbuf_loader_close(loader, &error), 0)
    let pixbuf = try XCTUnwrap(gdk_pixbuf_loader_get_pixbuf(loader))
    return [Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf))]
  }

  func testAPersonSavesTheirOwnThumbnailPhotoAndThePageShowsIt() throws {
    let dc = try XCTUnwrap(Self.dc)
    let folder = try TemporaryDirectory()
    let portrait = TestPreferences.packageRoot.appendingPathComponent(
      "data/avatars/avatar-0002.jpg"
    ).path
    try MainActor.assumeIsolated {
      var options = LDAPOptions(
        bindDN: Self.dn, password: Secret(Self.password), caFile: dc.certificateAuthority.path)
      options.schema = .activeDirectory
      options.changeLog = LDAPChangeLog(
        path: folder.folder.appendingPathComponent("changes.ldif").path)
      let directory = try LDAPDirectory(
        url: dc.ldapsURL(base: Self.base) + "??one?(&(objectCategory=person)(objectClass=user))",
        options: options)
      let window = try ServerTestCase.openWindow(
        directory: directory,
        pipeline: ImagePipeline(configuration: WindowTestSupport.avatarConfiguration()))
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      XCTAssertEqual(ServerTestCase.firstRows(page, count: 1), ["win.grace"])
      let person = try XCTUnwrap(window.openPersonPage(at: 0))
      let photo = person.editor.photo
      XCTAssertNil(person.avatar.avatar.texture, "no photo yet")
      photo.open(path: portrait)
      XCTAssertTrue(
        MainContext.run(until: { photo.dialog != nil }, timeout: .seconds(20)), "no crop dialog")
      let dialog = try XCTUnwrap(photo.dialog)
      dialog.zoomValue = 1.5
      cgtk_emit(gobject(dialog.saveButton), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { photo.dialog == nil }, timeout: .seconds(20)),
        "not saved: \(dialog.errorText)")
      XCTAssertEqual(window.toasts.last, "Photo saved")
      let saved = try runBlocking { try await directory.photo(of: "win.grace") }
      let jpeg = try XCTUnwrap(saved?.bytes)
      XCTAssertEqual(saved?.values.count, 1)
      XCTAssertLessThanOrEqual(jpeg.count, 102_400)
      XCTAssertEqual(try Self.size(of: jpeg), [96, 96])
      XCTAssertTrue(
        MainContext.run(until: { person.avatar.avatar.texture != nil }, timeout: .seconds(20)),
        "the page does not show the photo")
    }
  }
}
