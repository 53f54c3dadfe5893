import Directory
import Foundation
import Glibc
import TestSupport
import XCTest

/// An export that replaces a file keeps that file's permissions: a private
/// (0600) export written over stays private, a shared one (0644) stays
/// shared; a new file takes the user's umask, as any program's does.
final class ExportFileModeTests: XCTestCase {
  private func mode(of path: String) throws -> mode_t {
    var info = stat()
    guard stat(path, &info) == 0 else { throw POSIXError(.ENOENT) }
    return info.st_mode & 0o7777
  }

  private func export(to path: String) async throws {
    let table = UserTable([User(username: "ada"), User(username: "grace")])
    _ = try await PersonExporter.export(
      table, as: PersonExport(format: .csv, columns: [.username]),
      to: URL(fileURLWithPath: path))
  }

  func testExportingOverAPrivateFileLeavesItPrivate() async throws {
    let folder = TemporaryDirectory()
    let file = folder.write("people.csv", Array("old\n".utf8))
    XCTAssertEqual(chmod(file, 0o600), 0)
    try await export(to: file)
    XCTAssertEqual(try mode(of: file), 0o600)
    XCTAssertEqual(
      try String(contentsOfFile: file, encoding: .utf8), "username\r\nada\r\ngrace\r\n")
  }

  func testExportingOverASharedFileLeavesItShared() async throws {
    let folder = TemporaryDirectory()
    let file = folder.write("people.csv", Array("old\n".utf8))
    XCTAssertEqual(chmod(file, 0o640), 0)
    try await export(to: file)
    XCTAssertEqual(try mode(of: file), 0o640)
  }

  func testANewExportTakesTheUsersUmask() async throws {
    let folder = TemporaryDirectory()
    let mask = umask(0o022)
    umask(mask)
    let file = folder.url.appendingPathComponent("people.csv").path
    try await export(to: file)
    XCTAssertEqual(try mode(of: file), 0o666 & ~mask)
  }
}
