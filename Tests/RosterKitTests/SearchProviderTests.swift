import DirectoryLDAP
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import RosterKit

/// GNOME Shell's search as the shell does it: a private D-Bus session
/// starts Roster by D-Bus activation and `gdbus` calls
/// org.gnome.Shell.SearchProvider2 on it (``SearchProviderSession``), for a
/// users.json, a slapd, and a server that answers nothing.
final class SearchProviderTests: XCTestCase {
  /// Three people; two match "ingr", one with an avatar file, a title and
  /// a department.
  private func jsonDirectory(in folder: URL) throws -> RememberedDirectory {
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("avatars"), withIntermediateDirectories: true)
    let root = RosterProcess.url.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let avatars = root.appendingPathComponent("data/avatars")
    let avatar = try XCTUnwrap(
      FileManager.default.contentsOfDirectory(atPath: avatars.path).sorted().first)
    try FileManager.default.copyItem(
      at: avatars.appendingPathComponent(avatar),
      to: folder.appendingPathComponent("avatars/ingrid.png"))
    let users = folder.appendingPathComponent("users.json")
    try Data(
      #"""
      {"people": [
        {"id": "p-ingrid", "username": "ingrid", "displayName": "Ingrid Bergström",
         "title": "Actor", "department": "Film", "role": "Admin", "avatar": "avatars/ingrid.png"},
        {"id": "p-bob", "username": "bob", "displayName": "Bob Smith", "role": "User"},
        {"id": "p-ingram", "username": "ingram", "displayName": "Ingram \u202Eevil", "role": "User"}
      ]}
      """#.utf8
    ).write(to: users)
    return RememberedDirectory(kind: .jsonFile, location: users.path)
  }

  func testAJSONDirectoryIsSearchedDescribedAndOpenedOnThePerson() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-search-json-\(UUID())")
    defer { try? FileManager.default.removeItem(at: data) }
    let directory = try jsonDirectory(in: data)
    let session = try SearchProviderSession(remembering: directory)
    defer { session.stop() }

    // The first call starts Roster by D-Bus activation.
    let ids = try session.results(["ingr"])
    XCTAssertEqual(ids, ["\(directory.id)/p-ingrid", "\(directory.id)/p-ingram"])
    XCTAssertEqual(try session.results(["INGR", "berg"]), ["\(directory.id)/p-ingrid"])
    XCTAssertEqual(try session.results(["nobody-here"]), [])
    let (narrowed, _) = try session.callProvider(
      "GetSubsearchResultSet", [SearchProviderSession.array(ids), "['ingra']"])
    XCTAssertEqual(SearchProviderSession.strings(in: narrowed), ["\(directory.id)/p-ingram"])

    let (metas, _) = try session.callProvider(
      "GetResultMetas", [SearchProviderSession.array(ids)])
    print("metas: \(metas)")
    XCTAssertTrue(metas.contains("'name': <'Ingrid Bergström'>"), metas)
    XCTAssertTrue(metas.contains("'description': <'Actor, Film'>"), metas)
    // The avatar file decoded and sent as a PNG of Roster's own.
    XCTAssertTrue(metas.contains("'icon': <('bytes', <[byte 0x89, 0x50, 0x4e, 0x47"), metas)
    // The spoofing name shows its mark; no picture: the generic avatar.
    XCTAssertTrue(metas.contains("'name': <'Ingram ⟨U+202E⟩evil'>"), metas)
    XCTAssertTrue(metas.contains("'avatar-default'"), metas)

    _ = try session.callProvider(
      "ActivateResult", ["'\(directory.id)/p-ingrid'", "['ingr']", "0"])
    let (status, report) = try session.readPersonPage("Ingrid Bergström")
    XCTAssertEqual(status, 0, "the person page did not show: \(report)")
  }

  func testARememberedCSVFileIsSearchedAsCSV() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-search-csv-\(UUID())")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: data) }
    let file = data.appendingPathComponent("people.csv")
    try Data("Login;Full Name;Job Title\ningrid;Ingrid Bergström;Actor\nbob;Bob Smith;\n".utf8)
      .write(to: file)
    let directory = RememberedDirectory(kind: .peopleFile, location: file.path)
    let session = try SearchProviderSession(remembering: directory)
    defer { session.stop() }

    let ids = try session.results(["berg"])
    XCTAssertEqual(ids, ["\(directory.id)/ingrid"])
    let (metas, _) = try session.callProvider(
      "GetResultMetas", [SearchProviderSession.array(ids)])
    XCTAssertTrue(metas.contains("'name': <'Ingrid Bergström'>"), metas)
    XCTAssertTrue(metas.contains("'description': <'Actor'>"), metas)
  }

  func testTheRunningRosterAnswersAndALaterLaunchGoesToIt() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-search-running-\(UUID())")
    defer { try? FileManager.default.removeItem(at: data) }
    let directory = try jsonDirectory(in: data)
    let session = try SearchProviderSession(remembering: directory)
    defer { session.stop() }
    // Roster opened as a window, not by D-Bus: it takes the name.
    let window = try session.launchRoster()
    defer { window.terminate() }
    XCTAssertTrue(session.waitForOwner(window.processIdentifier), "the window took no name")
    // A second launch hands over to it and ends.
    let second = try session.launchRoster()
    XCTAssertTrue(session.waitForExit(second), "a second Roster kept running")
    XCTAssertEqual(try session.rosterPID(), window.processIdentifier)

    XCTAssertEqual(try session.results(["ingr"]).count, 2)
    _ = try session.callProvider(
      "ActivateResult", ["'\(directory.id)/p-ingram'", "['ingr']", "0"])
    let (status, report) = try session.readPersonPage("Ingram ⟨U+202E⟩evil")
    XCTAssertEqual(status, 0, "the person page did not show: \(report)")
    XCTAssertEqual(try session.rosterPID(), window.processIdentifier, "another Roster answered")
  }

  func testAServerIsSearchedOnTheServerWithItsPhotos() throws {
    let photo = try Self.smallPNG()
    let people = [
      LDIFPerson(
        uid: "ingrid", cn: "Ingrid Bergström", sn: "Bergström", displayName: "Ingrid Bergström",
        jpegPhoto: photo, title: "Actor", ou: "Film"),
      LDIFPerson(uid: "bob", cn: "Bob Smith", sn: "Smith", displayName: "Bob Smith"),
      LDIFPerson(uid: "xavier", cn: "Ingres Painter", sn: "Painter", displayName: "Ingres Painter"),
    ]
    let server = try TestServer(people: people)
    defer { server.shutDown() }
    let directory = RememberedDirectory(kind: .ldap, location: server.peopleURL)
    let session = try SearchProviderSession(remembering: directory)
    defer { session.stop() }

    // "ingr" is in Ingrid's username and in Ingres's display name only: the
    // server's filter looks in both; the first matches come in name order.
    let ids = try session.results(["ingr"])
    XCTAssertEqual(
      ids, [2, 0].map { "\(directory.id)/\(TestServer.dn(people[$0]))" })
    XCTAssertEqual(try session.results(["ingri"]), ["\(directory.id)/\(TestServer.dn(people[0]))"])
    XCTAssertEqual(try session.results(["*)(uid=*"]), [], "the filter is escaped")

    let (metas, _) = try session.callProvider("GetResultMetas", [SearchProviderSession.array(ids)])
    print("metas: \(metas.prefix(400))…")
    XCTAssertTrue(metas.contains("'name': <'Ingrid Bergström'>"), metas)
    XCTAssertTrue(metas.contains("'description': <'Actor, Film'>"), metas)
    XCTAssertTrue(metas.contains("'icon': <('bytes', <"), metas)

    _ = try session.callProvider("ActivateResult", ["'\(ids[1])'", "['ingr']", "0"])
    let (status, report) = try session.readPersonPage("Ingrid Bergström")
    XCTAssertEqual(status, 0, "the person page did not show: \(report)")
  }

  /// The server takes the connection and never answers, and Roster's own
  /// wait for it (the LDAP operation timeout, 60 s) outlasts the test's
  /// (gdbus's 20 s): an answer at all is the provider's bound ending the
  /// search, on any machine. That it answered no sooner than its limit
  /// shows the search was waited for, not skipped.
  func testAServerThatNeverAnswersGivesNoResultsWithinItsBound() throws {
    let limit = MainActor.assumeIsolated { SearchProvider.timeLimit }
    XCTAssertLessThan(limit, .seconds(20), "the bound must end the call before gdbus gives up")
    XCTAssertGreaterThan(
      LDAPOptions().operationTimeout, .seconds(20), "the server's silence must outlast gdbus")
    // A port that takes connections and never answers them.
    let silent = try SilentPort()
    defer { silent.close() }
    let directory = RememberedDirectory(
      kind: .ldap, location: "ldap://127.0.0.1:\(silent.port)/ou=people,dc=example,dc=org??one")
    let session = try SearchProviderSession(remembering: directory)
    defer { session.stop() }
    // Start Roster first, so its start-up is not counted.
    _ = try session.startRoster()
    for terms in [["ingr"], ["ingri"]] {
      let (reply, took) = try session.callProvider(
        "GetInitialResultSet", [SearchProviderSession.array(terms)])
      XCTAssertEqual(SearchProviderSession.strings(in: reply), [])
      XCTAssertGreaterThanOrEqual(took, limit, "answered before the search's bound")
    }
  }

  /// The first avatar of the embedded directory: a small picture.
  private static func smallPNG() throws -> [UInt8] {
    let root = RosterProcess.url.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return try [UInt8](
      Data(contentsOf: root.appendingPathComponent("data/avatars/avatar-0001.png")))
  }
}
