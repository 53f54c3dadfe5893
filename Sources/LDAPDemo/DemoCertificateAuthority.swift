import Foundation

/// A certificate authority made on the spot with openssl, and a server
/// certificate it signed for 127.0.0.1 and localhost: TLS for the demo
/// server without touching the system's trust store.
///
/// Threading: a plain value; `Sendable`. `init` blocks while openssl runs.
public struct DemoCertificateAuthority: Sendable {
  /// The CA's certificate (PEM): what a client trusts.
  public let certificate: URL
  /// The server's certificate and key, for ``SlapdConfiguration/TLSFiles``.
  public let server: SlapdConfiguration.TLSFiles
  /// Where the CA's files are.
  private let folder: URL

  /// Makes the CA named `name` and its server certificate in `folder`
  /// (EC P-256 keys: quick to make; valid for two days).
  public init(folder: URL, name: String = "Roster Demo CA") throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
    let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    try DemoCommand.run(
      "/usr/bin/openssl",
      ["req", "-x509"] + key + [
        "-keyout", file("ca.key"), "-out", file("ca.pem"), "-days", "2", "-subj", "/CN=\(name)",
      ])
    try DemoCommand.run(
      "/usr/bin/openssl",
      ["req"] + key + [
        "-keyout", file("server.key"), "-out", file("server.csr"), "-subj", "/CN=127.0.0.1",
      ])
    try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(
      toFile: file("server.ext"), atomically: true, encoding: .utf8)
    try DemoCommand.run(
      "/usr/bin/openssl",
      [
        "x509", "-req", "-in", file("server.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key"),
        "-CAcreateserial", "-out", file("server.pem"), "-days", "2", "-extfile", file("server.ext"),
      ])
    self.folder = folder
    certificate = URL(fileURLWithPath: file("ca.pem"))
    server = .init(
      certificate: URL(fileURLWithPath: file("server.pem")),
      key: URL(fileURLWithPath: file("server.key")))
  }

  /// A client certificate for the subject "/O=Roster Test/CN=`commonName`"
  /// signed by this CA, and its key (EC P-256), made in the CA's folder.
  /// With `passphrase`, the key is encrypted with it (PKCS #8; the
  /// passphrase goes to openssl through a file, not its arguments).
  public func clientCertificate(for commonName: String, passphrase: String? = nil) throws -> (
    certificate: URL, key: URL
  ) {
    func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
    let name = "client-\(UUID().uuidString)"
    try DemoCommand.run(
      "/usr/bin/openssl",
      [
        "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
        file("\(name).key"), "-out", file("\(name).csr"), "-subj",
        "/O=Roster Test/CN=\(commonName)",
      ])
    try DemoCommand.run(
      "/usr/bin/openssl",
      [
        "x509", "-req", "-in", file("\(name).csr"), "-CA", certificate.path, "-CAkey",
        file("ca.key"), "-CAcreateserial", "-out", file("\(name).pem"), "-days", "2",
      ])
    var key = file("\(name).key")
    if let passphrase {
      let secret = file("\(name).passphrase")
      try passphrase.write(toFile: secret, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(atPath: secret) }
      try DemoCommand.run(
        "/usr/bin/openssl",
        [
          "pkcs8", "-topk8", "-in", key, "-out", file("\(name)-encrypted.key"), "-passout",
          "file:\(secret)",
        ])
      key = file("\(name)-encrypted.key")
    }
    return (URL(fileURLWithPath: file("\(name).pem")), URL(fileURLWithPath: key))
  }
}
