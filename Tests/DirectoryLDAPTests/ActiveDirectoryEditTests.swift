import Directory
import Foundation
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// Changing people on Active Directory (the tests' Samba DC), which has no
/// Assertion control: each change deletes exactly the values seen and adds
/// the new ones, so a change made meanwhile fails it. A person changes
/// their own telephone number (AD lets SELF write its personal
/// information), is refused someone else's in the server's words, and of
/// two who saw the same number the second gets a conflict; the server says
/// which fields each may write (`allowedAttributesEffective`).
final class ActiveDirectoryEditTests: XCTestCase {
  /// The OU of this class's people, beside the shared DC's people (whose
  /// count other classes check).
  private static let base = "OU=Editing,\(TestSambaDC.baseDN)"
  private static let people = [
    "edit.ada": "Edit Ada", "edit.grace": "Edit Grace", "edit.alan": "Edit Alan",
  ]
  private static let phones = [
    "edit.ada": "+44 20 7946 0001", "edit.grace": "+1 202 555 0102",
    "edit.alan": "+44 161 555 0103",
  ]

  /// `username`'s password.
  private static func password(of username: String) -> String { "\(username)-Passw0rd!" }

  private static func dn(_ username: String) -> String { "CN=\(people[username]!),\(base)" }

  nonisolated(unsafe) private static var dc: TestSambaDC?
  private var folder: TemporaryDirectory!

  override class func setUp() {
    super.setUp()
    do {
      let dc = try TestSambaDC.shared()
      var ldif = "dn: \(base)\nchangetype: add\nobjectClass: organizationalUnit\nou: Editing\n\n"
      for (username, name) in people.sorted(by: { $0.key < $1.key }) {
        // unicodePwd: the quoted password in UTF-16LE, set over LDAPS.
        let password = Data(
          ("\"" + password(of: username) + "\"").utf16.flatMap {
            [UInt8($0 & 0xFF), UInt8($0 >> 8)]
          })
        ldif += """
          dn: \(dn(username))
          changetype: add
          objectClass: user
          sAMAccountName: \(username)
          displayName: \(name)
          title: Analyst
          telephoneNumber: \(phones[username]!)
          unicodePwd:: \(password.base64EncodedString())
          userAccountControl: 512


          """
      }
      ldif += """
        dn: CN=Editors,\(base)
        changetype: add
        objectClass: group
        sAMAccountName: editors
        member: \(dn("edit.grace"))


        """
      try dc.modify(ldif)
      Self.dc = dc
    } catch {
      XCTFail("could not start the DC or add the people: \(error)")
    }
  }

  override func setUp() {
    super.setUp()
    folder = TemporaryDirectory()
  }

  override func tearDown() {
    folder = nil
    super.tearDown()
  }

  /// The people of the editing OU, signed in as `username` (nil: the
  /// administrator) over LDAPS.
  private func directory(as username: String?) throws -> LDAPDirectory {
    let dc = try XCTUnwrap(Self.dc)
    var options = LDAPOptions(
      bindDN: username.map(Self.dn) ?? TestSambaDC.administratorDN,
      password: Secret(username.map(Self.password(of:)) ?? TestSambaDC.password),
      caFile: dc.certificateAuthority.path)
    options.schema = .activeDirectory
    options.changeLog = LDAPChangeLog(
      path: folder.url.appendingPathComponent("roster/changes.ldif").path)
    return try LDAPDirectory(
      url: dc.ldapsURL(base: Self.base) + "??one?(&(objectCategory=person)(objectClass=user))",
      options: options)
  }

  func testAPersonChangesTheirOwnNumberByDeletingTheOneTheySaw() async throws {
    let ada = try directory(as: "edit.ada")
    let controls = try await ada.supportedControls()
    XCTAssertFalse(controls.contains(LDAPDirectory.assertionOID), "AD has no Assertion control")
    let seen = try await ada.values(of: "edit.ada", fields: [.phone])
    let old = try XCTUnwrap(seen?[.phone])
    let outcome = try await ada.change(
      PersonEdit(
        username: "edit.ada", changes: [.init(field: .phone, seen: old, new: ["+44 20 7946 0999"])])
    )
    XCTAssertEqual(outcome, .applied(logFailure: nil))
    XCTAssertEqual(ada.statistics.valueDeletingChanges, 1)
    XCTAssertEqual(ada.statistics.assertedChanges, 0)
    let now = try await ada.values(of: "edit.ada", fields: [.phone])
    XCTAssertEqual(now?[.phone], ["+44 20 7946 0999"])
    // Back as it was, for the other tests.
    let back = try await ada.change(
      PersonEdit(
        username: "edit.ada", changes: [.init(field: .phone, seen: ["+44 20 7946 0999"], new: old)]
      ))
    XCTAssertEqual(back, .applied(logFailure: nil))
  }

