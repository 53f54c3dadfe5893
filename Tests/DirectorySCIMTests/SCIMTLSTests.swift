import Directory
import DirectorySCIM
import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// scim+https:// to a real scim2-server behind a TLS-ending proxy on
/// 127.0.0.1, with certificates of a certificate authority made for the
/// test: the authority in `caFile` is trusted, a stranger's is refused with
/// a sentence naming the authority expected, `insecureTLS` accepts anyone's,
/// and a CA file that cannot be read says so before any request.
final class SCIMTLSTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestSCIMServer?
  nonisolated(unsafe) private static var proxy: DelayingTCPProxy?
  nonisolated(unsafe) private static var authority: DemoCertificateAuthority?
  nonisolated(unsafe) private static var stranger: DemoCertificateAuthority?
  nonisolated(unsafe) private static var folder: URL?

  override func setUp() async throws {
    guard Self.proxy == nil else { return }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-scim-tls-\(UUID().uuidString)")
    Self.folder = folder
    let authority = try DemoCertificateAuthority(folder: folder.appendingPathComponent("ca"))
    Self.authority = authority
    Self.stranger = try DemoCertificateAuthority(
      folder: folder.appendingPathComponent("stranger"), name: "Stranger CA")
    let server = try await TestSCIMServer(people: TestSCIMServer.people(30))
    Self.server = server
    Self.proxy = try await DelayingTCPProxy.start(
      targetPort: server.port, delays: 0...0, tls: authority.server)
  }

  override class func tearDown() {
    server?.kill()
    server = nil
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  private var url: String { "scim+https://127.0.0.1:\(Self.proxy!.port)/v2" }
  private var origin: String { "https://127.0.0.1:\(Self.proxy!.port)" }

  private func directory(caFile: String?, insecure: Bool = false) throws -> SCIMDirectory {
    var options = SCIMOptions()
    options.caFile = caFile
    options.insecureTLS = insecure
    return try SCIMDirectory(url: url, token: Secret(TestSCIMServer.token), options: options)
  }

  private func failure(of directory: SCIMDirectory) async -> DirectoryError? {
    do throws(DirectoryError) {
      _ = try await directory.rows(0..<10)
      return nil
    } catch {
      return error
    }
  }

  func testTheAuthorityInTheCAFileIsTrusted() async throws {
    let window = try await directory(caFile: Self.authority!.certificate.path).rows(0..<10)
    XCTAssertEqual(window.count, 30)
    XCTAssertEqual(window.entries.first?.username, "user0000")
  }

  func testAStrangersCertificateIsRefusedNamingTheAuthorityExpected() async throws {
    let path = Self.stranger!.certificate.path
    let error = await failure(of: try directory(caFile: path))
    XCTAssertEqual(
      error,
      .scim(
        .tlsFailed(
          server: origin, reason: "its certificate is not signed by the authority in \(path)")))
    XCTAssertEqual(
      error?.errorDescription,
      "Could not set up a trusted TLS connection to \(origin): its certificate is not signed "
        + "by the authority in \(path)")
  }

  func testTheSystemsAuthoritiesDoNotTrustATestCertificate() async throws {
    let error = await failure(of: try directory(caFile: nil))
    XCTAssertEqual(
      error,
      .scim(
        .tlsFailed(server: origin, reason: "its certificate is not signed by a trusted authority")))
  }

  func testInsecureTLSAcceptsAnyCertificate() async throws {
    let window = try await directory(caFile: Self.stranger!.certificate.path, insecure: true)
      .rows(0..<5)
    XCTAssertEqual(window.entries.count, 5)
  }

  func testACAFileThatCannotBeReadIsRefusedAtOnce() throws {
    let missing = Self.folder!.appendingPathComponent("missing.pem").path
    XCTAssertThrowsError(try directory(caFile: missing)) { error in
      XCTAssertEqual(error as? DirectoryError, .fileNotFound(path: missing))
    }
    let notPEM = Self.folder!.appendingPathComponent("not.pem")
    try Data("not a certificate\n".utf8).write(to: notPEM)
    XCTAssertThrowsError(try directory(caFile: notPEM.path)) { error in
      XCTAssertEqual(
        error as? DirectoryError,
        .unreadable(path: notPEM.path, reason: "it holds no PEM certificate"))
    }
  }

  /// GIO resumes a TLS session from a cache shared by the whole process,
  /// without looking at the certificate again: a session `insecureTLS`
  /// accepted must not let a checked directory of the same server in.
  func testATLSSessionAcceptedWithoutChecksIsCheckedAgainByTheNext() async throws {
    let insecure = try await directory(caFile: nil, insecure: true).rows(0..<5)
    XCTAssertEqual(insecure.entries.count, 5)
    let error = await failure(of: try directory(caFile: nil))
    XCTAssertEqual(
      error,
      .scim(
        .tlsFailed(server: origin, reason: "its certificate is not signed by a trusted authority")))
    for _ in 0..<2 {
      let trusted = try await directory(caFile: Self.authority!.certificate.path).rows(0..<5)
      XCTAssertEqual(trusted.entries.count, 5)
    }
  }

  /// `https_proxy` sends the service's requests through the proxy (a
  /// CONNECT tunnel, TLS still checked end to end); `no_proxy` naming the
  /// host sends them straight.
  func testTheServiceIsReadThroughTheSystemsProxyUnlessNoProxyNamesIt() async throws {
    let proxy = try TestConnectProxy()
    defer { proxy.stop() }
    let service = "127.0.0.1:\(Self.proxy!.port)"
    let caFile = Self.authority!.certificate.path
    try await withEnvironment(
      ["https_proxy": proxy.address, "HTTPS_PROXY": nil, "no_proxy": nil, "NO_PROXY": nil]
    ) {
      let window = try await directory(caFile: caFile).rows(0..<10)
      XCTAssertEqual(window.entries.count, 10)
    }
    XCTAssertTrue(proxy.targets.contains(service), "\(proxy.targets)")
    let through = proxy.targets.count
    try await withEnvironment(
      ["https_proxy": proxy.address, "HTTPS_PROXY": nil, "no_proxy": "127.0.0.1", "NO_PROXY": nil]
    ) {
      let window = try await directory(caFile: caFile).rows(0..<10)
      XCTAssertEqual(window.entries.count, 10)
    }
    XCTAssertEqual(proxy.targets.count, through, "\(proxy.targets)")
  }
}
