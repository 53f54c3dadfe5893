import Directory
import XCTest

/// Names in twenty scripts and writings found as people type them: what
/// folds together (case, accents, width, ligatures, compatibility forms)
/// and what does not (letters Unicode gives no decomposition).
final class SearchFoldingTests: XCTestCase {
  /// A stored display name, queries that must find it exactly (folded),
  /// and queries that must not (a query of five letters or more may still
  /// find it with a typo: that is not folding).
  private struct Case {
    let script: String
    let name: String
    let finds: [String]
    let missedBy: [String]
  }

  private static let cases: [Case] = [
    Case(
      script: "Latin with accents", name: "José Émile Ñúñez", finds: ["jose", "EMILE", "nunez"],
      missedBy: ["josa"]),
    Case(
      script: "German ß", name: "Jürgen Straße",
      finds: ["strasse", "ss", "STRASSE", "straße", "jurgen"], missedBy: ["strase"]),
    Case(
      script: "capital ẞ", name: "GROẞMANN", finds: ["grossmann", "großmann"],
      missedBy: ["grosmann"]),
    // İ case-folds to "i" and a combining dot, which goes as accents go.
    Case(
      script: "Turkish dotted İ", name: "İlkay Yıldız", finds: ["ilkay", "İLKAY"], missedBy: []),
    // The dotless ı has no decomposition and case-folds to itself: "isik"
    // and "IŞIK" (whose I folds to i) do not find "Işık".
    Case(
      script: "Turkish dotless ı", name: "Işık", finds: ["işık", "Işık", "ık"],
      missedBy: ["isik", "IŞIK"]),
    Case(
      script: "Greek final sigma", name: "Οδυσσέας Παπαδόπουλος",
      finds: ["οδυσσεας", "ΠΑΠΑΔΟΠΟΥΛΟΣ", "παπαδοπουλος", "παπαδοπουλοσ"],
      missedBy: ["παπαδοπουλοι"]),
    Case(
      script: "Cyrillic", name: "Ёлкина Анна", finds: ["елкина", "АННА", "ёлкина"],
      missedBy: ["ёлкин0"]),
    Case(script: "Arabic with harakat", name: "مُحَمَّد", finds: ["محمد"], missedBy: ["محمود"]),
    Case(script: "Hebrew with niqqud", name: "שָׁלוֹם", finds: ["שלום"], missedBy: ["שלוס"]),
    Case(script: "Devanagari", name: "देवनागरी नाम", finds: ["देवनागरी", "नाम"], missedBy: ["नमस्ते"]),
    Case(script: "Han", name: "王小明", finds: ["小明", "王"], missedBy: ["李"]),
    // Hangul syllables decompose to their jamo: a whole syllable finds itself.
    Case(script: "Hangul", name: "김민준", finds: ["민준", "김"], missedBy: ["박"]),
    Case(script: "Hiragana", name: "やまだ たろう", finds: ["たろう"], missedBy: ["じろう"]),
    // Half-width katakana are their full-width forms; the voiced mark folds away like an accent.
    Case(
      script: "half-width katakana", name: "ﾀﾛｳ ﾔﾏﾀﾞ", finds: ["タロウ", "ヤマタ", "ヤマダ", "ﾀﾛｳ"],
      missedBy: ["ジロウ"]),
    Case(
      script: "fullwidth Latin", name: "Ｔａｒｏ Ｙａｍａｄａ", finds: ["taro", "YAMADA", "ｙａｍａｄａ"],
      missedBy: ["jiro"]),
    Case(
      script: "ligatures", name: "ﬁnn ﬂoß Ĳssel", finds: ["finn", "floss", "ijssel"],
      missedBy: ["fynn"]),
    // æ and œ have no compatibility decomposition: they stay letters of their own.
    Case(
      script: "æ without decomposition", name: "Ærø Bœuf", finds: ["ærø", "ÆRØ", "bœuf"],
      missedBy: ["aero", "boeuf"]),
    Case(
      script: "Vietnamese stacked diacritics", name: "Nguyễn Thị Hồng",
      finds: ["nguyen", "thi", "hong", "NGUYỄN"], missedBy: ["nguyxz"]),
    // ł has no decomposition: it is not an l with a mark.
    Case(
      script: "Polish ł", name: "Łukasz Wałęsa", finds: ["łukasz", "ŁUKASZ", "wałesa", "wałęsa"],
      missedBy: ["lukasz", "walesa"]),
    Case(
      script: "combining marks typed apart", name: "Rene\u{301}e", finds: ["renee", "renée"],
      missedBy: ["renne"]),
    Case(script: "Armenian", name: "Արամ", finds: ["արամ", "ԱՐԱՄ"], missedBy: ["արմ"]),
    Case(script: "Georgian", name: "გიორგი", finds: ["გიორგი"], missedBy: ["გია"]),
    Case(script: "Thai", name: "สมชาย", finds: ["สมชาย"], missedBy: ["สมหญิง"]),
  ]

  func testNamesInTwentyScriptsAreFoundAsTyped() {
    let people = Self.cases.enumerated().map { k, one in
      UserViewModel(user: User(username: "u\(k)", details: PersonDetails(displayName: one.name)))
    }
    let index = SearchIndex(people)
    XCTAssertGreaterThanOrEqual(Set(Self.cases.map(\.script)).count, 20)
    for (k, one) in Self.cases.enumerated() {
      for query in one.finds {
        XCTAssertTrue(
          index.rankedMatches(query)?.exact.contains(k) ?? false,
          "\(one.script): “\(query)” should find “\(one.name)”")
      }
      for query in one.missedBy {
        XCTAssertFalse(
          index.rankedMatches(query)?.exact.contains(k) ?? true,
          "\(one.script): “\(query)” should not find “\(one.name)”")
      }
    }
  }

  func testAQueryFoldsWhereverItsWordsAreCut() {
    // Fullwidth and ligatures in the query, plain in the name.
    let index = SearchIndex([
      UserViewModel(
        user: User(username: "office", details: PersonDetails(displayName: "Fiona Strasse")))
    ])
    XCTAssertEqual(index.matches("oﬃce"), [0])
    XCTAssertEqual(index.matches("ＦＩＯＮＡ"), [0])
    XCTAssertEqual(index.matches("straße"), [0])
    XCTAssertEqual(index.matches("ﬁona straẞe"), [0])
    XCTAssertEqual(index.matches("fjona"), [0], "one typo in a five-letter word")
    XCTAssertEqual(index.rankedMatches("fjona")?.exact, [])
  }

  func testAVeryLongQueryIsCutNotScannedWhole() {
    let index = SearchIndex([UserViewModel(user: User(username: "anna"))])
    let long = String(repeating: "anna ", count: 2_000) + "zzzz"
    let clock = ContinuousClock()
    var found: [Int]?
    let took = clock.measure { found = index.matches(long) }
    // The "zzzz" past the first kilobyte is not read: every word read matches.
    XCTAssertEqual(found, [0])
    XCTAssertLessThan(took, .seconds(2))
    let garbage = String(repeating: "\u{FFFF}é\u{0301}\u{0000}", count: 3_000)
    XCTAssertEqual(index.matches(garbage), [])
  }
}
