import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import RosterKit

/// The shell's search is the person's choice and bounded, asked over a
/// private D-Bus session (``SearchProviderSession``) as any program on the
/// session bus could: off until turned on, nothing searched for fewer than
/// three characters, metas only for results this Roster returned, and huge
/// calls answered at once with nothing.
final class SearchProviderBoundsTests: XCTestCase {
  private let people = [
    LDIFPerson(
      uid: "ingrid", cn: "Ingrid Bergström", sn: "Bergström", displayName: "Ingrid Bergström"),
    LDIFPerson(uid: "ingram", cn: "Ingram Smith", sn: "Smith", displayName: "Ingram Smith"),
  ]

  private func users(in folder: URL) throws -> RememberedDirectory {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let users = folder.appendingPathComponent("users.json")
    try Data(
      #"""
      {"people": [
        {"id": "p-ingrid", "username": "ingrid", "displayName": "Ingrid Bergström"},
        {"id": "p-ingram", "username": "ingram", "displayName": "Ingram Smith"}
      ]}
      """#.utf8
    ).write(to: users)
    return RememberedDirectory(kind: .jsonFile, location: users.path)
  }

  func testTheOverviewFindsNothingUntilTheSearchIsTurnedOn() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-search-off-\(UUID())")
    defer { try? FileManager.default.removeItem(at: data) }
    let directory = try users(in: data)
    let session = try SearchProviderSession(remembering: directory, searchProvider: false)
    defer { session.stop() }
    XCTAssertEqual(try session.results(["ingr"]), [])
    let (metas, _) = try session.callProvider(
      "GetResultMetas", [SearchProviderSession.array(["\(directory.id)/p-ingrid"])])
    XCTAssertFalse(metas.contains("Ingrid"), metas)
  }

  func testAResultNeverReturnedGetsNoMeta() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-search-unasked-\(UUID())")
    defer { try? FileManager.default.removeItem(at: data) }
    let directory = try users(in: data)
    let session = try SearchProviderSession(remembering: directory)
    defer { session.stop() }
    let ingrid = "\(directory.id)/p-ingrid"
    let (before, _) = try session.callProvider(
      "GetResultMetas", [SearchProviderSession.array([ingrid])])
    XCTAssertEqual(before, "(@aa{sv} [],)", "a person named but never found")
    XCTAssertEqual(try session.results(["ingri"]), [ingrid])
    let (after, _) = try session.callProvider(
      "GetResultMetas", [SearchProviderSession.array([ingrid, "\(directory.id)/p-ingram"])])
    XCTAssertTrue(after.contains("'name': <'Ingrid Bergström'>"), after)
    XCTAssertFalse(after.contains("Ingram"), "Ingram was never returned: \(after)")
  }

  func testATwoCharacterSearchDoesNotAskTheServer() throws {
    let server = try TestServer(people: people)
    defer { server.shutDown() }
    let directory = RememberedDirectory(kind: .ldap, location: server.peopleURL)
    let session = try SearchProviderSession(remembering: directory)
    defer { session.stop() }
    XCTAssertEqual(try session.results(["ingr"]).count, 2, "the server is searched")
    XCTAssertEqual(try session.results(["in"]), [])
    XCTAssertEqual(try session.results([" i ", "n "]), [])
    XCTAssertEqual(try session.results(["i", "n"]), [], "two characters in two terms")
  }

  func testHugeCallsGetNothingAtOnce() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-search-huge-\(UUID())")
    defer { try? FileManager.default.removeItem(at: data) }
    let directory = try users(in: data)
    let session = try SearchProviderSession(remembering: directory)
    defer { session.stop() }
    let ingrid = "\(directory.id)/p-ingrid"
    XCTAssertEqual(try session.results(["ingri"]), [ingrid])

    // A megabyte of terms: nothing searched, answered at once.
    let megabyte = "ingrid" + String(repeating: "x", count: 1 << 20)
    let (found, searchTook) = try session.callProvider(
      "GetInitialResultSet",
      parameters: DBusValues.tuple([DBusValues.stringArray([megabyte])]))
    print("a 1 MB term: \(found.prefix(40)) in \(searchTook)")
    XCTAssertEqual(found, "([],)")
    XCTAssertLessThan(searchTook, .milliseconds(500))
    let (manyTerms, _) = try session.callProvider(
      "GetInitialResultSet",
      parameters: DBusValues.tuple([
        DBusValues.stringArray(["ingrid"] + Array(repeating: "i", count: 10_000))
      ]))
    XCTAssertEqual(manyTerms, "([],)")

    // Ten thousand ids, the one returned last among them: only the first
    // 256 are read.
    let ids = (0..<10_000).map { "\(directory.id)/p-\($0)" }
    let (late, idsTook) = try session.callProvider(
      "GetResultMetas", parameters: DBusValues.tuple([DBusValues.stringArray(ids + [ingrid])]))
    print("10,001 ids: \(late.prefix(40)) in \(idsTook)")
    XCTAssertEqual(late, "([],)")
    XCTAssertLessThan(idsTook, .milliseconds(500))
    let (early, _) = try session.callProvider(
      "GetResultMetas", parameters: DBusValues.tuple([DBusValues.stringArray([ingrid] + ids)]))
    XCTAssertTrue(early.contains("'Ingrid Bergström'"), String(early.prefix(300)))
  }
}
