import Directory
import DirectoryLDAP

/// Whether a directory is read in clear text over the network: plain
/// ldap:// to a host that is not this machine, without StartTLS. Kerberos
/// is not (it asks the server for a security layer, `minssf` 56). Decided
/// from the URL alone, by address or the name "localhost": nothing is
/// resolved or contacted to decide.
///
/// Threading: a pure function; any thread.
public enum PlaintextWarning {
  /// Whether `directory` warrants the "Not encrypted" banner.
  public static func applies(to directory: any RangedDirectory) -> Bool {
    guard let ldap = directory as? LDAPDirectory else { return false }
    return applies(servers: ldap.servers, options: ldap.options)
  }

  /// Whether any of `servers`, read with `options`, goes in clear text to
  /// another machine.
  public static func applies(servers: [LDAPURL], options: LDAPOptions) -> Bool {
    guard !options.startTLS, options.signIn != .kerberos else { return false }
    return servers.contains { !$0.isSecure && !$0.isLoopback }
  }
}
