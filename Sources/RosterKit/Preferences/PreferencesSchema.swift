import CGtk
import FoundationEssentials

/// Finds Roster's GSettings schema, `org.roster.Roster`
/// (Resources/org.roster.Roster.gschema.xml), compiled.
///
/// Order: GSettings's own places (`$GSETTINGS_SCHEMA_DIR`, then
/// `glib-2.0/schemas` under `$XDG_DATA_HOME` and each of `$XDG_DATA_DIRS`),
/// then the checkout's `.build/schemas` (scripts/build-schemas.sh), then the
/// install's `share/glib-2.0/schemas` beside `share/roster`. It is looked up
/// rather than opened by id, since `g_settings_new` aborts the process on a
/// schema it cannot find.
///
/// Threading: any thread (GSettings's schema sources are immutable).
public enum PreferencesSchema {
  /// The schema's id, also the application's.
  public static let id = "org.roster.Roster"

  /// The folders searched after GSettings's own places.
  public static var directories: [URL] {
    guard let root = ResourceLocator.root else { return [] }
    return [
      root.appendingPathComponent(".build/schemas"),
      root.deletingLastPathComponent().appendingPathComponent("glib-2.0/schemas"),
    ]
  }

  /// The schema (a reference the caller releases with
  /// `g_settings_schema_unref`), or nil when no place holds it. Only the
  /// `directories` are searched when `systemPlaces` is false.
  public static func find(in directories: [URL] = directories, systemPlaces: Bool = true)
    -> OpaquePointer?
  {
    if systemPlaces, let source = g_settings_schema_source_get_default(),
      let schema = g_settings_schema_source_lookup(source, id, 1)
    {
      return schema
    }
    for directory in directories
    where FileManager.default.fileExists(
      atPath: directory.appendingPathComponent("gschemas.compiled").path)
    {
      var error: UnsafeMutablePointer<GError>?
      guard let source = g_settings_schema_source_new_from_directory(directory.path, nil, 1, &error)
      else {
        if let error { g_error_free(error) }
        continue
      }
      defer { g_settings_schema_source_unref(source) }
      if let schema = g_settings_schema_source_lookup(source, id, 0) { return schema }
    }
    return nil
  }
}
