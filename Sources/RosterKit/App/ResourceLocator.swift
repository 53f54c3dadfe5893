import FoundationEssentials

/// Finds Roster's files (the embedded directory in data/, the CSS and icons
/// in Resources/) wherever the package is checked out or installed.
///
/// Order: `$ROSTER_HOME`, then the folders above the executable, then the
/// package this file was compiled from. The first that holds
/// `Resources/roster.css` wins.
///
/// Threading: pure, any thread.
public enum ResourceLocator {
  /// The package (or install) root, if one can be found.
  public static let root: URL? = {
    let fileManager = FileManager.default
    var candidates: [URL] = []
    if let home = ProcessInfo.processInfo.environment["ROSTER_HOME"], !home.isEmpty {
      candidates.append(URL(fileURLWithPath: home))
    }
    var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<6 {
      candidates.append(folder)
      candidates.append(folder.appendingPathComponent("share/roster"))
      folder.deleteLastPathComponent()
    }
    // Sources/RosterKit/App/ResourceLocator.swift -> package root.
    candidates.append(
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent())
    return candidates.first {
      fileManager.fileExists(atPath: $0.appendingPathComponent("Resources/roster.css").path)
    }
  }()

  /// data/users.json, the embedded default directory.
  public static var defaultDirectory: URL? {
    guard let url = root?.appendingPathComponent("data/users.json"),
      FileManager.default.fileExists(atPath: url.path)
    else { return nil }
    return url
  }

  /// A file under Resources/.
  public static func resource(_ name: String) -> URL? {
    guard let url = root?.appendingPathComponent("Resources").appendingPathComponent(name),
      FileManager.default.fileExists(atPath: url.path)
    else { return nil }
    return url
  }

  /// The folder of Roster's message catalogues (`LANG/LC_MESSAGES/roster.mo`):
  /// the checkout's `.build/locale` (made by scripts/build-locale.sh), else
  /// the install's `share/locale` beside `share/roster`.
  public static var localeDirectory: URL? {
    guard let root else { return nil }
    return [
      root.appendingPathComponent(".build/locale"),
      root.deletingLastPathComponent().appendingPathComponent("locale"),
    ].first { FileManager.default.fileExists(atPath: $0.path) }
  }
}
