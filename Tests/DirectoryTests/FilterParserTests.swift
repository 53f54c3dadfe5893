import Directory
import XCTest

/// The one filter language: SCIM's syntax over Roster's field names, parsed
/// into a typed expression; every mistake names its position.
final class FilterParserTests: XCTestCase {
  func testValidExpressionsParseIntoTheirTypedForm() throws {
    let cases: [(String, PersonFilter)] = [
      (#"department eq "Sales""#, .compare(.department, .eq, "Sales")),
      (#"DisplayName CO "ann""#, .compare(.displayName, .co, "ann")),
      ("email pr", .present(.email)),
      (#"employeeNumber ge 1000"#, .compare(.employeeNumber, .ge, "1000")),
      (
        #"title sw "Eng" or location ew "lin" and role ne "Admin""#,
        .or(
          .compare(.title, .sw, "Eng"),
          .and(.compare(.location, .ew, "lin"), .compare(.role, .ne, "Admin")))
      ),
      (
        #"department eq "Sales" and (title co "Engineer" or location sw "Ber") and not (email pr)"#,
        .and(
          .and(
            .compare(.department, .eq, "Sales"),
            .or(.compare(.title, .co, "Engineer"), .compare(.location, .sw, "Ber"))),
          .not(.present(.email)))
      ),
      (#"username eq "a\"b\\c\u00e9""#, .compare(.username, .eq, "a\"b\\cé")),
      (#"phone lt "+49" AND manager Pr"#, .and(.compare(.phone, .lt, "+49"), .present(.manager))),
      (#"((username gt "m"))"#, .compare(.username, .gt, "m")),
      (#"username le "\ud83d\ude00""#, .compare(.username, .le, "😀")),
    ]
    for (text, expected) in cases {
      let parsed = try PersonFilter(parsing: text)
      XCTAssertEqual(parsed, expected, text)
      // The printed form reads back as the same filter.
      XCTAssertEqual(try PersonFilter(parsing: parsed.description), parsed, parsed.description)
    }
  }

  func testValuesThatWouldJoinTheQuotesOrEscapesReadBack() throws {
    // A mark after a control character's escape (the fuzzer's finding:
    // U+0611 joined the escape's last hex digit into one character), a
    // mark or joiner right after the opening quote, a spacing mark, and an
    // Arabic number sign (a prefix) before the closing quote.
    let values = [
      "lo\u{0}\u{611}x", "\u{301}e", "\u{200D}a", "a\u{0}\u{903}", "x\u{600}", "\u{600}",
      "e\u{301}\n\u{301}", "Zürich", "\u{1F44D}\u{200D}\u{1F525}",
    ]
    for value in values {
      let filter = PersonFilter.compare(.username, .eq, value)
      XCTAssertEqual(
        try PersonFilter(parsing: filter.description), filter, filter.description.debugDescription)
    }
    // Letters and accents typed as such stay readable in the printed form.
    XCTAssertEqual(
      PersonFilter.compare(.location, .eq, "Zürich").description, #"location eq "Zürich""#)
  }

  func testMistakesNameTheirPosition() {
    let cases: [(String, Int, String)] = [
      ("", 0, "empty"),
      ("   ", 0, "empty"),
      (#"age eq "4""#, 0, "unknown field \u{201C}age\u{201D}"),
      (#"title is "x""#, 6, "unknown operator \u{201C}is\u{201D}"),
      ("title eq", 8, "expected a quoted value"),
      ("title eq true", 9, "compare with a quoted value"),
      (#"title eq "x" and"#, 16, "expected a field name"),
      (#"(title eq "x""#, 0, "never closed"),
      (#"title eq "x")"#, 12, "expected \u{201C}and\u{201D}"),
      (#"title eq "x"#, 9, "no closing quote"),
      (#"not title pr"#, 4, "expected \u{201C}(\u{201D} after"),
      (#"title eq "\q""#, 10, "unknown escape"),
      (#"title eq "\u12""#, 10, "4 hex digits"),
      (#"title eq "x" & email pr"#, 13, "unexpected \u{201C}&\u{201D}"),
      (#"título eq "x""#, 0, "unknown field"),
      (#"title eq "é" or émail pr"#, 16, "unknown field \u{201C}émail\u{201D}"),
    ]
    for (text, position, message) in cases {
      XCTAssertThrowsError(try PersonFilter(parsing: text), text) { error in
        guard let error = error as? FilterSyntaxError else { return XCTFail("\(error)") }
        XCTAssertEqual(error.position, position, "\(text): \(error)")
        XCTAssertTrue(error.message.contains(message), "\(text): \(error.message)")
      }
    }
  }

  func testHostileFiltersAreRefusedQuickly() {
    let deep =
      String(repeating: "(", count: 10_000) + "email pr" + String(repeating: ")", count: 10_000)
    XCTAssertThrowsError(try PersonFilter(parsing: deep)) {
      XCTAssertTrue("\($0)".contains("at most"), "\($0)")
    }
    let nested =
      String(repeating: "not (", count: 65) + "email pr" + String(repeating: ")", count: 65)
    XCTAssertThrowsError(try PersonFilter(parsing: nested)) {
      XCTAssertTrue("\($0)".contains("inside one another"), "\($0)")
    }
    let fine =
      String(repeating: "not (", count: 64) + "email pr" + String(repeating: ")", count: 64)
    XCTAssertNoThrow(try PersonFilter(parsing: fine))
    XCTAssertEqual(
      try PersonFilter(parsing: #"title eq "a" and email pr"#).fields, [.title, .email])
  }
}
