import FoundationEssentials
import Glibc
import SharedSupport

/// The secrets a person may hand Roster in its environment
/// (`$ROSTER_BIND_PASSWORD`, `$ROSTER_KEY_PASSPHRASE`, `$ROSTER_TOKEN`),
/// taken out of it once, at start: ``take()`` copies each value, overwrites
/// its bytes where the process's environment holds them (so
/// `/proc/PID/environ` and a core dump show zeros) and removes the
/// variable, before GTK or any thread starts. The apps Roster launches (the
/// mail and phone apps, which inherit the environment) and anything that
/// reads the environment later never see them; ``ServerOptions`` reads
/// them from here.
///
/// Threading: ``take()`` runs at the top of `main`, before any other
/// thread; the values are behind a lock for the reads that follow.
public enum EnvironmentSecrets {
  /// The environment variables that hold secrets.
  public static let names = [
    ServerOptions.passwordVariable, ServerOptions.keyPassphraseVariable,
    ServerOptions.tokenVariable,
  ]

  private static let taken = Locked<[String: String]?>(nil)

  /// Copies the secret variables, wipes their bytes and removes them from
  /// the environment. Call once, before any thread starts (`unsetenv` is not
  /// thread-safe); a later call finds nothing more to take.
  public static func take() {
    var values: [String: String] = [:]
    for name in names {
      guard let value = getenv(name) else { continue }
      let length = strlen(value)
      let text = String(cString: value)
      if !text.isEmpty { values[name] = text }
      // The bytes stay in the environment block after unsetenv (a core
      // dump, /proc/PID/environ): zero them first.
      memset(value, 0, length)
      unsetenv(name)
    }
    taken.withLock { current in
      current = (current ?? [:]).merging(values) { _, new in new }
    }
  }

  /// The secrets by variable name: those ``take()`` took, else (a process
  /// that never took them: a test, a library user) the environment's.
  public static var values: [String: String] {
    if let taken = taken.withLock({ $0 }) { return taken }
    var values: [String: String] = [:]
    for name in names {
      if let value = getenv(name), value.pointee != 0 { values[name] = String(cString: value) }
    }
    return values
  }
}
