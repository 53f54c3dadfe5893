import Foundation
import TestSupport
import XCTest

@testable import RosterKit

/// A settings.json an earlier Roster wrote: its preferences come over into
/// GSettings once, and the file, which keeps the remembered directories,
/// stays as it was.
final class SettingsFileMigrationTests: XCTestCase {
  func testAnEarlierSettingsFileIsCarriedOverOnce() throws {
    try MainActor.assumeIsolated {
      XCTAssertEqual(try Self.migrationProblems(SettingsFileMigration.run), [])
    }
  }

  func testTheMigrationCheckFailsWhenNothingIsCarriedOver() throws {
    try MainActor.assumeIsolated {
      let problems = try Self.migrationProblems { _, _ in }
      XCTAssertTrue(problems.contains("window-width"), "\(problems)")
      XCTAssertTrue(problems.contains("tables"), "\(problems)")
    }
  }

  func testOnlyTheKeysTheFileHasAreCarriedAndAMissingFileCarriesNothing() throws {
    try MainActor.assumeIsolated {
      let folder = try TemporaryDirectory()
      let file = folder.folder.appendingPathComponent("settings.json")
      try Data(#"{"grid": true, "width": "wide"}"#.utf8).write(to: file)
      let preferences = try TestPreferenceStores.memory()
      SettingsFileMigration.run(from: file, into: preferences)
      XCTAssertEqual(preferences.view, .grid)
      XCTAssertEqual(preferences.windowWidth, 480, "a value it cannot read keeps the default")
      XCTAssertEqual(preferences.windowHeight, 800)

      let fresh = try TestPreferenceStores.memory()
      SettingsFileMigration.run(
        from: folder.folder.appendingPathComponent("none.json"), into: fresh)
      XCTAssertTrue(fresh.settingsJSONMigrated)
      XCTAssertEqual(fresh.view, .list)
    }
  }

  /// Runs `migrate` on a settings.json with every preference and a
  /// remembered directory, then again on a changed file; the keys that are
  /// not as the first file had them, and what happened to the file.
  @MainActor private static func migrationProblems(
    _ migrate: (URL, Preferences) -> Void
  ) throws -> [String] {
    let folder = try TemporaryDirectory()
    let file = folder.folder.appendingPathComponent("roster/settings.json")
    var old = WindowSettings()
    old.width = 900
    old.height = 700
    old.table = true
    old.maxFlingVelocity = 5_000
    old.searchFromOverview = true
    old.tables["/srv/users.json"] = TableSettings(
      columns: ["department", "displayName"], widths: [150, 260], sort: "department")
    old.directories = [RememberedDirectory(kind: .jsonFile, location: "/srv/users.json")]
    old.lastDirectory = old.directories[0].id
    try old.save(to: file)
    let written = try Data(contentsOf: file)

    let preferences = try TestPreferenceStores.memory()
    migrate(file, preferences)
    let fileChanged = try Data(contentsOf: file) != written
    // Once only: what the file says later is not carried again.
    var later = old
    later.width = 1_200
    try later.save(to: file)
    migrate(file, preferences)

    var problems: [String] = []
    if preferences.windowWidth != 900 { problems.append("window-width") }
    if preferences.windowHeight != 700 { problems.append("window-height") }
    if preferences.view != .table { problems.append("view") }
    if preferences.maxFlingVelocity != 5_000 { problems.append("max-fling-velocity") }
    if !preferences.searchFromOverview { problems.append("search-from-overview") }
    if preferences.tables != old.tables { problems.append("tables") }
    if fileChanged { problems.append("the file changed") }
    let connections = DirectoryConnections(settingsFile: file)
    if connections.last?.location != "/srv/users.json" { problems.append("remembered directories") }
    return problems
  }
}
