import Foundation
import LDAPDemo

/// The TLS of a test 389 Directory Server: a certificate authority of the
/// test's own and a server certificate it signs for 127.0.0.1 and
/// localhost, made by openssl in the server's folder; the two imported into
/// an instance's own NSS database (its cert dir, with `certutil` and
/// `pk12util`: the CA trusted, the server's key under the nickname 389
/// looks for); and the dse.ldif lines that open the secure port. Nothing
/// is written outside the folders given.
///
/// Threading: stateless; every method blocks while the tools run.
enum DS389TLS {
  /// The server certificate's nickname: what the template's
  /// `cn=RSA,cn=encryption,cn=config` names (`nsSSLPersonalitySSL`).
  static let serverNickname = "Server-Cert"
  static let caNickname = "Roster Test CA"

  /// Makes the CA (`ca.pem`, `ca.key`) and the server's key and
  /// certificate for 127.0.0.1 and localhost, bundled as `server.p12`
  /// (no passphrase), in `folder`. Returns the CA's PEM file: what a
  /// client trusts.
  static func makeCertificates(in folder: URL) throws -> URL {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = { (name: String) in folder.appendingPathComponent(name).path }
    try "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n"
      .appending("keyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n")
      .write(toFile: file("server.ext"), atomically: true, encoding: .utf8)
    for arguments in [
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", file("ca.key"), "-out",
        file("ca.pem"), "-days", "2", "-subj", "/CN=\(caNickname)", "-addext",
        "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
      ],
      [
        "req", "-newkey", "rsa:2048", "-nodes", "-keyout", file("server.key"), "-out",
        file("server.csr"), "-subj", "/CN=localhost",
      ],
      [
        "x509", "-req", "-in", file("server.csr"), "-CA", file("ca.pem"), "-CAkey",
        file("ca.key"), "-CAcreateserial", "-out", file("server.pem"), "-days", "2", "-extfile",
        file("server.ext"),
      ],
      [
        "pkcs12", "-export", "-in", file("server.pem"), "-inkey", file("server.key"), "-out",
        file("server.p12"), "-name", serverNickname, "-passout", "pass:",
      ],
    ] {
      try SambaTool.check("/usr/bin/openssl", arguments)
    }
    return folder.appendingPathComponent("ca.pem")
  }

  /// Makes the NSS database in `certDir` (an instance's `etc`, without a
  /// password, as ns-slapd then needs no pin file) holding the CA of
  /// `certificates` (``makeCertificates(in:)``), trusted for TLS, and the
  /// server's key and certificate.
  static func makeDatabase(in certDir: URL, certificates: URL) throws {
    let database = "sql:\(certDir.path)"
    try SambaTool.check("/usr/bin/certutil", ["-N", "-d", database, "--empty-password"])
    try SambaTool.check(
      "/usr/bin/certutil",
      [
        "-A", "-d", database, "-n", caNickname, "-t", "CT,,", "-a", "-i",
        certificates.appendingPathComponent("ca.pem").path,
      ])
    try SambaTool.check(
      "/usr/bin/pk12util",
      [
        "-i", certificates.appendingPathComponent("server.p12").path, "-d", database, "-W", "",
        "-K", "",
      ])
  }

  /// `dse` (an instance's dse.ldif, filled in, listening on 127.0.0.1)
  /// with security on and a second listener, TLS from the first byte, on
  /// 127.0.0.1:`securePort`. The template's encryption entries (the
  /// server certificate named ``serverNickname``, RSA on) stay as they
  /// are; a template without them is reported.
  static func enablingSecurity(_ dse: String, securePort: Int) throws -> String {
    let module = "dn: cn=RSA,cn=encryption,cn=config\n"
    let entry = dse.range(of: module).map {
      String(dse[$0.upperBound...]).components(separatedBy: "\n\n")[0]
    }
    guard dse.contains("dn: cn=encryption,cn=config\n"), let entry,
      entry.contains("nsSSLPersonalitySSL: \(serverNickname)"),
      entry.contains("nsSSLActivation: on")
    else {
      throw DemoLDAPError.commandFailed(
        command: "turning TLS on", status: 1,
        output: "dse.ldif has no activated cn=RSA,cn=encryption,cn=config naming \(serverNickname)")
    }
    let listener = "nsslapd-listenhost: 127.0.0.1\n"
    guard dse.contains(listener), !dse.lowercased().contains("nsslapd-security:") else {
      throw DemoLDAPError.commandFailed(
        command: "turning TLS on", status: 1,
        output: "dse.ldif listens beyond 127.0.0.1 or already sets nsslapd-security")
    }
    return dse.replacingOccurrences(
      of: listener,
      with: listener + "nsslapd-security: on\nnsslapd-securePort: \(securePort)\n"
        + "nsslapd-securelistenhost: 127.0.0.1\n")
  }
}
