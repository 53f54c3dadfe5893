import CGtk
import FoundationEssentials
import GtkKit

/// Roster's preferences, kept in GSettings under the schema
/// `org.roster.Roster` (path /org/roster/Roster/), as GNOME apps keep
/// theirs: the window's size and whether it is maximized, the view (list,
/// grid or table), each directory's table, the fastest fling and whether
/// the shell's search may look in the directory shown last. `gsettings
/// list-recursively org.roster.Roster` shows them.
///
/// When the schema is not installed (``PreferencesSchema``), the
/// preferences are the defaults, kept in memory until the app quits: Roster
/// runs, it only forgets.
///
/// Threading: main-actor only (a GSettings object belongs to the thread
/// whose main context it was made in).
@MainActor
public final class Preferences {
  /// The views a directory can be shown in, as the `view` key names them.
  public enum View: String, Sendable, CaseIterable {
    case list, grid, table
  }

  /// The schema's keys.
  enum Key: String, CaseIterable {
    case windowWidth = "window-width"
    case windowHeight = "window-height"
    case windowMaximized = "window-maximized"
    case view
    case tables
    case maxFlingVelocity = "max-fling-velocity"
    case searchFromOverview = "search-from-overview"
    case settingsJSONMigrated = "settings-json-migrated"
  }

  /// The smallest and largest window the `window-width` and `window-height`
  /// keys accept (the schema's ranges).
  static let widths = 320...8192
  static let heights = 240...8192
  /// The `max-fling-velocity` range, in points per second.
  static let flingVelocities = 0.0...100_000

  /// The GSettings object; empty when the schema was not found.
  private let slot: ObjectSlot
  /// The values while there is no GSettings object.
  private var memory: [Key: Variant] = [:]

  /// The preferences of `schema` (nil: the defaults, in memory) in
  /// `backend` (nil: GSettings's default, the user's dconf on a desktop;
  /// tests pass a memory or keyfile backend of their own).
  package init(schema: OpaquePointer?, backend: UnsafeMutablePointer<GSettingsBackend>? = nil) {
    slot = ObjectSlot(adopting: schema.map { g_settings_new_full($0, backend, nil) })
  }

  private var settings: UnsafeMutablePointer<GSettings>? {
    slot.opaque.map { UnsafeMutablePointer($0) }
  }

  /// Whether the preferences outlive the app (the schema was found).
  public var isStored: Bool { settings != nil }

  /// The preferences as the app uses them: GSettings when the schema is
  /// found (in GSettings's places, then `schemaDirectories`), else the
  /// defaults in memory and a logged sentence. The first time, what
  /// `legacyFile` (settings.json) held is carried over
  /// (``SettingsFileMigration``).
  public static func standard(
    schemaDirectories: [URL] = PreferencesSchema.directories,
    migrating legacyFile: URL = WindowSettings.defaultFile
  ) -> Preferences {
    let schema = PreferencesSchema.find(in: schemaDirectories)
    defer { if let schema { g_settings_schema_unref(schema) } }
    if schema == nil {
      log(
        "Roster's settings schema (\(PreferencesSchema.id)) is not installed: "
          + "the window's size, view and tables are not remembered after it closes.")
    }
    let preferences = Preferences(schema: schema)
    SettingsFileMigration.run(from: legacyFile, into: preferences)
    return preferences
  }

  /// Logs `message` through GLib (stderr, or the journal), as a message.
  private static func log(_ message: String) {
    "GLIB_DOMAIN".withCString { domainKey in
      "Roster".withCString { domain in
        "MESSAGE".withCString { messageKey in
          message.withCString { text in
            let fields = [
              GLogField(key: domainKey, value: domain, length: -1),
              GLogField(key: messageKey, value: text, length: -1),
            ]
            fields.withUnsafeBufferPointer {
              g_log_structured_array(G_LOG_LEVEL_MESSAGE, $0.baseAddress, gsize($0.count))
            }
          }
        }
      }
    }
  }

  /// The window's width in points, when it is not maximized.
  public var windowWidth: Int {
    get { Int(read(.windowWidth) { g_variant_get_int32($0) }) }
    set { write(.windowWidth, g_variant_new_int32(Int32(newValue.clamped(to: Self.widths)))) }
  }

  /// The window's height in points, when it is not maximized.
  public var windowHeight: Int {
    get { Int(read(.windowHeight) { g_variant_get_int32($0) }) }
    set { write(.windowHeight, g_variant_new_int32(Int32(newValue.clamped(to: Self.heights)))) }
  }

  /// Whether the window opens maximized.
  public var windowMaximized: Bool {
    get { read(.windowMaximized) { g_variant_get_boolean($0) != 0 } }
    set { write(.windowMaximized, g_variant_new_boolean(newValue ? 1 : 0)) }
  }

  /// The view a directory opens in.
  public var view: View {
    get { read(.view) { View(rawValue: String(cString: g_variant_get_string($0, nil))) } ?? .list }
    set { write(.view, g_variant_new_string(newValue.rawValue)) }
  }

  /// The fastest a drag's release flings the list, in points per second.
  public var maxFlingVelocity: Double {
    get { read(.maxFlingVelocity) { g_variant_get_double($0) } }
    set {
      write(.maxFlingVelocity, g_variant_new_double(newValue.clamped(to: Self.flingVelocities)))
    }
  }

  /// Whether GNOME Shell's search may look in the directory shown last.
  public var searchFromOverview: Bool {
    get { read(.searchFromOverview) { g_variant_get_boolean($0) != 0 } }
    set { write(.searchFromOverview, g_variant_new_boolean(newValue ? 1 : 0)) }
  }

  /// Whether settings.json's preferences were carried over.
  var settingsJSONMigrated: Bool {
    get { read(.settingsJSONMigrated) { g_variant_get_boolean($0) != 0 } }
    set { write(.settingsJSONMigrated, g_variant_new_boolean(newValue ? 1 : 0)) }
  }

  /// Each directory's table, by the directory's ``DirectoryPage/tableSettingsKey``.
  public var tables: [String: TableSettings] {
    get { read(.tables, TableSettings.dictionary(from:)) }
    set { write(.tables, TableSettings.variant(of: newValue)) }
  }

  /// Calls `body` with the value of `key` (borrowed for the call).
  private func read<T>(_ key: Key, _ body: (OpaquePointer) -> T) -> T {
    guard let settings else {
      let value = memory[key] ?? Variant(key.defaultValue)
      return withExtendedLifetime(value) { body(value.pointer) }
    }
    let value = g_settings_get_value(settings, key.rawValue)!
    defer { g_variant_unref(value) }
    return body(value)
  }

  /// Stores `value` (a new, floating GVariant) under `key`.
  private func write(_ key: Key, _ value: OpaquePointer) {
    guard let settings else {
      memory[key] = Variant(value)
      return
    }
    g_settings_set_value(settings, key.rawValue, value)
  }
}

extension Preferences.Key {
  /// The value the schema gives the key when nothing was stored (a new,
  /// floating GVariant); a test compares them with the schema's.
  var defaultValue: OpaquePointer {
    switch self {
    case .windowWidth: g_variant_new_int32(480)
    case .windowHeight: g_variant_new_int32(800)
    case .windowMaximized, .searchFromOverview, .settingsJSONMigrated: g_variant_new_boolean(0)
    case .view: g_variant_new_string(Preferences.View.list.rawValue)
    case .tables: TableSettings.variant(of: [:])
    case .maxFlingVelocity: g_variant_new_double(8_000)
    }
  }
}

extension Comparable {
  fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
    min(max(self, range.lowerBound), range.upperBound)
  }
}
