import Directory
import Foundation
import SharedSupport
import XCTest

/// The sort against the plainest sort one could write, over many people
/// with many ties and missing values: every order of one to three keys,
/// ascending and descending, within everyone and within a subset, gives the
/// same positions. Under the C locale the reference compares bytes, as the
/// locale does.
final class PersonSortReferenceTests: XCTestCase {
  private static let fields: [PersonField] = [
    .displayName, .department, .title, .email, .role, .username, .employeeNumber,
  ]

  /// 500 people whose values repeat (a few of each) or are missing.
  private static func people(seed: UInt64) -> [User] {
    var random = SplitMix64(seed: seed)
    func pick(_ values: [String]) -> String? {
      let k = random.next(below: values.count + 1)
      return k == values.count ? nil : values[k]
    }
    let names = ["Ada", "ada", "Bo", "Cy", "Bo Lin", "Zed", "Émile", "Al"]
    let departments = ["Sales", "Ops", "R&D", "ops"]
    let roles: [Role] = [.user, .owner, .admin, .unknown]
    return (0..<500).map { k in
      User(
        id: "\(k)", username: "u\(random.next(below: 200))",
        role: roles[random.next(below: roles.count)],
        details: PersonDetails(
          displayName: pick(names), email: pick(["a@x", "b@x", "A@x"]),
          title: pick(["Clerk", "Engineer", "engineer"]), department: pick(departments),
          employeeNumber: pick(["7", "10", "010"])))
    }
  }

  /// The reference: each key's bytes, missing last, then username bytes, then position.
  private static func reference(_ table: UserTable, _ order: PersonSort, _ positions: [Int])
    -> [Int]
  {
    func text(_ field: PersonField, _ position: Int) -> [UInt8]? {
      let text: String? =
        switch field {
        case .username: table.username(at: position)
        case .role:
          switch table.role(at: position) {
          case .user: "User"
          case .owner: "Owner"
          case .admin: "Admin"
          case .unknown: nil
          }
        default: field.detail.flatMap { table.details(at: position)[$0] }
        }
      return text.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
    }
    var values: [PersonField: [[UInt8]?]] = [:]
    for key in order.keys where values[key.field] == nil {
      values[key.field] = (0..<table.userCount).map { text(key.field, $0) }
    }
    let usernames = (0..<table.userCount).map { Array(table.username(at: $0).utf8) }
    func value(_ field: PersonField, _ position: Int) -> [UInt8]? { values[field]![position] }
    return positions.sorted { a, b in
      for key in order.keys {
        switch (value(key.field, a), value(key.field, b)) {
        case (nil, nil): continue
        case (nil, _): return false
        case (_, nil): return true
        case (let x?, let y?):
          if x == y { continue }
          return key.descending ? y.lexicographicallyPrecedes(x) : x.lexicographicallyPrecedes(y)
        }
      }
      let x = usernames[a]
      let y = usernames[b]
      return x != y ? x.lexicographicallyPrecedes(y) : a < b
    }
  }

  func testEveryOrderOfUpToThreeKeysMatchesTheReference() throws {
    let previous = String(cString: setlocale(LC_COLLATE, nil))
    setlocale(LC_COLLATE, "C")
    defer { setlocale(LC_COLLATE, previous) }
    let table = UserTable(Self.people(seed: 7))
    var random = SplitMix64(seed: 11)
    let subset = (0..<table.userCount).filter { _ in random.next(below: 3) == 0 }
    var checked = 0
    for first in Self.fields {
      for second in Self.fields where second != first {
        for third in [nil, .title, .username] as [PersonField?] where third != first {
          let keys = [first, second] + (third.map { [$0] } ?? [])
          let descending = random.next(below: 2) == 0
          let order = PersonSort(
            keys.enumerated().map { .init($1, descending: descending && $0 != 1) })
          for positions in [Array(0..<table.userCount), subset] {
            let sorted = try XCTUnwrap(
              table.sortedPositions(by: order, within: positions, isCancelled: { false }))
            let expected = Self.reference(table, order, positions)
            let first = sorted.indices.first { $0 >= expected.count || sorted[$0] != expected[$0] }
            XCTAssertTrue(
              sorted.count == expected.count && first == nil,
              "\(order): first difference at \(first.map(String.init) ?? "the end")")
            checked += 1
          }
        }
      }
    }
    XCTAssertGreaterThan(checked, 100)
  }
}
