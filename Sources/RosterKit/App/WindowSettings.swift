import FoundationEssentials

/// settings.json, `$XDG_CONFIG_HOME/roster/settings.json` (else
/// `~/.config/roster/settings.json`): the directories connected to (without
/// secrets) and the one shown last. Preferences are in GSettings
/// (``Preferences``); the preference keys below are what Roster kept here
/// before, read once by ``SettingsFileMigration`` and kept as they are when
/// the file is written again. A missing or unreadable file gives the
/// defaults; nothing else depends on it.
///
/// Threading: a plain `Sendable` value; load and save block briefly on file I/O.
public struct WindowSettings: Codable, Equatable, Sendable {
  public var width = 480
  public var height = 800
  public var grid = false
  /// Whether the table shows (when the grid does not).
  public var table = false
  /// The fastest a drag's release flings the list, in points per second
  /// (8,000 as on Android: a fling then travels at most 8,000 × 0.3 s).
  public var maxFlingVelocity = 8_000.0
  /// The directories connected to through the Connect dialog, newest first
  /// (no secrets: those are in the keyring).
  public var directories: [RememberedDirectory] = []
  /// The id of the directory shown last; it opens at start without --source.
  public var lastDirectory: String?
  /// Each users.json's table (columns, widths, order), by its path or URL.
  public var tables: [String: TableSettings] = [:]
  /// Whether GNOME Shell's search (the Activities overview) may search the
  /// directory shown last: off until the person turns it on in the main
  /// menu, since every overview search would otherwise reach the server.
  public var searchFromOverview = false

  /// The defaults: 480x800, list view, flings up to 8,000 points per second.
  public init() {}

  /// Reads what the file has; a missing key keeps its default, so files
  /// written before a key existed still load.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = WindowSettings()
    width = try container.decodeIfPresent(Int.self, forKey: .width) ?? defaults.width
    height = try container.decodeIfPresent(Int.self, forKey: .height) ?? defaults.height
    grid = try container.decodeIfPresent(Bool.self, forKey: .grid) ?? defaults.grid
    table = try container.decodeIfPresent(Bool.self, forKey: .table) ?? defaults.table
    maxFlingVelocity =
      try container.decodeIfPresent(Double.self, forKey: .maxFlingVelocity)
      ?? defaults.maxFlingVelocity
    // An entry this Roster cannot read (a kind from a newer one) is skipped,
    // not a reason to lose every other setting.
    directories =
      (try? container.decodeIfPresent([SkippingDirectory].self, forKey: .directories))?
      .compactMap(\.directory) ?? []
    lastDirectory = try container.decodeIfPresent(String.self, forKey: .lastDirectory)
    tables =
      (try? container.decodeIfPresent([String: TableSettings].self, forKey: .tables)) ?? [:]
    searchFromOverview =
      try container.decodeIfPresent(Bool.self, forKey: .searchFromOverview)
      ?? defaults.searchFromOverview
  }

  /// The settings file for this user.
  public static var defaultFile: URL {
    let environment = ProcessInfo.processInfo.environment
    let base: URL
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      base = URL(fileURLWithPath: config, isDirectory: true)
    } else {
      base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(
        ".config", isDirectory: true)
    }
    return base.appendingPathComponent("roster/settings.json")
  }

  /// The settings in `file`, or the defaults if it is missing or malformed.
  public static func load(from file: URL = defaultFile) -> WindowSettings {
    guard let data = try? Data(contentsOf: file),
      var settings = try? JSONDecoder().decode(WindowSettings.self, from: data)
    else { return WindowSettings() }
    // A damaged file must not make the window unusable.
    settings.width = min(max(settings.width, 320), 8192)
    settings.height = min(max(settings.height, 240), 8192)
    settings.maxFlingVelocity = min(max(settings.maxFlingVelocity, 0), 100_000)
    return settings
  }

  /// Writes the settings to `file` atomically, creating its folder.
  public func save(to file: URL = defaultFile) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(self).write(to: file, options: .atomic)
  }
}
