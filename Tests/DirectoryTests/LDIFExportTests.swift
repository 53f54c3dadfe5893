import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// LDIF export: a value that is not safe as it is goes base64 (the DN too),
/// so nothing in a value starts an attribute or an entry; a reader written
/// from RFC 2849 gets every hostile person back, and slapadd accepts the
/// file.
final class LDIFExportTests: XCTestCase {
  private static let base = "ou=people,dc=example,dc=org"

  private func entries(_ table: UserTable, columns: [PersonField] = PersonExport.defaultColumns)
    async throws -> (bytes: [UInt8], entries: [[LDIFReader.Value]], folder: TemporaryDirectory)
  {
    let folder = TemporaryDirectory()
    let bytes = try await ExportCorpus.export(
      table, as: PersonExport(format: .ldif, columns: columns), in: folder)
    return (bytes, try LDIFReader.entries(bytes), folder)
  }

  func testUnsafeValuesGoBase64AndSafeOnesDoNot() async throws {
    let unsafe = [
      " leading space", ":leading colon", "<leading less-than", "trailing space ", "Zoë",
      "nul\u{0}byte", "a\nb", "a\rb", "\u{202E}bidi",
    ]
    let safe = ["plain", "mid:colon", "mid<less", "mid space", "#hash", "tab\there"]
    let table = UserTable(
      (unsafe + safe).enumerated().map { number, title in
        User(username: "u\(number)", details: PersonDetails(title: title))
      })
    let (_, entries, _) = try await entries(table, columns: [.title])
    XCTAssertEqual(entries.count, unsafe.count + safe.count)
    for (entry, title) in zip(entries, unsafe + safe) {
      let value = try XCTUnwrap(entry.first { $0.name == "title" })
      XCTAssertEqual(value.text, title)
      XCTAssertEqual(value.isBase64, unsafe.contains(title), title.debugDescription)
    }
  }

  func testAHostileUsernamesDNIsBase64AndEscaped() async throws {
    let username = "evil\ndn: uid=admin,dc=example,dc=org\nuid: x, +\"\\<>;= #"
    let table = UserTable([
      User(username: username), User(username: " #lead trail "), User(username: "#hash\u{0}nul"),
    ])
    let (bytes, entries, _) = try await entries(table, columns: [.username])
    let text = String(decoding: bytes, as: UTF8.self)
    XCTAssertFalse(text.contains("\ndn: uid=admin"), text)
    XCTAssertEqual(entries.count, 3)
    let dn = try XCTUnwrap(entries.first?.first)
    XCTAssertTrue(dn.isBase64)
    XCTAssertTrue(dn.text.hasSuffix("," + Self.base), dn.text)
    XCTAssertTrue(dn.text.hasPrefix(#"uid=evil"#), dn.text)
    XCTAssertEqual(try LDIFReader.firstValue(of: dn.bytes, attribute: "uid"), Array(username.utf8))
    let second = try XCTUnwrap(entries[1].first)
    XCTAssertFalse(second.isBase64)
    XCTAssertTrue(second.text.hasPrefix(#"uid=\ #lead trail\ ,"#), second.text)
    let third = try XCTUnwrap(entries[2].first)
    XCTAssertFalse(third.isBase64, "NUL is escaped in a DN")
    XCTAssertTrue(third.text.hasPrefix(##"uid=\#hash\00nul,"##), third.text)
    XCTAssertEqual(
      try LDIFReader.firstValue(of: third.bytes, attribute: "uid"), Array("#hash\u{0}nul".utf8))
  }

  func testTheHostileCorpusReadsBackPersonForPerson() async throws {
    let table = ExportCorpus.table()
    let (_, entries, _) = try await entries(table)
    XCTAssertEqual(entries.count, table.userCount)
    let attributes: [(String, PersonField)] = [
      ("uid", .username), ("displayName", .displayName), ("mail", .email), ("title", .title),
      ("ou", .department), ("l", .location), ("telephoneNumber", .phone),
      ("employeeNumber", .employeeNumber), ("employeeType", .role),
    ]
    var base64 = 0
    for (index, entry) in entries.enumerated() {
      func values(_ name: String) -> [String] { entry.filter { $0.name == name }.map(\.text) }
      let username = try XCTUnwrap(table.text(of: .username, at: index))
      let dn = try XCTUnwrap(entry.first)
      XCTAssertEqual(
        try LDIFReader.firstValue(of: dn.bytes, attribute: "uid"), Array(username.utf8))
      XCTAssertTrue(dn.text.hasSuffix("," + Self.base))
      for (name, field) in attributes {
        XCTAssertEqual(values(name), table.text(of: field, at: index).map { [$0] } ?? [], name)
      }
      let name = table.text(of: .displayName, at: index) ?? username
      XCTAssertEqual(values("cn"), [name])
      XCTAssertEqual(values("sn"), [name])
      XCTAssertEqual(
        values("objectClass"), ["top", "person", "organizationalPerson", "inetOrgPerson"])
      let manager = entry.first { $0.name == "manager" }
      XCTAssertEqual(
        try manager.map { try LDIFReader.firstValue(of: $0.bytes, attribute: "uid") },
        table.managerIndex(at: index).map { Array(table.username(at: $0).utf8) })
      base64 += entry.filter(\.isBase64).count
    }
    XCTAssertGreaterThan(base64, 50)
  }

  func testSlapaddAcceptsTheHostileCorpus() async throws {
    let table = ExportCorpus.table()
    let (bytes, _, folder) = try await entries(table)
    let server = try DemoLDAPServer(
      folder: folder.url.appendingPathComponent("slapd"),
      configuration: SlapdConfiguration(rootPassword: "secret"))
    // slapadd reads slapcat's LDIF, which has no version line.
    let parents = """
      dn: dc=example,dc=org
      objectClass: dcObject
      objectClass: organization
      dc: example
      o: example

      dn: \(Self.base)
      objectClass: organizationalUnit
      ou: people


      """
    XCTAssertEqual(Array(bytes.prefix(11)), Array("version: 1\n".utf8))
    let file = folder.url.appendingPathComponent("all.ldif")
    try Data(Array(parents.utf8) + bytes.dropFirst(11)).write(to: file)
    let dryRun = try Self.run(
      "/usr/sbin/slapadd",
      ["-u", "-f", server.folder.appendingPathComponent("slapd.conf").path, "-l", file.path])
    XCTAssertEqual(dryRun.status, 0, dryRun.errors)
    // The same check refuses a value whose line break was written as it is.
    let broken = folder.url.appendingPathComponent("broken.ldif")
    try Data(Array(parents.utf8) + Array("dn: uid=x,\(Self.base)\nuid: x\nevil\n".utf8)).write(
      to: broken)
    let refused = try Self.run(
      "/usr/sbin/slapadd",
      ["-u", "-f", server.folder.appendingPathComponent("slapd.conf").path, "-l", broken.path])
    XCTAssertNotEqual(refused.status, 0)
  }

  private static func run(_ tool: String, _ arguments: [String]) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let text = output.fileHandleForReading.readDataToEndOfFile()
    let problems = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: text, as: UTF8.self),
      String(decoding: problems, as: UTF8.self)
    )
  }
}
