import Directory
import DirectoryFileFormats
import Foundation
import XCTest

/// A spreadsheet's CSV read as a directory: RFC 4180 quoting, the
/// separator of the locale that wrote it, header names in many spellings,
/// the export's formula guard taken off, and records left out or files
/// refused with a reason.
final class CSVPeopleFileTests: XCTestCase {
  private func people(_ text: String) async throws -> [User] {
    try await PeopleFileLoading.load(text, as: .csv).viewModels.users
  }

  func testAGermanSpreadsheetsSemicolonsAndHeaderSpellingsReadEveryField() async throws {
    let text =
      "\u{FEFF}Login;Full Name;E-Mail;Job_Title;Dept;Office;Town;Telephone Number;Reports To;"
      + "Employee-ID;ROLE;Enabled;ID;Photo;Notes\r\n"
      + "ada;Ada Lovelace;ada@example.org;Engineer;R&D;Berlin Mitte;Berlin;+49 30 1;grace;E-1;"
      + "admin;false;u1;https://example.org/ada.jpg;ignored\r\n"
      + "grace;\"Hopper; Grace\";;;;;;;;;;;;;\r\n"
    let users = try await people(text)
    XCTAssertEqual(users.count, 2)
    let ada = users[0]
    XCTAssertEqual(ada.username, "ada")
    XCTAssertEqual(ada.id, "u1")
    XCTAssertEqual(ada.avatar, "https://example.org/ada.jpg")
    XCTAssertEqual(ada.role, .admin)
    XCTAssertFalse(ada.isActive)
    XCTAssertEqual(
      ada.details,
      PersonDetails(
        displayName: "Ada Lovelace", email: "ada@example.org", title: "Engineer",
        department: "R&D", location: "Berlin Mitte", phone: "+49 30 1", manager: "grace",
        employeeNumber: "E-1", city: "Berlin"))
    XCTAssertEqual(users[1].details.displayName, "Hopper; Grace", "a quoted separator is text")
    XCTAssertEqual(users[1].role, .unknown, "no role reads as users.json's missing role")
    XCTAssertTrue(users[1].isActive)
    XCTAssertNil(users[1].id)
  }

  func testQuotedFieldsHoldLineBreaksAndDoubledQuotesWithLFOrCRLFLines() async throws {
    let text =
      "username,displayName,title\n"
      + "ada,\"Ada \"\"The Countess\"\" Lovelace\",\"line one\nline two\"\n"
      + "grace,\"crlf\r\ninside\",\r\n"
      + "\n"
      + "linus,plain,last"
    let users = try await people(text)
    XCTAssertEqual(users.map(\.username), ["ada", "grace", "linus"])
    XCTAssertEqual(users[0].details.displayName, "Ada \"The Countess\" Lovelace")
    XCTAssertEqual(users[0].details.title, "line one\nline two")
    XCTAssertEqual(users[1].details.displayName, "crlf\r\ninside")
    XCTAssertNil(users[1].details.title)
    XCTAssertEqual(users[2].details.title, "last", "the last line needs no line end")
  }

  func testTabsAndExcelsSepLineChooseTheSeparator() async throws {
    let tabs = try await people("username\tdisplayName\nada\tAda, Countess\n")
    XCTAssertEqual(tabs.map(\.details.displayName), ["Ada, Countess"])
    // More commas than semicolons in the header, but the first line says.
    let declared = try await people("sep=;\r\nusername;displayName,x,y\r\nada,1;Ada\r\n")
    XCTAssertEqual(declared.map(\.username), ["ada,1"])
  }

  func testTheExportsFormulaGuardIsTakenOffAndOtherApostrophesStay() async throws {
    let text =
      "username,displayName\n"
      + "a,\"'=1+2\"\n"
      + "b,'=unquoted\n"
      + "c,\"x;'=HYPERLINK(\"\"http://evil\"\")\"\n"
      + "d,\"'\t'=tab first\"\n"
      + "e,\"it's; 'quoted'\"\n"
      + "f,\"'-2\t'@x\"\n"
    let names = try await people(text).map { $0.details.displayName ?? "" }
    XCTAssertEqual(
      names,
      [
        "=1+2", "'=unquoted", "x;=HYPERLINK(\"http://evil\")", "\t=tab first", "it's; 'quoted'",
        "-2\t@x",
      ])
  }

