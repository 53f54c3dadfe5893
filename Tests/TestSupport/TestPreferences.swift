import Foundation

/// Roster's GSettings schema compiled for the tests, and the environment
/// that keeps a `roster` the tests start away from the user's dconf: its
/// preferences go to a keyfile in the test's own config folder, or stay in
/// memory.
///
/// Threading: any thread (the schema is compiled once, behind a lock).
public enum TestPreferences {
  /// The package's root folder.
  public static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// .build/test-schemas, holding `gschemas.compiled` made from Resources/
  /// by glib-compile-schemas (--strict: a mistake in the schema fails here),
  /// once per test process (it replaces the file whole, so test processes
  /// running side by side never read half of one).
  public static var schemaDirectory: URL {
    get throws { try compiled.get() }
  }

  private static let compiled = Result<URL, any Error> {
    let folder = packageRoot.appendingPathComponent(".build/test-schemas", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
    process.arguments = [
      "--strict", "--targetdir=\(folder.path)",
      packageRoot.appendingPathComponent("Resources").path,
    ]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CompileFailure(message: "glib-compile-schemas failed: \(text)")
    }
    return folder
  }

  /// What glib-compile-schemas said when it failed.
  public struct CompileFailure: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
  }

  /// The variables for a `roster` process: the test's schema, and the
  /// keyfile backend (its file under `configHome`, the process's
  /// XDG_CONFIG_HOME) or, without one, the memory backend.
  public static func environment(configHome: URL?) -> [String: String] {
    var variables = ["GSETTINGS_BACKEND": configHome == nil ? "memory" : "keyfile"]
    if let schemas = try? schemaDirectory { variables["GSETTINGS_SCHEMA_DIR"] = schemas.path }
    return variables
  }

  /// The keyfile the keyfile backend keeps under `configHome`.
  public static func keyfile(configHome: URL) -> URL {
    configHome.appendingPathComponent("glib-2.0/settings/keyfile")
  }
}
