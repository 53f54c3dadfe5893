#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Appends records to a private log file (Roster's change logs): each
/// record in one write(2) to the end (`O_APPEND`: two writers never
/// interleave), the file created 0600 and its missing folders 0700; a
/// symbolic link in its place is refused.
///
/// Threading: stateless; blocks the calling thread while writing.
public enum AppendingFile {
  /// A system call that failed: its name, the path and the system's reason.
  ///
  /// Threading: a `Sendable` value.
  public struct Failure: Error, Sendable {
    public let call: String
    public let path: String
    public let reason: String
  }

  /// Where Roster keeps the data file `name`: `$XDG_DATA_HOME/roster/`
  /// when that variable holds an absolute path, else
  /// `$HOME/.local/share/roster/`; nil without either.
  public static func dataPath(of name: String, environment: [String: String]) -> String? {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/roster/" + name
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.local/share/roster/" + name
  }

  /// The process's `XDG_DATA_HOME` and `HOME`, as ``dataPath(of:environment:)`` reads them.
  public static var dataEnvironment: [String: String] {
    var environment: [String: String] = [:]
    for name in ["XDG_DATA_HOME", "HOME"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return environment
  }

  /// Appends `bytes` to `file`, making it and its folders when missing.
  public static func append(_ bytes: [UInt8], to file: String) throws(Failure) {
    try makeFolder(of: file)
    let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw failure("open", file) }
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw failure("write", file)
      }
      offset += written
    }
  }

  /// Makes the folders above `file` that are missing, each 0700.
  private static func makeFolder(of file: String) throws(Failure) {
    var parts = file.split(separator: "/").dropLast()
    var folders: [String] = []
    while !parts.isEmpty {
      folders.append("/" + parts.joined(separator: "/"))
      parts = parts.dropLast()
    }
    for folder in folders.reversed() {
      if mkdir(folder, 0o700) != 0, errno != EEXIST { throw failure("mkdir", folder) }
    }
  }

  private static func failure(_ call: String, _ path: String) -> Failure {
    Failure(call: call, path: path, reason: String(cString: strerror(errno)))
  }
}