  func testARecordWithoutAUsernameAndALaterDuplicateAreSkippedAndCounted() async throws {
    let text =
      "username,email,displayName\nada,,First\n,,Nobody\nada,,Second\n,grace@example.org,\n"
    let contents = try await PeopleFileLoading.load(text, as: .csv)
    let users = contents.viewModels.users
    XCTAssertEqual(users.map(\.username), ["ada", "grace"], "an email stands in for a username")
    XCTAssertEqual(users[0].details.displayName, "First", "the first of a username is kept")
    XCTAssertEqual(contents.skippedEntries, 2)
    XCTAssertEqual(
      contents.warnings,
      ["line 3: no username", "line 4: the username is line 2's too; the first is kept"])
  }

  func testAFileWithoutAUsernameOrEmailColumnNamesTheColumnsItHas() async throws {
    let error = await PeopleFileLoading.error(
      Array("Name;Abteilung;Telefon\nAda;R&D;1\n".utf8), as: .csv)
    XCTAssertEqual(error, .noUsernameColumn(columns: ["Name", "Abteilung", "Telefon"]))
    XCTAssertEqual(
      error?.errorDescription,
      "The CSV file has no username or email column; its columns are: Name, Abteilung, Telefon")
    let empty = await PeopleFileLoading.error([], as: .csv)
    XCTAssertEqual(empty, .noHeader)
  }

  func testAnUnterminatedQuoteIsAnErrorNamingTheLineItOpenedOn() async throws {
    let text = "username,displayName\nada,Ada\ngrace,\"Grace\nHopper\nlinus,Linus\n"
    let error = await PeopleFileLoading.error(Array(text.utf8), as: .csv)
    XCTAssertEqual(error, .unterminatedQuote(line: 3))
    XCTAssertEqual(
      error?.errorDescription, "The CSV file has a quote opened on line 3 that is never closed")
  }

  func testAFieldOverTheLimitIsCutOnACharacterBoundaryAndSaidSo() async throws {
    let long = String(repeating: "é", count: 2_000)
    let contents = try await PeopleFileLoading.load(
      "username,displayName,avatar\nada,\(long),https://example.org/\(long)\n", as: .csv)
    let ada = try XCTUnwrap(contents.viewModels.users.first)
    let name = try XCTUnwrap(ada.details.displayName)
    XCTAssertEqual(name, String(repeating: "é", count: FieldLimit.maxBytes / 2))
    XCTAssertEqual(ada.avatar, "", "a cut avatar would name another picture")
    XCTAssertEqual(contents.warnings, ["line 2: a field longer than 1024 bytes was cut"])
  }

  func testBytesThatAreNotUTF8ReadAsReplacementsStillWithinTheLimit() async throws {
    let bytes = Array("username,displayName\nada,".utf8) + [UInt8](repeating: 0xFF, count: 1_000)
    let contents = try await PeopleFileLoading.load(bytes, as: .csv)
    let name = try XCTUnwrap(contents.viewModels.users.first?.details.displayName)
    XCTAssertEqual(name, String(repeating: "\u{FFFD}", count: FieldLimit.maxBytes / 3))
    XCTAssertEqual(contents.warnings, ["line 2: a field longer than 1024 bytes was cut"])
  }

  func testTenMegabytesOfQuotesSeparatorsOrOneLineReadInLinearTime() async throws {
    let size = 10 << 20
    let header = Array("username\n".utf8)
    let clock = ContinuousClock()
    let start = clock.now
    // An even run of quotes: one quoted field of quotes.
    let quotes = try await PeopleFileLoading.load(
      header + [UInt8](repeating: 0x22, count: size), as: .csv)
    XCTAssertEqual(quotes.viewModels.users.first?.username.utf8.count, FieldLimit.maxBytes)
    // An odd run never closes.
    let unclosed = await PeopleFileLoading.error(
      header + [UInt8](repeating: 0x22, count: size + 1), as: .csv)
    XCTAssertEqual(unclosed, .unterminatedQuote(line: 2))
    let separators = try await PeopleFileLoading.load(
      header + [UInt8](repeating: 0x2C, count: size), as: .csv)
    XCTAssertEqual(separators.skippedEntries, 1, "a username of nothing")
    let line = try await PeopleFileLoading.load(
      header + [UInt8](repeating: 0x61, count: size), as: .csv)
    XCTAssertEqual(line.viewModels.users.first?.username.utf8.count, FieldLimit.maxBytes)
    let lines = try await PeopleFileLoading.load(
      header + [UInt8](repeating: 0x0A, count: size), as: .csv)
    XCTAssertEqual(lines.viewModels.userCount, 0)
    // Quadratic work on any of these would take hours; linear, well under a second each.
    XCTAssertLessThan(start.duration(to: clock.now), .seconds(30))
  }
}
