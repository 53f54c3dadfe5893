import Directory
import DirectoryFileFormats
import Foundation
import TestSupport
import XCTest

@testable import RosterKit

/// The CSV or vCard file kind: chosen by a path's extension, checked in the
/// Connect dialog, and opened in the format its extension names, from
/// `--source`, a remembered directory and the dialog alike.
final class PeopleFileKindTests: XCTestCase {
  func testAPathsExtensionChoosesTheKindThatReadsIt() {
    for path in ["people.csv", "/srv/export/People.TSV", "file:///tmp/contacts.vcf", "a.b.vcard"] {
      XCTAssertEqual(DirectoryKinds.kind(forSource: path), .peopleFile, path)
    }
    for path in ["users.json", "/srv/roster/", "csv", "/srv/csv/users"] {
      XCTAssertEqual(DirectoryKinds.kind(forSource: path), .jsonFile, path)
    }
    XCTAssertEqual(DirectoryKinds.kind(forSource: "https://example.org/people.csv"), .jsonURL)
    XCTAssertEqual(DirectoryKinds.kind(id: "peopleFile"), .peopleFile)
    XCTAssertTrue(DirectoryKinds.all.contains(.peopleFile))
  }

  func testTheExtensionNamesTheFormatASourceIsReadIn() throws {
    let cases: [(String, PeopleFileFormat)] = [
      ("/srv/people.csv", .csv), ("/srv/people.TSV", .csv), ("/srv/people.vcf", .vCard),
      ("file:///srv/people.vcard", .vCard), ("/srv/users.json", .usersJSON),
    ]
    for (path, format) in cases {
      let source = try DirectoryKinds.source(argument: path)
      guard case .file(let url, let read) = source else { return XCTFail("\(path): \(source)") }
      XCTAssertEqual(read, format, path)
      XCTAssertEqual(url.lastPathComponent, (path as NSString).lastPathComponent)
    }
    XCTAssertEqual(
      try DirectoryKinds.source(argument: "https://example.org/people.csv"),
      .remote(URL(string: "https://example.org/people.csv")!),
      "a URL is a users.json, as before")
    XCTAssertThrowsError(try DirectoryKinds.source(argument: "ldap://127.0.0.1/dc=example"))
    let resolved = MainActor.assumeIsolated { RosterApplication.resolveSource("/tmp/x.vcf") }
    guard case .success(.file(_, .vCard)) = resolved else {
      return XCTFail("--source does not read a .vcf as vCard")
    }
  }

  func testTheConnectDialogAsksForAReadableCSVOrVCardFile() throws {
    let folder = TestSupport.TemporaryDirectory()
    let csv = folder.write("people.csv", text: "username\nada\n").path
    let json = folder.write("users.json", text: "[]").path
    var directory = RememberedDirectory(kind: .peopleFile, location: "")
    XCTAssertEqual(directory.problems(secret: ""), [.location: "Choose a CSV or vCard file"])
    directory.location = folder.url.appendingPathComponent("missing.csv").path
    XCTAssertEqual(directory.problems(secret: ""), [.location: "No readable file at this path"])
    directory.location = json
    XCTAssertEqual(
      directory.problems(secret: ""), [.location: "Not a .csv, .tsv, .vcf or .vcard file"])
    directory.location = csv
    XCTAssertEqual(directory.problems(secret: ""), [:])
    let opened = try OpenedDirectory(directory, secret: nil)
    guard case .source(.file(_, .csv)) = opened else { return XCTFail("\(opened)") }
    XCTAssertEqual(DirectoryKind.peopleFile.fields.map(\.label), ["File"])
    XCTAssertTrue(DirectoryKind.peopleFile.isFile)
  }
}
