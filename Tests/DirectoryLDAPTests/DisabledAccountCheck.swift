import Directory
import TestSupport
import XCTest

/// What the company directories' tests check of disabled accounts: every
/// person read says whether their account is active as the server marks
/// it, and a filter on `active` finds exactly the disabled people, or
/// exactly the others.
enum DisabledAccountCheck {
  /// Reads everyone of `directory` (at most 1,000) and checks each
  /// person's `isActive` against `people`, then `active eq false` and
  /// `active ne false`.
  static func check(
    _ directory: any RangedDirectory, people: CompanyPeople,
    file: StaticString = #filePath, line: UInt = #line
  ) async throws {
    let disabled = Set(people.people.filter(\.disabled).map(\.username))
    XCTAssertFalse(disabled.isEmpty, "the people hold disabled accounts", file: file, line: line)
    let everyone = try await read(directory)
    XCTAssertEqual(everyone.count, people.people.count, file: file, line: line)
    XCTAssertEqual(
      Set(everyone.filter { !$0.isActive }.map(\.username)), disabled, file: file, line: line)

    let off = try await read(
      directory.querying(filter: .compare(.active, .eq, "false"), sort: nil))
    XCTAssertEqual(Set(off.map(\.username)), disabled, file: file, line: line)
    XCTAssertTrue(off.allSatisfy { !$0.isActive }, file: file, line: line)
    let on = try await read(
      directory.querying(filter: .compare(.active, .ne, "FALSE"), sort: nil))
    XCTAssertEqual(on.count, people.enabledCount, file: file, line: line)
    XCTAssertTrue(on.allSatisfy(\.isActive), file: file, line: line)
  }

  /// Every entry of `directory`, a window at a time.
  private static func read(_ directory: any RangedDirectory) async throws -> [DirectoryEntry] {
    var entries: [DirectoryEntry] = []
    while entries.count < 1000 {
      let window = try await directory.rows(entries.count..<(entries.count + 200))
      entries += window.entries
      if window.entries.isEmpty || window.isCountFinal && entries.count >= window.count { break }
    }
    return entries
  }
}
