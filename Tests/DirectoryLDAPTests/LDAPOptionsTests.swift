import Directory
import DirectoryLDAP
import TestSupport
import XCTest

final class LDAPOptionsTests: XCTestCase {
  func testAPasswordNeverShowsInText() {
    let options = LDAPOptions(bindDN: "cn=admin", password: Secret("hunter2"))
    var dumped = ""
    dump(options, to: &dumped)
    for text in [
      "\(options)", String(reflecting: options), dumped, "\(options.password!)",
      String(reflecting: options.password!),
    ] {
      XCTAssertFalse(text.contains("hunter2"), text)
    }
    XCTAssertEqual("\(Secret("hunter2"))", "<redacted>")
  }

  func testSafeDefaults() {
    let options = LDAPOptions()
    XCTAssertFalse(options.insecureTLS)
    XCTAssertFalse(options.allowPlaintextPassword)
    XCTAssertFalse(options.startTLS)
    XCTAssertEqual(options.schema, .openLDAP)
    XCTAssertEqual(options.identity, .distinguishedName)
  }

  func testSchemasNameTheirAttributes() {
    XCTAssertEqual(LDAPSchema.openLDAP.usernameAttribute, "uid")
    XCTAssertEqual(LDAPSchema.openLDAP.photoAttribute, "jpegPhoto")
    XCTAssertEqual(LDAPSchema.openLDAP.sortAttribute, "uid")
    XCTAssertEqual(LDAPSchema.openLDAP.sortOrderingRule, "caseIgnoreOrderingMatch")
    XCTAssertEqual(LDAPSchema.activeDirectory.usernameAttribute, "sAMAccountName")
    XCTAssertEqual(LDAPSchema.activeDirectory.photoAttribute, "thumbnailPhoto")
  }
}