  func testTheAdministratorChangesAManagerByUsernameAndADKeepsTheDN() async throws {
    let admin = try directory(as: nil)
    let before = try await admin.values(of: "edit.alan", fields: [.manager])
    XCTAssertEqual(before?[.manager], [])
    let set = try await admin.change(
      PersonEdit(
        username: "edit.alan", changes: [.init(field: .manager, seen: [], new: ["edit.grace"])]))
    XCTAssertEqual(set, .applied(logFailure: nil))
    let entry = try await admin.editedEntry("edit.alan", attributes: ["manager"])
    XCTAssertEqual(
      entry.map { LDAPDirectory.texts($0.values("manager")) }, [Self.dn("edit.grace")])
    let read = try await admin.values(of: "edit.alan", fields: [.manager])
    XCTAssertEqual(read?[.manager], ["edit.grace"])
    // Someone saw no manager: AD refuses the add beside Grace, a conflict naming her.
    let stale = try await admin.change(
      PersonEdit(
        username: "edit.alan", changes: [.init(field: .manager, seen: [], new: ["edit.ada"])]))
    XCTAssertEqual(
      stale,
      .conflict([.init(field: .manager, seen: [], requested: ["edit.ada"], current: ["edit.grace"])]
      )
    )
    let back = try await admin.change(
      PersonEdit(
        username: "edit.alan", changes: [.init(field: .manager, seen: ["edit.grace"], new: [])]))
    XCTAssertEqual(back, .applied(logFailure: nil))
  }

  func testSomeoneElsesNumberIsRefusedInTheServersWords() async throws {
    let ada = try directory(as: "edit.ada")
    let seen = Self.phones["edit.grace"]!
    let outcome = try await ada.change(
      PersonEdit(
        username: "edit.grace", changes: [.init(field: .phone, seen: [seen], new: ["+1 555"])]))
    guard case .refused(let reason) = outcome else {
      return XCTFail("not refused: \(outcome)")
    }
    XCTAssertTrue(reason.hasPrefix("Insufficient access (50)"), reason)
    let grace = try directory(as: "edit.grace")
    let kept = try await grace.values(of: "edit.grace", fields: [.phone])
    XCTAssertEqual(kept?[.phone], [seen])
  }

  func testOfTwoWhoSawTheSameNumberTheSecondGetsAConflict() async throws {
    let (first, second) = (try directory(as: "edit.grace"), try directory(as: "edit.grace"))
    let seen = [Self.phones["edit.grace"]!]
    let firstOutcome = try await first.change(
      PersonEdit(username: "edit.grace", changes: [.init(field: .phone, seen: seen, new: ["+1 1"])])
    )
    XCTAssertEqual(firstOutcome, .applied(logFailure: nil))
    let secondOutcome = try await second.change(
      PersonEdit(username: "edit.grace", changes: [.init(field: .phone, seen: seen, new: ["+1 2"])])
    )
    XCTAssertEqual(
      secondOutcome,
      .conflict([.init(field: .phone, seen: seen, requested: ["+1 2"], current: ["+1 1"])]))
    let kept = try await first.values(of: "edit.grace", fields: [.phone])
    XCTAssertEqual(kept?[.phone], ["+1 1"], "the first change stands")
    let back = try await first.change(
      PersonEdit(username: "edit.grace", changes: [.init(field: .phone, seen: ["+1 1"], new: seen)])
    )
    XCTAssertEqual(back, .applied(logFailure: nil))
  }

  func testTheServerSaysWhichFieldsEachMayWrite() async throws {
    let ada = try directory(as: "edit.ada")
    let fields: [EditableField] = [.phone, .title, .displayName]
    let ownFields = try await ada.writableFields(of: "edit.ada", among: fields)
    let own = try XCTUnwrap(ownFields)
    XCTAssertTrue(own.contains(.phone), "\(own)")
    let othersFields = try await ada.writableFields(of: "edit.grace", among: fields)
    let others = try XCTUnwrap(othersFields)
    XCTAssertFalse(others.contains(.phone), "\(others)")
    XCTAssertTrue(others.isSubset(of: own))
    let nobody = try await ada.writableFields(of: "nobody.here", among: fields)
    XCTAssertNil(nobody)
  }

  /// `username`'s userAccountControl, as the administrator reads it.
  private func accountControl(_ username: String) async throws -> Int? {
    let entry = try await directory(as: nil).editedEntry(
      username, attributes: ["userAccountControl"])
    return entry.flatMap { LDAPDirectory.texts($0.values("userAccountControl")).first }
      .flatMap { Int($0) }
  }

