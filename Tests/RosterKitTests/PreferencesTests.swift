import CGtk
import Foundation
import TestSupport
import XCTest

@testable import RosterKit

/// Preferences in GSettings: what is written comes back after a restart,
/// the schema and the code agree, and a missing schema is not a crash.
/// Each check also runs against a store that must fail it, so a check that
/// cannot fail is noticed.
final class PreferencesTests: XCTestCase {
  func testWhatIsWrittenComesBackAfterARestart() throws {
    try MainActor.assumeIsolated {
      let folder = try TemporaryDirectory()
      let file = folder.folder.appendingPathComponent("keyfile")
      let problems = try Self.restartProblems(
        first: TestPreferenceStores.keyfile(file), again: { try TestPreferenceStores.keyfile(file) }
      )
      XCTAssertEqual(problems, [])
      let stored = try String(contentsOf: file, encoding: .utf8)
      XCTAssertTrue(stored.contains("[org/roster/Roster]"), stored)
    }
  }

  func testTheRestartCheckFailsWhenNothingOutlivesTheApp() throws {
    try MainActor.assumeIsolated {
      let problems = try Self.restartProblems(
        first: TestPreferenceStores.memory(), again: { try TestPreferenceStores.memory() })
      XCTAssertEqual(problems.count, Preferences.Key.allCases.count - 1, "\(problems)")
    }
  }

  func testTheSchemaHasEveryKeyWithTheDefaultsTheCodeKnows() throws {
    try MainActor.assumeIsolated {
      let schema = try TestPreferenceStores.schema()
      defer { g_settings_schema_unref(schema) }
      let names = try XCTUnwrap(g_settings_schema_list_keys(schema))
      defer { g_strfreev(names) }
      var keys: [String] = []
      var index = 0
      while let name = names[index] {
        keys.append(String(cString: name))
        index += 1
      }
      XCTAssertEqual(keys.sorted(), Preferences.Key.allCases.map(\.rawValue).sorted())
      for key in Preferences.Key.allCases {
        let schemaKey = try XCTUnwrap(g_settings_schema_get_key(schema, key.rawValue))
        defer { g_settings_schema_key_unref(schemaKey) }
        let expected = try XCTUnwrap(g_settings_schema_key_get_default_value(schemaKey))
        defer { g_variant_unref(expected) }
        let known = Variant(key.defaultValue)
        XCTAssertNotEqual(
          g_variant_equal(UnsafeRawPointer(expected), UnsafeRawPointer(known.pointer)), 0,
          key.rawValue)
      }
      // The code clamps to the schema's ranges (GSettings refuses a value
      // outside them).
      for (key, low, high) in [
        (Preferences.Key.windowWidth, g_variant_new_int32(320), g_variant_new_int32(8192)),
        (.windowHeight, g_variant_new_int32(240), g_variant_new_int32(8192)),
        (.maxFlingVelocity, g_variant_new_double(0), g_variant_new_double(100_000)),
      ] {
        let schemaKey = try XCTUnwrap(g_settings_schema_get_key(schema, key.rawValue))
        defer { g_settings_schema_key_unref(schemaKey) }
        for value in [Variant(low!), Variant(high!)] {
          XCTAssertNotEqual(g_settings_schema_key_range_check(schemaKey, value.pointer), 0)
        }
      }
      XCTAssertEqual(Preferences.widths, 320...8192)
      XCTAssertEqual(Preferences.heights, 240...8192)
      XCTAssertEqual(Preferences.flingVelocities, 0...100_000)
    }
  }

  func testValuesOutsideTheSchemasRangesAreClampedNotRefused() throws {
    try MainActor.assumeIsolated {
      let preferences = try TestPreferenceStores.memory()
      preferences.windowWidth = 5
      preferences.windowHeight = 99_999
      preferences.maxFlingVelocity = -3
      XCTAssertEqual(preferences.windowWidth, 320)
      XCTAssertEqual(preferences.windowHeight, 8192)
      XCTAssertEqual(preferences.maxFlingVelocity, 0)
    }
  }

