import Directory
import XCTest

/// A server's group printed for scripts: the columns of a local group's
/// line, a count the server did not say left empty (TSV) or out (JSON).
final class ServerGroupListingTests: XCTestCase {
  func testACountTheServerDidNotSayIsLeftEmptyOrOut() {
    let unknown = DirectoryGroupEntry(id: "cn=Sales\\2C EMEA,ou=groups", name: "Sales, EMEA")
    let tsv = GroupListing(format: .tsv)
    XCTAssertEqual(tsv.header, "group\tid\tmembers\tgroups")
    XCTAssertEqual(tsv.line(unknown), "Sales, EMEA\tcn=Sales\\\\2C EMEA,ou=groups\t\t")
    let json = GroupListing(format: .jsonl)
    XCTAssertEqual(
      json.line(unknown), #"{"group":"Sales, EMEA","id":"cn=Sales\\2C EMEA,ou=groups"}"#)
  }

  func testACountTheServerSaidIsPrinted() {
    let counted = DirectoryGroupEntry(id: "g1", name: "Design", memberCount: 12)
    XCTAssertEqual(GroupListing(format: .tsv).line(counted), "Design\tg1\t12\t")
    XCTAssertEqual(
      GroupListing(format: .jsonl).line(counted), #"{"group":"Design","id":"g1","members":12}"#)
  }
}
