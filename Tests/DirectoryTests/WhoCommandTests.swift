import Foundation
import TestSupport
import XCTest

/// `roster who` and `roster list --search` on a users.json: the built
/// binary run as a script runs it, finding people as the window's search
/// does (folded names, a typo, numbers in any format).
final class WhoCommandTests: XCTestCase {
  private static let people = """
    {"people": [
     {"username": "boss", "displayName": "Dalia Boss", "phone": "+49 30 1000100"},
     {"username": "jmuller", "displayName": "Jan Müller", "phone": "+49 30 1000123", "manager": "boss", "title": "Engineer"},
     {"username": "emueller", "displayName": "Eva Mueller", "phone": "(030) 2000200", "manager": "boss"},
     {"username": "akowalski", "displayName": "Anna Kowalski", "phone": "0049 89 3000300"},
     {"username": "pkowalsky", "displayName": "Piotr Kowalsky", "phone": "+48 22 123 45 67"},
     {"username": "zoe", "displayName": "Zoë Straße", "phone": "ask the front desk"}
    ],
    "groups": [{"id": "eng", "name": "Engineering", "members": ["jmuller"]}]}
    """

  private func users() throws -> (TemporaryDirectory, String) {
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("users.json")
    try Self.people.write(to: file, atomically: true, encoding: .utf8)
    return (folder, file.path)
  }

  func testANumberInAnyFormatFindsTheOnePersonPrintedAsRosterPersonPrintsThem() throws {
    let (folder, file) = try users()
    _ = folder
    let person = try RosterProcess.run(["person", "--source", file, "jmuller"])
    XCTAssertEqual(person.status, 0, person.errors)
    XCTAssertTrue(person.output.contains("jmuller"), person.output)
    XCTAssertTrue(person.output.contains("Engineering"), person.output)
    for query in [["+49", "30", "1000123"], ["030", "1000123"], ["0049301000123"], ["1000123"]] {
      let who = try RosterProcess.run(
        ["who", "--source", file, "--default-region", "DE"] + query)
      XCTAssertEqual(who.status, 0, "\(query): \(who.errors)")
      XCTAssertEqual(who.output, person.output, "\(query)")
    }
    // Without --default-region, the locale's region reads "030 …".
    let byLocale = try RosterProcess.run(
      ["who", "--source", file, "030", "1000123"],
      environment: ["LC_ALL": "", "LC_TELEPHONE": "", "LANG": "de_DE.UTF-8"])
    XCTAssertEqual(byLocale.output, person.output, byLocale.errors)
    // A national number stored with the trunk prefix, found by its international form.
    let stored = try RosterProcess.run(
      ["who", "--source", file, "--default-region", "DE", "--columns", "username", "+4930 2000200"])
    XCTAssertEqual(stored.output.split(separator: "\n").first, "username")
    XCTAssertEqual(stored.output.split(separator: "\n").dropFirst().first, "emueller")
  }

  func testANameFindsSeveralExactFirstThenWithATypo() throws {
    let (folder, file) = try users()
    _ = folder
    let who = try RosterProcess.run(
      ["who", "--source", file, "--columns", "username,displayName", "Kowalsky"])
    XCTAssertEqual(who.status, 0, who.errors)
    XCTAssertEqual(
      who.output, "username\tdisplayName\npkowalsky\tPiotr Kowalsky\nakowalski\tAnna Kowalski\n")
  }

  func testNoMatchSaysSoAndFails() throws {
    let (folder, file) = try users()
    _ = folder
    let who = try RosterProcess.run(["who", "--source", file, "nobody"])
    XCTAssertEqual(who.status, 1)
    XCTAssertEqual(who.output, "")
    XCTAssertEqual(who.errors, "roster who: no one matches “nobody”\n")
    let empty = try RosterProcess.run(["who", "--source", file])
    XCTAssertNotEqual(empty.status, 0)
    let region = try RosterProcess.run(["who", "--source", file, "--default-region", "XX", "1"])
    XCTAssertNotEqual(region.status, 0)
    XCTAssertTrue(region.errors.contains("--default-region takes one of"), region.errors)
  }

  func testListSearchesAsTheWindowDoesInTheListsOrder() throws {
    let (folder, file) = try users()
    _ = folder
    let muller = try RosterProcess.run(
      ["list", "--source", file, "--columns", "username", "--search", "muller"])
    XCTAssertEqual(muller.output, "username\njmuller\nemueller\n", muller.errors)
    // Exact matches in the order asked for, then those with a typo in it.
    let sorted = try RosterProcess.run(
      [
        "list", "--source", file, "--columns", "username", "--search", "kowalski",
        "--sort", "username:desc",
      ])
    XCTAssertEqual(sorted.output, "username\nakowalski\npkowalsky\n", sorted.errors)
    let folded = try RosterProcess.run(
      ["list", "--source", file, "--columns", "username", "--search", "ZOE STRASSE"])
    XCTAssertEqual(folded.output, "username\nzoe\n", folded.errors)
    let filtered = try RosterProcess.run(
      [
        "list", "--source", file, "--columns", "username", "--search", "muller",
        "--filter", #"title eq "Engineer""#,
      ])
    XCTAssertEqual(filtered.output, "username\njmuller\n", filtered.errors)
    let long = try RosterProcess.run(
      [
        "list", "--source", file, "--columns", "username", "--search",
        String(repeating: "x", count: 10_000),
      ])
    XCTAssertEqual(long.status, 0, long.errors)
    XCTAssertEqual(long.output, "username\n")
  }
}
