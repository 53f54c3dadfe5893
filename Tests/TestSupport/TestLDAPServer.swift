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

  /// Configures, loads `people` and starts a server.
  public init(
    people: [LDIFPerson], virtualListView: Bool = true, tls: SlapdConfiguration.TLSFiles? = nil,
    folder: URL? = nil
  ) throws {
    self.folder =
      folder
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "roster-ldap-tests-\(UUID().uuidString)")
    server = try DemoLDAPServer(
      folder: self.folder.appendingPathComponent("slapd"),
      configuration: SlapdConfiguration(
        rootPassword: Self.password, virtualListView: virtualListView, tls: tls))
    try server.load(ldif: TestPeople.ldif(people))
    try server.start()
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
  public func ldapsearch(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldapsearch")
    process.arguments =
      ["-x", "-LLL", "-o", "ldif-wrap=no", "-H", server.url, "-b", "ou=people,\(Self.suffix)"]
      + arguments
    let pipe = Pipe()
    let input = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = input
    try process.run()
    // With virtual list view, ldapsearch asks for the next window on stdin;
    // "q" is not one, so it stops after the first.
    input.fileHandleForWriting.write(Data("q\n".utf8))
    try input.fileHandleForWriting.close()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }
}
