import Directory
import DirectoryFileFormats
import Foundation
import XCTest

/// A contacts app's vCards read as a directory: 3.0 and 4.0, folded lines,
/// escapes, grouped properties and parameters, where the username comes
/// from, photos, and cards left out or files refused with a reason.
final class VCardPeopleFileTests: XCTestCase {
  private func people(_ text: String) async throws -> [User] {
    try await PeopleFileLoading.load(text, as: .vCard).viewModels.users
  }

  func testAContactsAppsVCard3ReadsNameMailPhoneTitleDepartmentAndOffice() async throws {
    let text = """
      BEGIN:VCARD\r
      VERSION:3.0\r
      PRODID:-//Apple Inc.//iPhone OS 17.0//EN\r
      N:Lovelace;Ada;Augusta;Countess;\r
      item1.EMAIL;type=INTERNET;type=HOME:ada@home.example\r
      item2.EMAIL;type=INTERNET;type=WORK;type=pref:ada@example.org\r
      item2.X-ABLabel:_$!<Work>!$_\r
      TEL;TYPE="cell,voice":+44 20 7946 0000\r
      TITLE:Analyst\\, first\r
      ORG:Analytical Engines\\; Ltd;Difference Department\r
      ADR;TYPE=HOME:;;1 Home St;Marylebone;;;UK\r
      ADR;TYPE=WORK:;;10 Work St;London;;;UK\r
      NOTE:A long note that is folded over\r
       two lines\r
      PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQ==\r
      END:VCARD\r

      """
    let contents = try await PeopleFileLoading.load(text, as: .vCard)
    let ada = try XCTUnwrap(contents.viewModels.users.first)
    XCTAssertEqual(ada.username, "ada", "the preferred email's local part")
    XCTAssertNil(ada.id)
    XCTAssertEqual(ada.role, .unknown)
    XCTAssertEqual(ada.avatar, "")
    XCTAssertEqual(
      ada.details,
      PersonDetails(
        displayName: "Ada Lovelace", email: "ada@example.org", title: "Analyst, first",
        department: "Analytical Engines; Ltd", location: "London", phone: "+44 20 7946 0000"))
    XCTAssertEqual(
      contents.warnings,
      ["1 photos inline in the file left out (only http(s) photo URLs are shown)"])
  }

