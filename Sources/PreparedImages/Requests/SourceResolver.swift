import FoundationEssentials
import SharedSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The rules of ``ImageSource/resolve(_:relativeTo:)``: what an avatar string may point at.
///
/// Paths are compared after resolving symlinks (realpath) where the file exists, so a link
/// inside the folder that points outside it is refused like "../".
///
/// Threading: stateless; callable from any thread.
enum SourceResolver {
  static func resolve(_ string: String, relativeTo base: URL) -> Result<ImageSource, ImageFailure>?
  {
    let avatar = string.trimmed
    guard !avatar.isEmpty else { return nil }
    guard !avatar.contains("\0") else { return .failure(.forbiddenPath) }

    if let scheme = scheme(of: avatar) {
      switch scheme {
      case "http", "https":
        guard let url = URL(string: avatar), url.host?.isEmpty == false else {
          return .failure(.unsupportedScheme)
        }
        return .success(.http(url))
      case "file":
        guard base.isFileURL else { return .failure(.unsupportedScheme) }
        guard let url = URL(string: avatar), (url.host ?? "").isEmpty || url.host == "localhost"
        else {
          return .failure(.forbiddenPath)
        }
        return fileSource(url.path, inFolder: folder(of: base))
      default:
        return .failure(.unsupportedScheme)
      }
    }
    if base.isFileURL {
      return fileSource(avatar, inFolder: folder(of: base))
    }
    if let baseScheme = base.scheme?.lowercased(), baseScheme == "http" || baseScheme == "https" {
      return httpSource(avatar, relativeTo: base)
    }
    return .failure(.unsupportedScheme)
  }

  /// The scheme of an absolute URL string, lowercased; nil for a path (RFC 3986 scheme syntax).
  static func scheme(of string: String) -> String? {
    guard let colon = string.firstIndex(of: ":") else { return nil }
    let candidate = string[..<colon]
    guard let first = candidate.first, first.isASCII, first.isLetter else { return nil }
    let allowed = candidate.allSatisfy {
      $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0))
    }
    return allowed ? candidate.lowercased() : nil
  }

  // MARK: - Local directories

  /// The last base folder resolved, with its real path: every avatar of a
  /// directory shares it, and finding it takes a stat and a realpath.
  private static let lastFolder = Locked<(base: URL, folder: String, realFolder: String)?>(nil)

  private static func folder(of base: URL) -> (folder: String, realFolder: String) {
    if let known = lastFolder.withLock({ $0 }), known.base == base {
      return (known.folder, known.realFolder)
    }
    let folder = fileFolder(of: base)
    let realFolder = realPath(folder) ?? lexicallyStandardized(folder)
    lastFolder.withLock { $0 = (base, folder, realFolder) }
    return (folder, realFolder)
  }

  private static func fileFolder(of base: URL) -> String {
    var isDirectory = false
    if base.hasDirectoryPath
      || (FileManager.default.fileExists(atPath: base.path, isDirectory: &isDirectory)
        && isDirectory)
    {
      return base.path
    }
    return base.deletingLastPathComponent().path
  }

  private static func fileSource(
    _ path: String, inFolder location: (folder: String, realFolder: String)
  ) -> Result<ImageSource, ImageFailure> {
    let (folder, folderPath) = location
    let joined = path.hasPrefix("/") ? path : folder + "/" + path
    // realpath follows symlinks and ".." exactly as open(2) would; a missing file can only be
    // checked lexically (the load then reports notFound).
    let target = realPath(joined) ?? lexicallyStandardized(joined)
    let prefix = folderPath.hasSuffix("/") ? folderPath : folderPath + "/"
    guard target.hasPrefix(prefix), target.count > prefix.count else {
      return .failure(.forbiddenPath)
    }
    return .success(.file(target))
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// "/a/./b/../c" -> "/a/c"; ".." never climbs above "/".
  static func lexicallyStandardized(_ path: String) -> String {
    var parts: [Substring] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch component {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(component)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  // MARK: - Directories served over http(s)

  private static func httpSource(_ reference: String, relativeTo base: URL) -> Result<
    ImageSource, ImageFailure
  > {
    let encoded =
      reference.percentEncoded(keeping: URLBytes.isFragmentByte)
    guard
      let url =
        (URL(string: reference, relativeTo: base) ?? URL(string: encoded, relativeTo: base))?
        .absoluteURL
    else { return .failure(.forbiddenPath) }
    // A protocol-relative "//host/x" is a relative reference too, but it leaves the folder.
    guard url.scheme?.lowercased() == base.scheme?.lowercased(), url.host == base.host,
      url.port == base.port
    else {
      return .failure(.forbiddenPath)
    }
    // Servers decode "%2e%2e" into "..": look at decoded components before comparing folders.
    let decodedPath = url.path
    guard !decodedPath.split(separator: "/").contains(where: { $0 == ".." }) else {
      return .failure(.forbiddenPath)
    }
    let folder = base.hasDirectoryPath ? base.path : base.deletingLastPathComponent().path
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    let target = lexicallyStandardized(decodedPath)
    guard target.hasPrefix(prefix) else { return .failure(.forbiddenPath) }
    return .success(.http(url))
  }
}
