import DirectoryGenerator
import SharedSupport
import XCTest

@testable import Directory

/// One typo in a word of five letters or more still finds a person, after
/// the people the query finds exactly; shorter words need every letter.
final class SearchTypoTests: XCTestCase {
  private static let names = [
    "Anna Kowalski",  // 0
    "Jan Müller",  // 1
    "Eva Mueller",  // 2
    "Kowalsky Ltd",  // 3
    "Piotr Kowalsky",  // 4
    "Lena Miller",  // 5
    "Nora Stein",  // 6
  ]

  private func index() -> SearchIndex {
    SearchIndex(
      Self.names.enumerated().map { k, name in
        UserViewModel(user: User(username: "person\(k)", details: PersonDetails(displayName: name)))
      })
  }

  func testOneTypoInALongWordFindsThePersonAfterTheExactMatches() {
    let index = index()
    XCTAssertEqual(index.rankedMatches("Kowalsky"), SearchMatches(exact: [3, 4], near: [0]))
    XCTAssertEqual(index.matches("Kowalsky"), [3, 4, 0], "exact matches first")
    XCTAssertEqual(index.rankedMatches("kowalski"), SearchMatches(exact: [0], near: [3, 4]))
  }

  func testMullerFindsMullerExactlyAndMuellerWithATypo() {
    let index = index()
    let found = index.rankedMatches("muller")
    XCTAssertEqual(found?.exact, [1])
    // "mueller" is "muller" with an e inserted; "miller" one letter replaced.
    XCTAssertEqual(found?.near, [2, 5])
    XCTAssertEqual(index.rankedMatches("MÜLLER")?.exact, [1])
  }

  func testEachKindOfTypoCounts() {
    let index = index()
    XCTAssertEqual(index.rankedMatches("kowlaski")?.near, [0], "two letters swapped")
    XCTAssertEqual(index.rankedMatches("kowalki")?.near, [0], "a letter left out")
    XCTAssertEqual(index.rankedMatches("kowwalski")?.near, [0], "a letter doubled")
    XCTAssertEqual(index.rankedMatches("kowalzki")?.near, [0], "a letter replaced")
    XCTAssertEqual(index.matches("kowazzki"), [], "two typos find no one")
    XCTAssertEqual(index.matches("kolawzki"), [], "a swap and a replacement find no one")
  }

  func testAFourLetterWordGetsNoTypoTolerance() {
    let index = index()
    XCTAssertEqual(index.matches("nora"), [6])
    XCTAssertEqual(index.matches("nara"), [], "four letters: no typo allowed")
    XCTAssertEqual(index.matches("stein"), [6])
    XCTAssertEqual(index.rankedMatches("stien")?.near, [6], "five letters: one swap allowed")
    // Digits are not letters: "kow12" has three.
    XCTAssertEqual(index.matches("kow12"), [])
  }

  func testEveryWordMustMatchExactlyOrWithATypo() {
    let index = index()
    XCTAssertEqual(index.rankedMatches("piotr kowalsky"), SearchMatches(exact: [4], near: []))
    XCTAssertEqual(index.rankedMatches("piotr kowalski"), SearchMatches(exact: [], near: [4]))
    XCTAssertEqual(index.rankedMatches("pjotr kowalski"), SearchMatches(exact: [], near: [4]))
    XCTAssertEqual(index.matches("anna kowalsky eva"), [])
  }

  func testATypoCountsInAnEmailOnlyBeforeItsDomain() {
    let index = SearchIndex([
      UserViewModel(
        user: User(username: "a", details: PersonDetails(email: "nora@kowalski-group.example"))),
      UserViewModel(
        user: User(username: "b", details: PersonDetails(email: "kowalski.nora@example.org"))),
    ])
    XCTAssertEqual(index.rankedMatches("kowalski"), SearchMatches(exact: [0, 1], near: []))
    XCTAssertEqual(
      index.rankedMatches("kowalsky"), SearchMatches(exact: [], near: [1]),
      "the domain is everyone's: a typo there finds no one")
  }

  /// The bit-parallel distance against the textbook table (optimal string
  /// alignment, the word anywhere in the text) on random words over a
  /// small alphabet, where near misses are common.
  func testTheBitParallelDistanceAgreesWithTheTable() {
    var generator = SplitMix64(seed: 61)
    let alphabet = Array("abcd".utf8)
    var agreed = (near: 0, far: 0)
    for _ in 0..<20_000 {
      let word = (0..<Int.random(in: 5...9, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      let text = (0..<Int.random(in: 0...14, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      let expected = Self.substringDistance(word, text) <= 1
      let found = text.withUnsafeBufferPointer { NearWord(word)!.occurs(in: $0, lowering: false) }
      XCTAssertEqual(
        found, expected,
        "\(String(decoding: word, as: UTF8.self)) in \(String(decoding: text, as: UTF8.self))")
      if expected { agreed.near += 1 } else { agreed.far += 1 }
    }
    XCTAssertGreaterThan(agreed.near, 500)
    XCTAssertGreaterThan(agreed.far, 500)
  }

  func testARefinementFindsWhatAFullSearchFindsWithTypos() {
    let users = UserGenerator.users(count: 20_000, avatarFileNames: [], seed: 13)
    let index = SearchIndex(users.map(UserViewModel.init(user:)))
    for full in ["kowalsky", "martinez", "nakamora", "jurgen mar", "campbel"] {
      var previous = ""
      var positions: [Int]?
      for end in full.indices.dropFirst() + [full.endIndex] {
        let query = String(full[..<end])
        let within = SearchIndex.canRefine(previous, to: query) ? positions : nil
        let refined = index.matches(query, within: within)
        XCTAssertEqual(refined, index.matches(query), query)
        positions = refined
        previous = query
      }
    }
    XCTAssertFalse(
      SearchIndex.canRefine("kowa", to: "kowal"), "the typo's tolerance starts at five")
    XCTAssertTrue(SearchIndex.canRefine("kowal", to: "kowals"))
    XCTAssertFalse(
      SearchIndex.canRefine("100012", to: "1000123"), "a number's end is not a refinement")
  }

  /// The least optimal-string-alignment distance between `word` and any
  /// part of `text`.
  private static func substringDistance(_ word: [UInt8], _ text: [UInt8]) -> Int {
    let m = word.count
    let n = text.count
    var table = [[Int]](repeating: [Int](repeating: 0, count: n + 1), count: m + 1)
    for i in 0...m { table[i][0] = i }
    guard n > 0 else { return m }
    for i in 1...m {
      for j in 1...n {
        var best = min(
          table[i - 1][j] + 1, table[i][j - 1] + 1,
          table[i - 1][j - 1] + (word[i - 1] == text[j - 1] ? 0 : 1))
        if i > 1, j > 1, word[i - 1] == text[j - 2], word[i - 2] == text[j - 1] {
          best = min(best, table[i - 2][j - 2] + 1)
        }
        table[i][j] = best
      }
    }
    return table[m].min()!
  }
}
