import XCTest

@testable import DirectoryLDAP

/// Active Directory's binary SIDs: a person's primary group is their
/// domain's SID with `primaryGroupID` as the last sub-authority, asked for
/// with every byte escaped.
final class ObjectSIDTests: XCTestCase {
  /// S-1-5-21-1-2-3-1107: revision 1, five sub-authorities, authority 5.
  private static let person: [UInt8] =
    [1, 5, 0, 0, 0, 0, 0, 5] + [21, 0, 0, 0] + [1, 0, 0, 0] + [2, 0, 0, 0] + [3, 0, 0, 0]
    + [0x53, 0x04, 0, 0]

  func testThePrimaryGroupIsTheDomainsSIDWithItsRelativeID() throws {
    let sid = try XCTUnwrap(ObjectSID(Self.person))
    let group = sid.withRelativeID(513)
    XCTAssertEqual(group.bytes.prefix(24), Self.person.prefix(24))
    XCTAssertEqual(Array(group.bytes.suffix(4)), [0x01, 0x02, 0, 0])
    XCTAssertEqual(
      group.filterValue,
      #"\01\05\00\00\00\00\00\05\15\00\00\00\01\00\00\00\02\00\00\00\03\00\00\00\01\02\00\00"#)
  }

  func testBytesThatAreNoSIDAreRefused() {
    XCTAssertNil(ObjectSID([]))
    XCTAssertNil(ObjectSID(Array(Self.person.dropLast())), "a length the count does not give")
    XCTAssertNil(ObjectSID([2] + Self.person.dropFirst()), "another revision")
    XCTAssertNil(ObjectSID([1, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0]), "no sub-authority")
  }
}