  func testTheAdministratorTurnsAnAccountOffAndOnAndAUserMayNot() async throws {
    let admin = try directory(as: nil)
    let before = try await accountControl("edit.alan")
    XCTAssertEqual(before.map { $0 & 2 }, 0, "on at first")
    let off = try await admin.setActive(false, username: "edit.alan")
    XCTAssertEqual(off, .changed(logFailure: nil))
    let flags = try await accountControl("edit.alan")
    XCTAssertEqual(flags, before.map { $0 | 2 }, "ACCOUNTDISABLE alone added")
    let person = try await admin.person(username: "edit.alan")
    XCTAssertEqual(person?.isActive, false, "read as disabled")
    let again = try await admin.setActive(false, username: "edit.alan")
    XCTAssertEqual(again, .alreadySo)

    let ada = try directory(as: "edit.ada")
    let refused = try await ada.setActive(true, username: "edit.alan")
    guard case .refused(let reason) = refused else { return XCTFail("not refused: \(refused)") }
    XCTAssertTrue(reason.hasPrefix("Insufficient access (50)"), reason)

    let on = try await admin.setActive(true, username: "edit.alan")
    XCTAssertEqual(on, .changed(logFailure: nil))
    let restored = try await accountControl("edit.alan")
    XCTAssertEqual(restored, before)
    let nobody = try await admin.setActive(true, username: "nobody.here")
    XCTAssertEqual(nobody, .noSuchPerson)
  }

  func testRosterDisableAndEnableRunAsCommandsAndAreLogged() throws {
    let dc = try XCTUnwrap(Self.dc)
    let common = [
      "--source",
      dc.ldapsURL(base: Self.base) + "??one?(&(objectCategory=person)(objectClass=user))",
      "--bind-dn", TestSambaDC.administratorDN, "--ldap-schema", "ad", "--ca-file",
      dc.certificateAuthority.path,
    ]
    let environment = [
      "ROSTER_BIND_PASSWORD": TestSambaDC.password, "XDG_DATA_HOME": folder.url.path,
    ]
    let disable = try RosterProcess.run(
      ["disable"] + common + ["edit.alan"], environment: environment)
    XCTAssertEqual(disable.status, 0, disable.errors)
    let enable = try RosterProcess.run(
      ["enable"] + common + ["edit.alan"], environment: environment)
    XCTAssertEqual(enable.status, 0, enable.errors)
    let twice = try RosterProcess.run(
      ["enable"] + common + ["edit.alan"], environment: environment)
    XCTAssertEqual(twice.status, 0, twice.errors)
    XCTAssertTrue(twice.errors.contains("edit.alan: account already was on"), twice.errors)
    let edits = try RosterProcess.run(["edits", "--since", "1d"], environment: environment)
    XCTAssertEqual(edits.status, 0, edits.errors)
    XCTAssertEqual(
      edits.output.split(separator: "\n").filter { $0.contains("\tuserAccountControl\t") }.count,
      2, edits.output)
    XCTAssertFalse(edits.output.contains(TestSambaDC.password))
  }

  func testTheAdministratorPutsAPersonInAGroupAndTakesThemOut() async throws {
    let admin = try directory(as: nil)
    let group = "CN=Editors,\(Self.base)"
    func members() async throws -> [String] {
      let entry = try await admin.perform { session, flag throws(DirectoryError) in
        try session.search(
          LDAPSearchRequest(
            base: group, scope: .base, filter: "(objectClass=*)", attributes: ["member"]),
          cancel: flag
        ).entries.first
      }
      return LDAPDirectory.texts(entry?.values("member") ?? []).sorted()
    }
    let added = try await admin.setMember(true, username: "edit.ada", group: "Editors")
    XCTAssertEqual(added, .changed(logFailure: nil))
    let both = try await members()
    XCTAssertEqual(both, [Self.dn("edit.ada"), Self.dn("edit.grace")].sorted())
    let twice = try await admin.setMember(true, username: "edit.ada", group: "Editors")
    XCTAssertEqual(twice, .alreadySo)
    let ada = try directory(as: "edit.ada")
    let refused = try await ada.setMember(false, username: "edit.grace", group: "Editors")
    guard case .refused(let reason) = refused else { return XCTFail("not refused: \(refused)") }
    XCTAssertTrue(reason.hasPrefix("Insufficient access (50)"), reason)
    let removed = try await admin.setMember(false, username: "edit.ada", group: "Editors")
    XCTAssertEqual(removed, .changed(logFailure: nil))
    let left = try await members()
    XCTAssertEqual(left, [Self.dn("edit.grace")])
  }

  func testTheBindDNNamesThePersonSignedIn() async throws {
    // Active Directory answers no Who am I?: the bind DN's entry is read.
    let ada = try directory(as: "edit.ada")
    let username = try await ada.signedInUsername()
    XCTAssertEqual(username, "edit.ada")
  }
}
