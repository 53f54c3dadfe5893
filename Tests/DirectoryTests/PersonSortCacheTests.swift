import Directory
import Foundation
import SharedSupport
import XCTest

/// The sort's fast paths against a plain comparison sort with `strcoll`:
/// a table's first sort (everyone's ranks made, their collation keys on
/// several threads, and kept), a second one (the kept ranks read), sorts
/// within a large subset (kept ranks) and a small one (ranked alone), over
/// a seeded table of many people whose names repeat, carry accents and
/// other scripts, or are missing.
final class PersonSortCacheTests: XCTestCase {
  private static let count = 40_000

  /// Names of a few syllables, some with letters outside ASCII.
  private static func names(_ count: Int, _ random: inout SplitMix64) -> [String] {
    let syllables = [
      "an", "Bo", "ä", "Ér", "ø", "ss", "ß", "ka", "Łu", "mi", "ñe", "zo", " ", "-", "Ö", "é",
      "Ω", "li", "A", "a",
    ]
    return (0..<count).map { _ in
      (0..<(2 + random.next(below: 5))).map { _ in syllables[random.next(below: syllables.count)] }
        .joined()
    }
  }

  private static func people(seed: UInt64) -> [User] {
    var random = SplitMix64(seed: seed)
    // Fewer names than people: most repeat, and there are enough distinct
    // ones for the collation keys to be made in several stretches.
    let names = names(25_000, &random)
    let departments = ["Sales", "sales", "Ärzte", "Ops", "R&D", "Öl", "ops", "Zoll"]
    return (0..<count).map { k in
      let name = random.next(below: 20) == 0 ? nil : names[random.next(below: names.count)]
      let department =
        random.next(below: 10) == 0 ? nil : departments[random.next(below: departments.count)]
      // Usernames that tie often, and longer ones alike in their first
      // eight bytes (the run sort's number) or beginning one another.
      let n = random.next(below: count / 2)
      let username =
        switch random.next(below: 4) {
        case 0: "u\(n)"
        case 1: "same.prefix.\(n)"
        case 2: "same.pre"
        default: "same.prefix"
        }
      return User(
        id: "\(k)", username: username,
        details: PersonDetails(displayName: name, department: department))
    }
  }

  /// The plain sort: `strcoll` on each key (missing last, descending keys
  /// reversed), then username bytes, then position.
  private static func reference(_ people: [User], _ order: PersonSort, _ positions: [Int])
    -> [Int]
  {
    func text(_ field: PersonField, _ user: User) -> [CChar]? {
      let value = field == .department ? user.details.department : user.details.displayName
      return value.flatMap { $0.isEmpty ? nil : Array($0.utf8CString) }
    }
    let values = order.keys.map { key in people.map { text(key.field, $0) } }
    let usernames = people.map { Array($0.username.utf8) }
    return positions.sorted { a, b in
      for (key, column) in zip(order.keys, values) {
        switch (column[a], column[b]) {
        case (nil, nil): continue
        case (nil, _): return false
        case (_, nil): return true
        case (let x?, let y?):
          let order = strcoll(x, y)
          if order == 0 { continue }
          return key.descending ? order > 0 : order < 0
        }
      }
      let x = usernames[a]
      let y = usernames[b]
      return x != y ? x.lexicographicallyPrecedes(y) : a < b
    }
  }

  func testFirstSecondAndSubsetSortsMatchAPlainSort() throws {
    let previous = String(cString: setlocale(LC_COLLATE, nil))
    guard setlocale(LC_COLLATE, "de_DE.utf8") != nil else {
      return XCTFail("the de_DE.utf8 locale is not installed (scripts/install-deps.sh makes it)")
    }
    defer { setlocale(LC_COLLATE, previous) }
    let people = Self.people(seed: 2026)
    var random = SplitMix64(seed: 5)
    let large = (0..<Self.count).filter { _ in random.next(below: 2) == 0 }
    let small = (0..<Self.count).filter { _ in random.next(below: 20) == 0 }
    for text in ["department,displayName", "displayName:desc", "department:desc,displayName"] {
      let order = try PersonSort(parsing: text)
      let everyone = Self.reference(people, order, Array(0..<Self.count))
      // The subsets are in ascending positions, so their order is everyone's
      // without the others.
      let largeOrder = everyone.filter(Set(large).contains)
      let smallOrder = everyone.filter(Set(small).contains)
      let table = UserTable(people)
      // A fresh table: the small subset ranked alone, then everyone ranked and kept.
      XCTAssertEqual(
        table.sortedPositions(by: order, within: small, isCancelled: { false }), smallOrder,
        "\(order): small subset, nothing kept")
      XCTAssertEqual(
        table.sortedPositions(by: order, isCancelled: { false }), everyone, "\(order): first")
      XCTAssertEqual(
        table.sortedPositions(by: order, isCancelled: { false }), everyone, "\(order): second")
      XCTAssertEqual(
        table.sortedPositions(by: order, within: large, isCancelled: { false }), largeOrder,
        "\(order): large subset, kept ranks")
      XCTAssertEqual(
        table.sortedPositions(by: order, within: small, isCancelled: { false }), smallOrder,
        "\(order): small subset, kept ranks")
    }
  }

  func testKeptRanksFollowTheCollation() throws {
    let previous = String(cString: setlocale(LC_COLLATE, nil))
    defer { setlocale(LC_COLLATE, previous) }
    let people = Array(Self.people(seed: 9).prefix(3_000))
    let table = UserTable(people)
    let order = try PersonSort(parsing: "displayName,department")
    for locale in ["de_DE.utf8", "C", "de_DE.utf8"] {
      guard setlocale(LC_COLLATE, locale) != nil else {
        return XCTFail("the \(locale) locale is not installed (scripts/install-deps.sh makes it)")
      }
      XCTAssertEqual(
        table.sortedPositions(by: order, isCancelled: { false }),
        Self.reference(people, order, Array(people.indices)), locale)
    }
  }
}