  func testWithoutTheSchemaTheDefaultsAreKeptInMemory() throws {
    try MainActor.assumeIsolated {
      let empty = try TemporaryDirectory()
      XCTAssertNil(PreferencesSchema.find(in: [empty.folder], systemPlaces: false))
      // The same lookup finds the schema where it is.
      let found = PreferencesSchema.find(
        in: [empty.folder, try TestPreferences.schemaDirectory], systemPlaces: false)
      XCTAssertNotNil(found)
      if let found { g_settings_schema_unref(found) }

      let preferences = Preferences(schema: nil)
      XCTAssertFalse(preferences.isStored)
      XCTAssertEqual(preferences.windowWidth, 480)
      XCTAssertEqual(preferences.view, .list)
      XCTAssertEqual(preferences.tables, [:])
      preferences.view = .table
      preferences.tables["/srv/users.json"] = TableSettings(
        columns: ["displayName"], widths: [200], sort: "")
      XCTAssertEqual(preferences.view, .table)
      XCTAssertEqual(preferences.tables["/srv/users.json"]?.widths, [200])
    }
  }

  /// The app's own start without a schema anywhere: a sentence in the log,
  /// the window's preferences in memory, settings.json still carried over.
  func testAppStartWithoutTheSchemaLogsASentenceAndCarriesOn() throws {
    let empty = try TemporaryDirectory()
    // In the fresh process itself: the report is printed, nothing to check.
    guard let withoutSchema = try Self.startReport(schemaDirectory: empty.folder) else { return }
    XCTAssertTrue(withoutSchema.contains("stored=false width=900"), withoutSchema)
    XCTAssertTrue(
      withoutSchema.contains("settings schema (org.roster.Roster) is not installed"), withoutSchema)
    // The check fails where the schema is found.
    let withSchema =
      try Self.startReport(schemaDirectory: TestPreferences.schemaDirectory) ?? ""
    XCTAssertTrue(withSchema.contains("stored=true width=900"), withSchema)
    XCTAssertFalse(withSchema.contains("is not installed"), withSchema)
  }

  /// In a fresh process whose GSettings looks only in `schemaDirectory`:
  /// `Preferences.standard()`, with a settings.json of width 900; nil in
  /// that process.
  private static func startReport(schemaDirectory: URL) throws -> String? {
    let home = try TemporaryDirectory()
    let settings = home.folder.appendingPathComponent("roster/settings.json")
    try FileManager.default.createDirectory(
      at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(#"{"width": 900}"#.utf8).write(to: settings)
    return try FreshTestProcess.output(
      of: "RosterKitTests.PreferencesTests/testAppStartWithoutTheSchemaLogsASentenceAndCarriesOn",
      variable: "ROSTER_TEST_PREFERENCES_START",
      environment: [
        "GSETTINGS_SCHEMA_DIR": schemaDirectory.path, "GSETTINGS_BACKEND": "memory",
        "XDG_DATA_HOME": home.folder.path, "XDG_DATA_DIRS": home.folder.path,
        "ROSTER_TEST_SETTINGS_FILE": settings.path,
      ]
    ) {
      let file = URL(
        fileURLWithPath: ProcessInfo.processInfo.environment["ROSTER_TEST_SETTINGS_FILE"] ?? "")
      return MainActor.assumeIsolated {
        let preferences = Preferences.standard(schemaDirectories: [], migrating: file)
        return "stored=\(preferences.isStored) width=\(preferences.windowWidth)"
      }
    }
  }

  /// Writes a value other than the default to every key of `first`, lets
  /// it go, and reads them from `again()`: the keys that did not come back.
  @MainActor private static func restartProblems(
    first: Preferences, again: () throws -> Preferences
  ) throws -> [String] {
    let table = TableSettings(
      columns: ["department", "displayName"], widths: [150, 260],
      sort: "department,displayName:desc")
    do {
      let preferences = first
      preferences.windowWidth = 1_000
      preferences.windowHeight = 700
      preferences.windowMaximized = true
      preferences.view = .table
      preferences.tables = ["ldap://a.example/ou=people": table, "/srv/users.json": table]
      preferences.maxFlingVelocity = 5_000
      preferences.searchFromOverview = true
      g_settings_sync()
    }
    let preferences = try again()
    var problems: [String] = []
    if preferences.windowWidth != 1_000 { problems.append("window-width") }
    if preferences.windowHeight != 700 { problems.append("window-height") }
    if !preferences.windowMaximized { problems.append("window-maximized") }
    if preferences.view != .table { problems.append("view") }
    if preferences.tables != ["ldap://a.example/ou=people": table, "/srv/users.json": table] {
      problems.append("tables")
    }
    if preferences.maxFlingVelocity != 5_000 { problems.append("max-fling-velocity") }
    if !preferences.searchFromOverview { problems.append("search-from-overview") }
    return problems
  }
}
