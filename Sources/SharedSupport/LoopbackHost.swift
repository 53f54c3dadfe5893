import Glibc

/// Whether a host named in a URL is this machine, decided by its address:
/// an IPv4 address in 127.0.0.0/8, the IPv6 address ::1 (with or without
/// brackets, in any of its spellings), or the name `localhost` itself. A
/// name that merely begins like one (`127.evil.example`,
/// `127.0.0.1.nip.io`, `localhost.evil`) is another machine, and so is
/// anything `inet_pton` does not read as an address (`0x7f.0.0.1`,
/// `127.1`): the resolver would look those up, and could answer anything.
/// What decides where a password or a token may travel in the clear.
///
/// Threading: stateless; callable from any thread.
public enum LoopbackHost {
  /// Whether `host` (a URL's host: a name, an IPv4 address, or an IPv6
  /// address with or without brackets) never leaves this machine.
  public static func contains(_ host: String) -> Bool {
    var text = Substring(host)
    if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
    if text.lowercased() == "localhost" { return true }
    let address = String(text)
    var v4 = in_addr()
    if inet_pton(AF_INET, address, &v4) == 1 {
      // s_addr is in network order: its first byte in memory is the first octet.
      return withUnsafeBytes(of: &v4) { $0[0] } == 127
    }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, address, &v6) == 1 {
      return withUnsafeBytes(of: &v6) { bytes in
        bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
      }
    }
    return false
  }
}
