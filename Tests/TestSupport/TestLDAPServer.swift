import Foundation
import LDAPDemo

/// A demo slapd in a fresh temp folder, for one test class; `shutDown()`
/// stops it and removes the folder.
///
/// Threading: made in a class's `setUp`, used by its tests one at a time.
public final class TestServer: @unchecked Sendable {
  public static let suffix = "dc=example,dc=org"
  public static let password = "test-root-password"

  public let folder: URL
  public let server: DemoLDAPServer

  /// Configures, loads `people` (slapadd) and starts a server, then adds
  /// `groups` under ou=groups through it (ldapadd), in order. With
  /// `memberOf`, the server keeps memberOf for them (the `memberof` and
  /// `refint` overlays); without, it keeps none. `adjust` changes the rest
  /// of the configuration (SASL, client certificates).
  public init(
    people: [LDIFPerson], groups: [LDIFGroup] = [], memberOf: Bool = false,
    virtualListView: Bool = true, tls: SlapdConfiguration.TLSFiles? = nil, folder: URL? = nil,
    adjust: (inout SlapdConfiguration) -> Void = { _ in }
  ) throws {
    self.folder =
      folder
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "roster-ldap-tests-\(UUID().uuidString)")
    var configuration = SlapdConfiguration(
      rootPassword: Self.password, virtualListView: virtualListView, memberOf: memberOf, tls: tls)
    adjust(&configuration)
    server = try DemoLDAPServer(
      folder: self.folder.appendingPathComponent("slapd"), configuration: configuration)
    try server.load(ldif: TestPeople.ldif(people))
    try server.start()
    if !groups.isEmpty { try server.add(ldif: LDIFWriter.groups(groups, suffix: Self.suffix)) }
  }

  /// The DN groups are under.
  public static var groupsDN: String { LDIFWriter.groupsDN(suffix: suffix) }

  /// The DN of the group named `cn`.
  public static func dn(ofGroup cn: String) -> String {
    LDIFWriter.dn(ofGroup: cn, suffix: suffix)
  }

  /// The URL of the people: one level under ou=people.
  public var peopleURL: String { "\(server.url)/ou=people,\(Self.suffix)??one" }

  /// The DN of `person`.
  public static func dn(_ person: LDIFPerson) -> String { "uid=\(person.uid),ou=people,\(suffix)" }

  public var rootDN: String { server.configuration.rootDN }

  public func shutDown() {
    server.stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs /usr/bin/ldapsearch against the server with `arguments` after
  /// the address and base; returns its output.
  public func ldapsearch(_ arguments: [String], base: String = "ou=people,\(TestServer.suffix)")
    throws
    -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldapsearch")
    process.arguments =
      ["-x", "-LLL", "-o", "ldif-wrap=no", "-H", server.url, "-b", base]
      + arguments
    let pipe = Pipe()
    let input = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = input
    try process.run()
    // With virtual list view, ldapsearch asks for the next window on stdin;
    // "q" is not one, so it stops after the first. A search without it may
    // have ended already, its stdin closed: the write then fails (EPIPE),
    // which is no failure of the search.
    try? input.fileHandleForWriting.write(contentsOf: Data("q\n".utf8))
    try? input.fileHandleForWriting.close()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }
}
