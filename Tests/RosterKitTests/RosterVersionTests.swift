import Foundation
import RosterKit
import XCTest

/// One version everywhere: `roster --version`, the package and the AppStream
/// metadata's newest release.
final class RosterVersionTests: XCTestCase {
  func testTheNewestReleaseInTheMetadataIsThisVersion() throws {
    let url = try XCTUnwrap(ResourceLocator.resource("org.roster.Roster.metainfo.xml"))
    let text = try String(contentsOf: url, encoding: .utf8)
    let releases = text.components(separatedBy: "<release version=\"").dropFirst()
    let newest = try XCTUnwrap(releases.first?.prefix { $0 != "\"" })
    XCTAssertEqual(String(newest), RosterVersion.current)
  }

  func testTheVersionIsThreeNumbers() {
    let parts = RosterVersion.current.split(separator: ".", omittingEmptySubsequences: false)
    XCTAssertEqual(parts.count, 3)
    XCTAssertTrue(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
  }
}
