import Directory
import DirectoryGenerator
import Foundation
import SharedSupport
import XCTest

final class SearchIndexTests: XCTestCase {
  private func models(_ users: [(String, Role)]) -> [UserViewModel] {
    users.map { UserViewModel(user: User(username: $0.0, role: $0.1)) }
  }

  private lazy var sample = models([
    ("alice", .admin), ("Bob.Smith", .user), ("José", .owner), ("carol", .user),
    ("bobby", .unknown),
  ])

  func testWordsMatchUsernamesAndRoles() {
    let index = SearchIndex(sample)
    XCTAssertEqual(index.matches("bob"), [1, 4])
    XCTAssertEqual(index.matches("admin"), [0])
    XCTAssertEqual(index.matches("owner"), [2])
    XCTAssertEqual(index.matches("unknown"), [4])
  }

  func testCaseAndDiacriticsAreFolded() {
    let index = SearchIndex(sample)
    XCTAssertEqual(index.matches("BOB.s"), [1])
    XCTAssertEqual(index.matches("jose"), [2])
    XCTAssertEqual(index.matches("JOSÉ"), [2])
  }

  func testEveryWordMustMatch() {
    let index = SearchIndex(sample)
    XCTAssertEqual(index.matches("bob user"), [1])
    XCTAssertEqual(index.matches("  bob   unknown "), [4])
    XCTAssertEqual(index.matches("alice user"), [])
  }

  func testTheFirstMatchesStopAtTheLimitInTheDirectorysOrder() {
    let index = SearchIndex(sample)
    XCTAssertEqual(index.firstMatches("bob", limit: 1), [1])
    XCTAssertEqual(index.firstMatches("bob", limit: 20), index.matches("bob"))
    XCTAssertEqual(index.firstMatches("o", limit: 2), [1, 2])
    XCTAssertEqual(index.firstMatches("nobody", limit: 20), [])
    XCTAssertEqual(index.firstMatches("", limit: 3), [0, 1, 2])
    XCTAssertNil(index.firstMatches("bob", limit: 20, isCancelled: { true }))
  }

  func testNoMatchAndEmptyQuery() {
    let index = SearchIndex(sample)
    XCTAssertEqual(index.matches("zzz"), [])
    XCTAssertEqual(index.matches(""), [0, 1, 2, 3, 4])
    XCTAssertEqual(index.matches("   "), [0, 1, 2, 3, 4])
  }

  func testARefinementFindsWhatAFullSearchFinds() {
    let users = UserGenerator.users(count: 50_000, avatarFileNames: [], seed: 11)
    let index = SearchIndex(users.map(UserViewModel.init(user:)))
    var generator = SplitMix64(seed: 12)
    let letters = Array("abcdefghijklmnoprstuvy.")
    for _ in 0..<20 {
      var query = String(letters.randomElement(using: &generator)!)
      var previous = index.matches(query)!
      for _ in 0..<3 {
        query.append(letters.randomElement(using: &generator)!)
        let refined = index.matches(query, within: previous)!
        XCTAssertEqual(refined, index.matches(query)!, query)
        previous = refined
      }
    }
  }

  func testAMarkThatStartsAWordIsFoldedAsInsideTheName() {
    // Folding the whole name dropped the combining mark after the form
    // feed with the feed's "diacritics", while the word the feed split off
    // kept it: the user was not found by their own name (a fuzzer's input).
    let name = "bb\u{FFFD}nullns\u{0C}eBuJJuUns\u{0C}\u{035E}\u{FFFD}\u{FFFD}m"
    let index = SearchIndex(models([(name, .user)]))
    XCTAssertEqual(index.matches(name), [0])
    XCTAssertEqual(index.matches("\u{035E}m"), [0])
    XCTAssertEqual(index.matches("\u{FFFD}M"), [0])
  }

  func testCombiningMarksFoldLikeTheirPrecomposedLetters() {
    let index = SearchIndex(models([("Jose\u{301}", .user), ("Zoë", .user)]))
    XCTAssertEqual(index.matches("josé"), [0])
    XCTAssertEqual(index.matches("jose"), [0])
    XCTAssertEqual(index.matches("zoe\u{308}"), [1])
    XCTAssertEqual(index.matches("\u{301}"), [0, 1], "a lone mark folds to nothing")
  }

  func testEveryUserIsFoundByEachWordOfTheirOwnName() {
    // Names drawn from a pool that mixes ASCII, letters with diacritics,
    // lone combining marks, whitespace, controls and replacement characters.
    let pool: [Unicode.Scalar] = [
      "a", "Z", "0", ".", " ", "\u{0C}", "\t", "\u{A0}", "é", "Ö", "ß", "ﬁ", "İ", "Σ", "ς",
      "\u{301}", "\u{308}", "\u{35E}", "\u{20DD}", "\u{FFFD}", "\u{200D}", "가", "\u{11A8}",
      "ǅ", "Å", "\u{1F600}", "\u{1F3FD}", "ا", "\u{64B}",
    ]
    var generator = SplitMix64(seed: 2026)
    var names: [String] = []
    for _ in 0..<2_000 {
      var name = String.UnicodeScalarView()
      for _ in 0..<(1 + generator.next(below: 12)) {
        name.append(pool[generator.next(below: pool.count)])
      }
      names.append(String(name))
    }
    let index = SearchIndex(models(names.map { ($0, Role.user) }))
    for (position, name) in names.enumerated() {
      XCTAssertTrue(index.matches(name)?.contains(position) == true, name.debugDescription)
    }
  }

  /// Enough people for four of the scan's chunks (one per 16,384), made plainly: generating
  /// realistic ones would be most of the test's time, and a search cancelled at once reads none.
  func testACancelledSearchStopsWithoutAResult() {
    let users = (0..<65_536).map { User(username: "anna\($0)") }
    let index = SearchIndex(users.map(UserViewModel.init(user:)))
    XCTAssertEqual(index.matches("a", isCancelled: { false })?.count, users.count)
    XCTAssertNil(index.matches("a", isCancelled: { true }))
  }

  func testAMillionUsersSearchQuickly() throws {
    try MillionUsers.skipInSanitizerBuilds()
    let models = MillionUsers.users.map(UserViewModel.init(user:))
    let clock = ContinuousClock()
    var start = clock.now
    let index = SearchIndex(models)
    let built = clock.now - start
    start = clock.now
    let first = index.matches("an")!
    let full = clock.now - start
    start = clock.now
    let refined = index.matches("ana", within: first)!
    let refinement = clock.now - start
    print(
      "search index: 1,000,000 users built in \(built); 'an' -> \(first.count) in \(full); 'ana' -> \(refined.count) in \(refinement)"
    )
    XCTAssertEqual(index.count, 1_000_000)
    XCTAssertLessThanOrEqual(refined.count, first.count)
  }
}
