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
    certificate = URL(fileURLWithPath: file("ca.pem"))
    server = .init(
      certificate: URL(fileURLWithPath: file("server.pem")),
      key: URL(fileURLWithPath: file("server.key")))
  }
}
