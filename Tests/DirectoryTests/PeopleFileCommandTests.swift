import Directory
import DirectoryGenerator
import Foundation
import TestSupport
import XCTest

/// `roster list --source` on CSV and vCard files: a generated directory
/// exported by `roster export` lists as the original does, a spreadsheet's
/// file lists its people, and a file that cannot be read fails with its
/// reason. The built binary run as a script runs it.
final class PeopleFileCommandTests: XCTestCase {
  private static let columns = PersonField.allCases.map(\.rawValue).joined(separator: ",")

  func testACSVAndAVCardRosterExportedListAsTheOriginalDoes() throws {
    let folder = TemporaryDirectory()
    let summary = try DirectoryGenerator.write(
      users: 400, avatars: 0, seed: 31, to: folder.url, brokenAvatars: 0)
    try Self.removeDisplayNames(every: 5, in: summary.jsonURL)
    let original = try RosterProcess.run(
      ["list", "--source", summary.jsonURL.path, "--columns", Self.columns])
    XCTAssertEqual(original.status, 0, original.errors)
    XCTAssertEqual(original.output.split(separator: "\n").count, 401)
    for (format, name) in [("csv", "people.csv"), ("vcard", "people.vcf")] {
      let file = folder.url.appendingPathComponent(name).path
      let export = try RosterProcess.run(
        ["export", "--source", summary.jsonURL.path, "--format", format, "--output", file])
      XCTAssertEqual(export.status, 0, export.errors)
      let copy = try RosterProcess.run(["list", "--source", file, "--columns", Self.columns])
      XCTAssertEqual(copy.status, 0, copy.errors)
      XCTAssertEqual(copy.errors, "", format)
      XCTAssertTrue(copy.output == original.output, "\(format): the list differs")
    }
  }

  /// Leaves every `step`th person of the users.json at `url` without a
  /// display name (vCard names them by their username then).
  private static func removeDisplayNames(every step: Int, in url: URL) throws {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    var root = try XCTUnwrap(object as? [String: Any])
    var people = try XCTUnwrap(root["people"] as? [[String: Any]])
    for index in stride(from: 0, to: people.count, by: step) {
      people[index]["displayName"] = nil
    }
    root["people"] = people
    try JSONSerialization.data(withJSONObject: root).write(to: url)
  }

  func testASpreadsheetsSemicolonCSVListsItsPeopleFilteredAndSorted() throws {
    let folder = TemporaryDirectory()
    let file = folder.write(
      "Kollegen.CSV",
      text: "\u{FEFF}Login;Full Name;E-Mail;Office\r\n"
        + "grace;Grace Hopper;grace@example.org;Arlington\r\n"
        + "ada;Ada Lovelace;ada@example.org;London\r\n"
        + "linus;Linus Torvalds;linus@example.org;Portland\r\n")
    let run = try RosterProcess.run([
      "list", "--source", file.path, "--filter", #"location ne "Portland""#, "--sort", "username",
      "--columns", "username,displayName,location",
    ])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(
      run.output,
      "username\tdisplayName\tlocation\nada\tAda Lovelace\tLondon\ngrace\tGrace Hopper\tArlington\n"
    )
  }

  func testAFileThatCannotBeReadFailsWithItsReason() throws {
    let folder = TemporaryDirectory()
    let csv = folder.write("people.csv", text: "username,displayName\nada,\"Ada\n")
    let run = try RosterProcess.run(["list", "--source", csv.path])
    XCTAssertNotEqual(run.status, 0)
    XCTAssertEqual(run.output, "")
    XCTAssertTrue(
      run.errors.contains("The CSV file has a quote opened on line 2 that is never closed"),
      run.errors)
    let vcf = folder.write("people.vcf", text: "username,email\nada,ada@example.org\n")
    let cards = try RosterProcess.run(["list", "--source", vcf.path])
    XCTAssertNotEqual(cards.status, 0)
    XCTAssertTrue(run.errors.hasPrefix("roster list: "), run.errors)
    XCTAssertTrue(cards.errors.contains("The file holds no vCard"), cards.errors)
  }
}
