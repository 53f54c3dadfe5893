import CGtk
import FoundationEssentials
import Glibc

/// Whether this Roster is THE Roster of the session (unique: it owns
/// org.roster.Roster on the session bus, serves the shell's search and
/// takes later launches and activations) or a Roster of its own.
///
/// The rule: unique when started by D-Bus activation (`--gapplication-service`)
/// or as a plain window (no `--source`, not headless) while a session bus is
/// known. Everything else stays independent (non-unique): headless runs
/// (`--screenshot`, `--quit-after-load`: tests, benchmarks, scripts, many at
/// once), a window on a `--source` (it shows what it was asked for, not the
/// running window), and any run without a session bus — GLib is then never
/// asked to find one (it would try X11 autolaunch), so nothing waits on a
/// bus that is not there.
///
/// Threading: a plain value; decided once, before GTK starts.
public enum ApplicationMode: Equatable, Sendable {
  /// Owns org.roster.Roster; `service` when D-Bus started it.
  case unique(service: Bool)
  /// A process of its own.
  case independent

  /// The mode for `options` in `environment`.
  public static func of(
    _ options: RosterOptions, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> ApplicationMode {
    guard hasSessionBus(environment) else { return .independent }
    if options.isService { return .unique(service: true) }
    let headless = options.quitAfterLoad || options.screenshot != nil
    return headless || options.source != nil ? .independent : .unique(service: false)
  }

  /// Whether a session bus is known without asking GLib to find one: its
  /// address in the environment, or the user's bus socket.
  static func hasSessionBus(_ environment: [String: String]) -> Bool {
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
    guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
    var status = stat()
    return stat(runtime + "/bus", &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
  }

  /// GApplication's flags for this mode.
  var flags: GApplicationFlags {
    switch self {
    case .unique(service: true): G_APPLICATION_IS_SERVICE
    case .unique(service: false): G_APPLICATION_DEFAULT_FLAGS
    case .independent: G_APPLICATION_NON_UNIQUE
    }
  }
}
