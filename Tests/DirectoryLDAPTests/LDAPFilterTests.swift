import DirectoryLDAP
import TestSupport
import XCTest

final class LDAPFilterTests: XCTestCase {
  func testSpecialCharactersAreEscaped() {
    XCTAssertEqual(LDAPFilter.escape("*)(uid=*"), #"\2a\29\28uid=\2a"#)
    XCTAssertEqual(LDAPFilter.escape(#"\"#), #"\5c"#)
    XCTAssertEqual(LDAPFilter.escape("a\0b"), #"a\00b"#)
    XCTAssertEqual(LDAPFilter.escape("maria.garcia"), "maria.garcia")
  }

  func testNonASCIIStaysAsUTF8() {
    XCTAssertEqual(LDAPFilter.escape("Jürgen 山田 🙂"), "Jürgen 山田 🙂")
  }

  func testTheSearchFilterMatchesUsernameOrDisplayName() {
    XCTAssertEqual(
      LDAPFilter.search("ma", within: "(objectClass=*)", schema: .openLDAP),
      "(&(objectClass=*)(|(uid=*ma*)(displayName=*ma*)))")
    XCTAssertEqual(
      LDAPFilter.search("*)(uid=*", within: "(objectClass=person)", schema: .activeDirectory),
      #"(&(objectClass=person)(|(sAMAccountName=*\2a\29\28uid=\2a*)(displayName=*\2a\29\28uid=\2a*)(anr=\2a\29\28uid=\2a)))"#
    )
  }

  func testAnEmptySearchIsTheWholeDirectory() {
    XCTAssertEqual(
      LDAPFilter.search("", within: "(objectClass=person)", schema: .openLDAP),
      "(objectClass=person)")
  }
}
