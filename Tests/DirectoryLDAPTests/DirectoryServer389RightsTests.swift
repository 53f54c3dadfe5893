import Directory
import Foundation
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// Which fields a person may change on 389 Directory Server, as its Get
/// Effective Rights control says: in this class's OU everyone may read and
/// each person may write their own phone numbers, so a person is offered
/// those two of their own fields and none of another's, while the root DN
/// may write every one.
final class DirectoryServer389RightsTests: XCTestCase {
  /// This class's people, beside the shared server's (whose count other
  /// classes check).
  private static let base = "ou=rights,\(Test389Server.suffix)"
  private static let password = "rights.ada-secret"
  private static let fields: [EditableField] = [.phone, .mobile, .title, .displayName]
  nonisolated(unsafe) private static var server: Test389Server?

  override class func setUp() {
    super.setUp()
    do {
      let server = try Test389Server.shared()
      try server.add(
        """
        dn: \(base)
        objectClass: organizationalUnit
        ou: rights
        aci: (targetattr="*")(version 3.0; acl "rights read"; allow (read, search, compare) userdn="ldap:///all";)
        aci: (targetattr="telephoneNumber || mobile")(version 3.0; acl "rights own phone"; allow (write) userdn="ldap:///self";)

        dn: uid=rights.ada,\(base)
        objectClass: inetOrgPerson
        uid: rights.ada
        cn: Rights Ada
        sn: Ada
        title: Analyst
        userPassword: \(password)

        dn: uid=rights.ken,\(base)
        objectClass: inetOrgPerson
        uid: rights.ken
        cn: Rights Ken
        sn: Ken

        """, name: "rights")
      Self.server = server
    } catch {
      XCTFail("could not start 389 Directory Server or add the people: \(error)")
    }
  }

  private func directory(bindDN: String, password: String) throws -> LDAPDirectory {
    let server = try XCTUnwrap(Self.server)
    return try LDAPDirectory(
      url: server.ldapURL(base: Self.base),
      options: LDAPOptions(bindDN: bindDN, password: Secret(password)))
  }

  func testAPersonIsOfferedTheirOwnPhonesAndNothingOfAnothers() async throws {
    let ada = try directory(bindDN: "uid=rights.ada,\(Self.base)", password: Self.password)
    let own = try await ada.writableFields(of: "rights.ada", among: Self.fields)
    XCTAssertEqual(own, [.phone, .mobile])
    let others = try await ada.writableFields(of: "rights.ken", among: Self.fields)
    XCTAssertEqual(others, [])
    // What it says holds: her title is refused, her phone is not.
    let title = try await ada.change(
      PersonEdit(
        username: "rights.ada", changes: [.init(field: .title, seen: ["Analyst"], new: ["Chief"])]))
    guard case .refused = title else { return XCTFail("\(title)") }
  }

  func testTheRootDNIsOfferedEveryField() async throws {
    let root = try directory(bindDN: Test389Server.rootDN, password: Test389Server.password)
    let rights = try await root.writableFields(of: "rights.ken", among: Self.fields)
    XCTAssertEqual(rights, Set(Self.fields))
  }

  func testAnAnonymousReaderIsNotAsked() async throws {
    let server = try XCTUnwrap(Self.server)
    let anonymous = try LDAPDirectory(url: server.ldapURL(base: Self.base))
    let rights = try await anonymous.writableFields(of: "rights.ken", among: Self.fields)
    XCTAssertNil(rights)
  }

  func testRightsAreReadFromTheServersList() {
    XCTAssertEqual(
      LDAPDirectory.writableAttributes(
        inRights: ["cn:rsc, telephoneNumber:rscwo, Mobile:w", "title:rs", "broken", "sn:"]),
      ["telephonenumber", "mobile"])
  }
}
