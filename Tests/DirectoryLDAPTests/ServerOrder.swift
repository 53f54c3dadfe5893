import Directory
import XCTest

/// What a server's order is checked against in the sort tests of the
/// company directories.
enum ServerOrder {
  /// The values of `field` the entries show, lower-cased, for the columns
  /// whose order is plain text on the server (nil for the rest: the
  /// manager, a DN, and the role).
  static func values(_ field: PersonField, _ entries: [DirectoryEntry]) -> [String]? {
    let values: [String?]
    switch field {
    case .username: values = entries.map(\.username)
    case .displayName: values = entries.map(\.displayName)
    case .email: values = entries.map(\.details.email)
    case .title: values = entries.map(\.details.title)
    case .department: values = entries.map(\.details.department)
    case .location: values = entries.map(\.details.location)
    case .city: values = entries.map(\.details.city)
    case .phone: values = entries.map(\.details.phone)
    case .employeeNumber: values = entries.map(\.details.employeeNumber)
    case .manager, .role, .active: return nil
    }
    return values.map { ($0 ?? "").lowercased() }
  }

  /// Orders `directory` by each of `fields`, one way and the other, and
  /// checks that the first 100 people come in the server's order for it
  /// and that the server counted all `count` of them.
  static func checkEveryColumn(
    of directory: any RangedDirectory, count: Int, fields: [PersonField] = PersonField.allCases,
    file: StaticString = #filePath, line: UInt = #line
  ) async throws {
    for field in fields {
      for descending in [false, true] {
        let view = directory.querying(
          filter: nil, sort: PersonSort([.init(field, descending: descending)]))
        // The first 100: the server counts everyone and sorts them all.
        let window = try await view.rows(0..<100)
        let order = "\(field) \(descending ? "descending" : "ascending")"
        XCTAssertEqual(window.count, count, order, file: file, line: line)
        XCTAssertEqual(window.entries.count, 100, order, file: file, line: line)
        guard let values = values(field, window.entries) else { continue }
        XCTAssertEqual(
          values, values.sorted { descending ? $0 > $1 : $0 < $1 }, order, file: file, line: line)
      }
    }
  }
}
