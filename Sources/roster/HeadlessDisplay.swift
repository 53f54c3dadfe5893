import Foundation

/// Runs the command again under Xvfb when there is no display, so `roster
/// bench` works the same on a desktop and on a headless machine.
enum HeadlessDisplay {
  /// Replaces the process with `xvfb-run … roster <same arguments>` when
  /// neither DISPLAY nor WAYLAND_DISPLAY is set; returns if a display exists.
  static func reexecUnderXvfbIfNeeded() throws {
    let environment = ProcessInfo.processInfo.environment
    let hasDisplay =
      !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    if hasDisplay { return }
    guard
      let xvfbRun = ["/usr/bin/xvfb-run", "/bin/xvfb-run"].first(
        where: FileManager.default.isExecutableFile)
    else {
      throw HeadlessError.noXvfb
    }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let arguments =
      [xvfbRun, "-a", "-s", "-screen 0 1280x1024x24", executable]
      + CommandLine.arguments.dropFirst()
    var cArguments = arguments.map { strdup($0) } + [nil]
    execv(xvfbRun, &cArguments)
    throw HeadlessError.execFailed(errno: errno)
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
