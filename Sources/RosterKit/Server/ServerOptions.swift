import Directory
import DirectoryLDAP
import Foundation
import SharedSupport

/// How to reach a directory server, as the command line says it. The
/// password is never among them: it comes from `$ROSTER_BIND_PASSWORD` or a
/// file (``passwordFile``), so it is not in argv, logs or settings.
///
/// Threading: a plain value; `Sendable`.
public struct ServerOptions: Sendable {
  /// The DN to bind as; nil binds anonymously.
  public var bindDN: String?
  /// A file whose first line is the bind password.
  public var passwordFile: String?
  /// Upgrade ldap:// to TLS before binding.
  public var startTLS = false
  /// Trust these certificate authorities (PEM) instead of the system's.
  public var caFile: String?
  /// Accept any certificate (test servers only).
  public var insecureTLS = false
  /// Allow a password over plain ldap:// to a host that is not this machine.
  public var allowPlaintextPassword = false
  /// Active Directory's attribute names (sAMAccountName, thumbnailPhoto).
  public var activeDirectory = false
  /// The password or token when the caller already holds it (from the
  /// keyring, or typed into a dialog for this session): when set, neither
  /// the environment nor ``passwordFile`` is read.
  public var secret: Secret?

  /// Anonymous, verified, OpenLDAP's schema.
  public init() {}

  /// The environment variable a bind password is read from.
  public static let passwordVariable = "ROSTER_BIND_PASSWORD"
  /// The longest password file read.
  static let maxPasswordBytes = 4096

  /// Whether a `--source` argument names a directory server.
  public static func isServerURL(_ argument: String) -> Bool {
    let lowered = argument.trimmingCharacters(in: .whitespaces).lowercased()
    return lowered.hasPrefix("ldap://") || lowered.hasPrefix("ldaps://")
  }

  /// The directory at `url` (one LDAP URL, or a space-separated list of the
  /// servers of one directory) with these options; the password is read
  /// here, from `environment` or ``passwordFile``. TLS and the password
  /// apply alike to every server.
  public func directory(
    url: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(DirectoryError) -> any WindowedDirectory {
    var options = LDAPOptions(
      bindDN: bindDN, startTLS: startTLS, caFile: caFile,
      schema: activeDirectory ? .activeDirectory : .openLDAP)
    options.insecureTLS = insecureTLS
    options.allowPlaintextPassword = allowPlaintextPassword
    if bindDN != nil { options.password = try password(environment: environment) }
    return try LDAPDirectory(url: url, options: options)
  }

  private func password(environment: [String: String]) throws(DirectoryError) -> Secret {
    if let secret { return secret }
    if let passwordFile {
      // Bounded and non-blocking: a FIFO or a device is refused, not waited on.
      let bytes: [UInt8]
      do {
        bytes = try BoundedFileReader.read(path: passwordFile, maxBytes: Self.maxPasswordBytes)
      } catch {
        throw .passwordUnavailable("Could not read the password file \(passwordFile): \(error)")
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let line = text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
      let password = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
      guard !password.isEmpty else {
        throw .passwordUnavailable("The password file \(passwordFile) is empty")
      }
      return Secret(password)
    }
    if let value = environment[Self.passwordVariable], !value.isEmpty { return Secret(value) }
    throw .passwordUnavailable(
      "--bind-dn needs a password: set \(Self.passwordVariable) or pass --password-file")
  }
}
