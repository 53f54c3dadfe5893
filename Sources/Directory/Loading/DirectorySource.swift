import FoundationEssentials
import Glibc
import SharedSupport

/// Where a directory's people file comes from: a users.json, or a file in
/// a format a directory kind reads (``PeopleFileFormat``).
///
/// Threading: a plain value; `Sendable`.
public enum DirectorySource: Sendable, Hashable, CustomStringConvertible {
  /// A local file (absolute file URL), users.json unless said otherwise.
  case file(URL, format: PeopleFileFormat = .usersJSON)
  /// An http or https URL of a users.json.
  case remote(URL)

  /// The name of the file looked for when the argument is a folder.
  public static let defaultFileName = "users.json"

  /// Reads a command-line argument: an http(s) URL, a file:// URL, or a path,
  /// absolute or relative to the current directory ("~/" expands). A path to
  /// an existing folder means the users.json inside it. A file is read as
  /// `format`; a URL is always a users.json.
  public init(argument: String, format: PeopleFileFormat = .usersJSON) throws(DirectoryError) {
    let trimmed = argument.trimmed
    guard !trimmed.isEmpty else { throw .unsupportedSource(argument) }
    if let scheme = Self.scheme(of: trimmed) {
      guard let url = URL(string: trimmed) else { throw .unsupportedSource(argument) }
      switch scheme {
      case "http", "https":
        guard let host = url.host, !host.isEmpty else { throw .unsupportedSource(argument) }
        self = .remote(url)
      case "file":
        self = .file(Self.fileURL(path: url.path), format: format)
      default:
        throw .unsupportedSource(argument)
      }
    } else {
      self = .file(Self.fileURL(path: Self.expandingTilde(trimmed)), format: format)
    }
  }

  /// The JSON's own URL; relative avatar paths of a remote directory resolve
  /// against it.
  public var baseURL: URL {
    switch self {
    case .file(let url, _), .remote(let url): url
    }
  }

  /// The folder holding a local JSON file, which relative avatar paths are
  /// relative to; nil for a remote directory.
  public var baseDirectory: URL? {
    switch self {
    case .file(let url, _): url.deletingLastPathComponent()
    case .remote: nil
    }
  }

  /// A file's path or a remote URL, as the user would type it.
  public var description: String {
    switch self {
    case .file(let url, _): url.path
    case .remote(let url): url.absoluteString
    }
  }

  /// The lower-cased URL scheme when `text` starts like "scheme://" or
  /// "file:"; nil for a plain path (which may itself contain a colon).
  private static func scheme(of text: String) -> String? {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let scheme = text[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    let rest = text[text.index(after: colon)...]
    let lowered = scheme.lowercased()
    guard rest.hasPrefix("//") || lowered == "file" else { return nil }
    return lowered
  }

  /// `path` with a leading `~` (the user's home) or `~name` (that user's)
  /// replaced, as a shell would; anything else as it is.
  static func expandingTilde(_ path: String) -> String {
    guard path.hasPrefix("~") else { return path }
    let name = path.dropFirst().prefix { $0 != "/" }
    let rest = path.dropFirst(1 + name.count)
    let home: String?
    if name.isEmpty {
      home =
        ProcessInfo.processInfo.environment["HOME"]
        ?? getpwuid(getuid())?.pointee.pw_dir.map {
          String(cString: $0)
        }
    } else {
      home = getpwnam(String(name))?.pointee.pw_dir.map { String(cString: $0) }
    }
    guard let home else { return path }
    return home + rest
  }

  private static func fileURL(path: String) -> URL {
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    var url = URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL.absoluteURL
    var isDirectory = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory {
      url.appendPathComponent(defaultFileName)
    }
    return url
  }
}
