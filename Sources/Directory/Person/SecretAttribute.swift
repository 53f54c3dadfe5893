/// The attributes of a directory entry that hold credentials: password
/// hashes (`userPassword`, Active Directory's `unicodePwd`, Samba's
/// `supplementalCredentials`, `ntPwdHistory`, `lmPwdHistory`) and Kerberos
/// keys (`krbPrincipalKey`). A server whose access rules let the reader see
/// them would otherwise hand them to the attribute view, to every export
/// and to the clipboard; Roster never asks for them and drops them where
/// an entry arrives, whatever a schema names.
///
/// Names compare as LDAP compares them: ASCII letters without regard to
/// case, and with any options after the name (`userPassword;binary`).
///
/// Threading: stateless; callable from any thread.
public enum SecretAttribute {
  /// The credential attributes, lower-cased.
  public static let names: [String] = [
    "userpassword", "unicodepwd", "supplementalcredentials", "ntpwdhistory", "lmpwdhistory",
    "krbprincipalkey",
  ]

  /// Whether the attribute named `name` (with or without options) holds a
  /// credential.
  public static func isSecret(_ name: String) -> Bool {
    var name = name
    return name.withUTF8 { isSecret(utf8: $0) }
  }

  /// Whether the attribute name in `bytes` (UTF-8, with or without
  /// options) holds a credential.
  public static func isSecret(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let base = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
    return names.contains { secret in
      secret.utf8.count == base
        && zip(secret.utf8, bytes[..<base]).allSatisfy { expected, byte in
          expected == byte || (byte >= 0x41 && byte <= 0x5A && byte | 0x20 == expected)
        }
    }
  }
}
