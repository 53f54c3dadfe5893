import Directory
import XCTest

/// How directory strings are shown: nothing in a name can hide, reorder or
/// smear what people read, and ordinary names in any script are untouched.
final class DisplayTextTests: XCTestCase {
  func testOrdinaryNamesInAnyScriptAreUnchanged() {
    let names = [
      "maria.garcia", "O'Brien-Smith", "user 42", "José Müller", "Zoë", "søren_ø", "李小龙",
      "محمد الأحمد", "דוד לוי", "שָׁלוֹם", "Nguyễn Văn An", "Nguye\u{302}\u{303}n", "अर्जुन",
      "สมชาย", "Σωκράτης", "Дмитрий", "😀", "e\u{301}lodie", "",
    ]
    for name in names {
      XCTAssertEqual(DisplayText.of(name), name, "changed \(name.debugDescription)")
    }
  }

  func testARightToLeftOverrideNoLongerTurnsEvilIntoLive() {
    XCTAssertEqual(DisplayText.of("\u{202E}evil"), "⟨U+202E⟩evil")
    XCTAssertEqual(DisplayText.of("admin\u{202E}txt.exe"), "admin⟨U+202E⟩txt.exe")
  }

  func testEveryBidiControlIsShownAsAMark() {
    let controls: [UInt32] =
      Array(0x202A...0x202E) + Array(0x2066...0x2069) + [0x200E, 0x200F, 0x061C]
    for value in controls {
      let scalar = Unicode.Scalar(value)!
      let hex = String(value, radix: 16, uppercase: true)
      let expected = "a⟨U+" + String(repeating: "0", count: 4 - hex.count) + hex + "⟩b"
      XCTAssertEqual(DisplayText.of("a\(Character(scalar))b"), expected)
    }
  }

  func testZeroWidthCharactersAreShownAsMarks() {
    assertShown([
      "ad\u{200B}min": "ad⟨U+200B⟩min", "ad\u{200C}min": "ad⟨U+200C⟩min",
      "ad\u{200D}min": "ad⟨U+200D⟩min", "ad\u{2060}min": "ad⟨U+2060⟩min",
      "\u{FEFF}admin": "⟨U+FEFF⟩admin", "soft\u{AD}hyphen": "soft⟨U+00AD⟩hyphen",
    ])
  }

  func testControlCharactersAreShownAsMarks() {
    assertShown([
      "nul\u{0}byte": "nul⟨U+0000⟩byte", "\u{1B}[31mred": "⟨U+001B⟩[31mred",
      "two\nlines\r": "two⟨U+000A⟩lines⟨U+000D⟩", "tab\there": "tab⟨U+0009⟩here",
      "del\u{7F}": "del⟨U+007F⟩", "c1\u{85}\u{9B}": "c1⟨U+0085⟩⟨U+009B⟩",
      "line\u{2028}para\u{2029}": "line⟨U+2028⟩para⟨U+2029⟩",
    ])
    XCTAssertEqual(DisplayText.mark(for: "\u{E0001}"), "⟨U+E0001⟩")
  }

  /// Each key shows as its value.
  private func assertShown(
    _ cases: KeyValuePairs<String, String>, file: StaticString = #filePath, line: UInt = #line
  ) {
    for (raw, shown) in cases {
      XCTAssertEqual(DisplayText.of(raw), shown, raw.debugDescription, file: file, line: line)
    }
  }

  func testACombiningFloodKeepsAFewMarksPerCharacter() {
    let flood = "Z" + String(repeating: "\u{0336}\u{0310}", count: 40) + "algo"
    let shown = DisplayText.of(flood)
    XCTAssertEqual(
      Array(shown.unicodeScalars),
      Array(("Z" + String(repeating: "\u{0336}\u{0310}", count: 2) + "algo").unicodeScalars))
    // Each character gets its own allowance, and so does a mark with no base.
    let each = String(repeating: "a" + String(repeating: "\u{301}", count: 9), count: 3)
    XCTAssertEqual(
      DisplayText.of(each).unicodeScalars.count, 3 * (1 + DisplayText.maxMarksPerBase))
    XCTAssertEqual(
      DisplayText.of(String(repeating: "\u{301}", count: 20)).unicodeScalars.count,
      DisplayText.maxMarksPerBase)
    // Enclosing marks stack too.
    XCTAssertEqual(
      DisplayText.of("x" + String(repeating: "\u{20DD}", count: 10)).unicodeScalars.count,
      1 + DisplayText.maxMarksPerBase)
  }

  func testInitialsKeepNoMoreMarksThanTheName() {
    let model = UserViewModel(
      user: User(username: "z" + String(repeating: "\u{336}", count: 50) + ".algo"))
    XCTAssertEqual(
      Array(model.initials.unicodeScalars),
      Array(
        ("Z" + String(repeating: "\u{336}", count: DisplayText.maxMarksPerBase) + "A")
          .unicodeScalars))
  }

  func testNamesOverTwoHundredFiftySixCharactersAreCutWithAnEllipsis() {
    let fits = String(repeating: "a", count: DisplayText.maxCharacters)
    XCTAssertEqual(DisplayText.of(fits), fits)
    let long = String(repeating: "a", count: DisplayText.maxCharacters + 1)
    XCTAssertEqual(
      DisplayText.of(long), String(repeating: "a", count: DisplayText.maxCharacters - 1) + "…")
    let accented = String(repeating: "é", count: 300)
    XCTAssertEqual(DisplayText.of(accented).count, DisplayText.maxCharacters)
    XCTAssertTrue(DisplayText.of(accented).hasSuffix("é…"))
    // Marks count toward the cut, as shown.
    let controls = String(repeating: "\u{0}", count: 100)
    let shown = DisplayText.of(controls)
    XCTAssertEqual(shown.count, DisplayText.maxCharacters)
    XCTAssertTrue(shown.hasPrefix("⟨U+0000⟩⟨U+0000⟩"))
    XCTAssertTrue(shown.hasSuffix("…"))
  }

  func testAHugeHostileNameIsCutWithoutReadingAllOfIt() {
    for unit in ["\u{202E}", "a\u{301}", "ᄀ"] {
      let shown = DisplayText.of(String(repeating: unit, count: 1 << 20))
      XCTAssertLessThanOrEqual(shown.count, DisplayText.maxCharacters, unit.debugDescription)
      XCTAssertTrue(shown.hasSuffix("…"), unit.debugDescription)
    }
  }

  func testTheViewModelShowsAndSpeaksTheDisplayName() {
    let model = UserViewModel(user: User(username: "\u{202E}evil", role: .admin))
    XCTAssertEqual(model.username, "\u{202E}evil", "search and sorting keep the real name")
    XCTAssertEqual(model.displayName, "⟨U+202E⟩evil")
    XCTAssertEqual(model.accessibleText, "⟨U+202E⟩evil, Admin")
  }
}
