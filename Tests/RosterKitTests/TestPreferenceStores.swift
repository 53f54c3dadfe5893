import CGtk
import Foundation
import TestSupport
import XCTest

@testable import RosterKit

/// ``Preferences`` for tests, on Roster's schema as Resources/ holds it
/// (compiled by ``TestPreferences``), in a backend of their own: a keyfile
/// in a temporary folder (it outlives the object, as dconf does) or memory.
/// None touches the user's dconf.
@MainActor
enum TestPreferenceStores {
  /// The schema from the test's compiled folder only.
  static func schema() throws -> OpaquePointer {
    try XCTUnwrap(
      PreferencesSchema.find(in: [TestPreferences.schemaDirectory], systemPlaces: false),
      "Resources/org.roster.Roster.gschema.xml compiled, without org.roster.Roster in it")
  }

  /// Preferences kept in `file` (a keyfile, made when first written).
  static func keyfile(_ file: URL) throws -> Preferences {
    try store(g_keyfile_settings_backend_new(file.path, "/", nil)!)
  }

  /// Preferences in a memory backend of their own, gone with the object.
  static func memory() throws -> Preferences {
    try store(g_memory_settings_backend_new()!)
  }

  private static func store(_ backend: UnsafeMutablePointer<GSettingsBackend>) throws
    -> Preferences
  {
    defer { g_object_unref(backend) }
    let schema = try schema()
    defer { g_settings_schema_unref(schema) }
    return Preferences(schema: schema, backend: backend)
  }
}
