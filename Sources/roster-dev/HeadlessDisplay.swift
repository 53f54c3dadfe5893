import Foundation

/// Runs the command again under Xvfb when there is no display, so
/// `roster-dev bench` works the same on a desktop and on a headless machine;
/// tells `roster-dev demo-ldap` how to start the window the same way.
///
/// Threading: stateless; any thread.
enum HeadlessDisplay {
  /// Replaces the process with `xvfb-run … roster-dev <same arguments>` when
  /// neither DISPLAY nor WAYLAND_DISPLAY is set; returns if a display exists.
  static func reexecUnderXvfbIfNeeded() throws {
    if hasDisplay { return }
    let xvfbRun = try xvfbRunPath()
    let arguments = [xvfbRun] + xvfbArguments + [executable] + CommandLine.arguments.dropFirst()
    var cArguments = arguments.map { strdup($0) } + [nil]
    execv(xvfbRun, &cArguments)
    throw HeadlessError.execFailed(errno: errno)
  }

  /// Whether DISPLAY or WAYLAND_DISPLAY is set.
  static var hasDisplay: Bool {
    let environment = ProcessInfo.processInfo.environment
    return !(environment["DISPLAY"] ?? "").isEmpty
      || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
  }

  /// xvfb-run's options before the command: the screen `make run` uses, and
  /// a server that stays up when its last client leaves (it would reset,
  /// refusing clients that connect meanwhile).
  static let xvfbArguments = ["-a", "-s", "-screen 0 1280x1024x24 -noreset"]

  /// Where xvfb-run is; throws when it is not installed.
  static func xvfbRunPath() throws -> String {
    guard
      let path = ["/usr/bin/xvfb-run", "/bin/xvfb-run"].first(
        where: FileManager.default.isExecutableFile)
    else { throw HeadlessError.noXvfb }
    return path
  }

  /// This executable's resolved path (not argv[0], which may be relative
  /// or a name found on PATH).
  static var executable: String {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
  }

  /// The `roster` app built beside this executable.
  static var roster: String {
    URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("roster")
      .path
  }

  enum HeadlessError: Error, CustomStringConvertible {
    case noXvfb
    case execFailed(errno: Int32)

    var description: String {
      switch self {
      case .noXvfb: "no display: set DISPLAY, or install xvfb (make deps) so Roster can start Xvfb"
      case .execFailed(let code): "could not start xvfb-run: \(String(cString: strerror(code)))"
      }
    }
  }
}