  func testAVCard4WithLFLinesFoldingEscapesAndAPhotoURL() async throws {
    let text =
      "BEGIN:VCARD\nVERSION:4.0\nUID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1\n"
      + "FN:Grace \\\"Amazing\\\" Hop\n\tper\\nof the Navy\\\\Yale\n"
      + "TEL;VALUE=uri;TYPE=work:tel:+1-555-555-5555\n"
      + "PHOTO;MEDIATYPE=image/jpeg:https://example.org/grace.jpg\n"
      + "X-ROSTER-USERNAME:grace\nX-ROSTER-ROLE:Owner\nX-ROSTER-ACTIVE:false\n"
      + "X-ROSTER-CITY:Arlington\nX-ROSTER-MANAGER:u0\nX-ROSTER-EMPLOYEE-NUMBER:E-7\n"
      + "END:VCARD\n"
    let found = try await people(text)
    let grace = try XCTUnwrap(found.first)
    XCTAssertEqual(grace.username, "grace")
    XCTAssertEqual(grace.id, "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
    XCTAssertEqual(
      grace.details.displayName, "Grace \\\"Amazing\\\" Hopper\nof the Navy\\Yale",
      "an escape vCard does not define keeps its backslash")
    XCTAssertEqual(grace.details.phone, "+1-555-555-5555")
    XCTAssertEqual(grace.avatar, "https://example.org/grace.jpg")
    XCTAssertEqual(grace.role, .owner)
    XCTAssertFalse(grace.isActive)
    XCTAssertEqual(grace.details.city, "Arlington")
    XCTAssertEqual(grace.details.manager, "u0")
    XCTAssertEqual(grace.details.employeeNumber, "E-7")
  }

  func testTheUsernameComesFromRostersPropertyElseTheEmailElseTheUID() async throws {
    let text = """
      BEGIN:VCARD
      FN:One
      EMAIL:one@example.org
      X-ROSTER-USERNAME:first
      UID:first
      END:VCARD
      BEGIN:VCARD
      FN:Two
      EMAIL:two@example.org
      UID:2
      END:VCARD
      BEGIN:VCARD
      FN:Three
      UID:three-uid
      END:VCARD
      BEGIN:VCARD
      FN:first
      X-ROSTER-USERNAME:fourth
      END:VCARD

      """
    let users = try await people(text)
    XCTAssertEqual(users.map(\.username), ["first", "two", "three-uid", "fourth"])
    XCTAssertEqual(users.map(\.id), [nil, "2", nil, nil], "a UID that is the username is no id")
    XCTAssertEqual(users.map(\.details.displayName), ["One", "Two", "Three", "first"])
  }

  func testACardWithoutAUsernameAndALaterDuplicateAreSkippedAndCounted() async throws {
    let text = """
      BEGIN:VCARD
      FN:Nobody
      END:VCARD
      BEGIN:VCARD
      FN:Ada
      EMAIL:ada@example.org
      END:VCARD
      BEGIN:VCARD
      FN:Ada Again
      EMAIL:ada@example.com
      END:VCARD

      """
    let contents = try await PeopleFileLoading.load(text, as: .vCard)
    XCTAssertEqual(contents.viewModels.users.map(\.details.displayName), ["Ada"])
    XCTAssertEqual(contents.skippedEntries, 2)
    XCTAssertEqual(
      contents.warnings,
      [
        "card 1 (line 1): no username",
        "card 3 (line 8): the username is card 2 (line 4)'s too; the first is kept",
      ])
  }

  func testAFileWithoutCardsOrWithACardNeverEndedIsAnError() async throws {
    let none = await PeopleFileLoading.error(Array("username,email\nada,a@b\n".utf8), as: .vCard)
    XCTAssertEqual(none, .noCards)
    let open = await PeopleFileLoading.error(
      Array("BEGIN:VCARD\nFN:A\nEND:VCARD\n\nBEGIN:VCARD\nFN:B\n".utf8), as: .vCard)
    XCTAssertEqual(open, .unterminatedCard(line: 5))
    XCTAssertEqual(open?.errorDescription, "The vCard begun on line 5 has no END:VCARD")
  }

  func testTenMegabytesInOneValueOrInFoldsOrEscapesReadInLinearTime() async throws {
    let size = 10 << 20
    let begin = Array("BEGIN:VCARD\r\nX-ROSTER-USERNAME:u\r\nFN:".utf8)
    let end = Array("\r\nEND:VCARD\r\n".utf8)
    let clock = ContinuousClock()
    let start = clock.now
    let long = try await PeopleFileLoading.load(
      begin + [UInt8](repeating: 0x61, count: size) + end, as: .vCard)
    XCTAssertEqual(
      long.viewModels.users.first?.details.displayName?.utf8.count, FieldLimit.maxBytes)
    let folds = try await PeopleFileLoading.load(
      begin + Array(repeating: Array("x\r\n ".utf8), count: size / 4).flatMap { $0 } + end,
      as: .vCard)
    XCTAssertEqual(
      folds.viewModels.users.first?.details.displayName?.utf8.count, FieldLimit.maxBytes)
    let escapes = try await PeopleFileLoading.load(
      begin + [UInt8](repeating: 0x5C, count: size) + end, as: .vCard)
    XCTAssertEqual(
      escapes.viewModels.users.first?.details.displayName,
      String(repeating: "\\", count: FieldLimit.maxBytes))
    let parameters = try await PeopleFileLoading.load(
      Array("BEGIN:VCARD\r\nX-ROSTER-USERNAME:u\r\nEMAIL".utf8)
        + [UInt8](repeating: 0x3B, count: size) + Array(":u@example.org".utf8) + end, as: .vCard)
    XCTAssertEqual(parameters.viewModels.users.first?.details.email, "u@example.org")
    XCTAssertLessThan(start.duration(to: clock.now), .seconds(30))
  }
}
