import FoundationEssentials

/// Carries the preferences an earlier Roster kept in settings.json
/// (``WindowSettings``) over into GSettings, once: on the first start whose
/// preferences have not been carried over yet (the `settings-json-migrated`
/// key). Only the keys the file has are carried, each clamped to what the
/// schema accepts; a file that is missing or cannot be read carries nothing.
///
/// The file itself stays where it is and is not changed: it still keeps the
/// remembered directories (the Connect list), and its old preference keys
/// are no longer read after this, so an earlier Roster still finds its own.
///
/// Threading: main-actor only, like ``Preferences``.
@MainActor
public enum SettingsFileMigration {
  /// Carries `file`'s preferences into `preferences`, unless that was done.
  public static func run(from file: URL, into preferences: Preferences) {
    guard !preferences.settingsJSONMigrated else { return }
    if let data = try? Data(contentsOf: file),
      let old = try? JSONDecoder().decode(StoredPreferences.self, from: data)
    {
      old.apply(to: preferences)
    }
    preferences.settingsJSONMigrated = true
  }
}

/// The preferences keys of settings.json, each nil when the file lacks it.
private struct StoredPreferences: Decodable {
  var width: Int?
  var height: Int?
  var grid: Bool?
  var table: Bool?
  var maxFlingVelocity: Double?
  var tables: [String: TableSettings]?
  var searchFromOverview: Bool?

  /// A value that cannot be read is left out, not a reason to lose the others.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    width = try? container.decodeIfPresent(Int.self, forKey: .width)
    height = try? container.decodeIfPresent(Int.self, forKey: .height)
    grid = try? container.decodeIfPresent(Bool.self, forKey: .grid)
    table = try? container.decodeIfPresent(Bool.self, forKey: .table)
    maxFlingVelocity = try? container.decodeIfPresent(Double.self, forKey: .maxFlingVelocity)
    tables = try? container.decodeIfPresent([String: TableSettings].self, forKey: .tables)
    searchFromOverview = try? container.decodeIfPresent(Bool.self, forKey: .searchFromOverview)
  }

  private enum CodingKeys: String, CodingKey {
    case width, height, grid, table, maxFlingVelocity, tables, searchFromOverview
  }

  @MainActor func apply(to preferences: Preferences) {
    if let width { preferences.windowWidth = width }
    if let height { preferences.windowHeight = height }
    // The grid won over the table when both were on.
    if grid == true {
      preferences.view = .grid
    } else if table == true {
      preferences.view = .table
    } else if grid != nil || table != nil {
      preferences.view = .list
    }
    if let maxFlingVelocity { preferences.maxFlingVelocity = maxFlingVelocity }
    if let tables, !tables.isEmpty {
      preferences.tables = preferences.tables.merging(tables) { _, old in old }
    }
    if let searchFromOverview { preferences.searchFromOverview = searchFromOverview }
  }
}
