import LDAPDemo
import TestSupport
import XCTest

extension TestServer {
  /// A started server for a test class's `setUp`, or nil after reporting
  /// why it could not start.
  static func started(
    people: [LDIFPerson], groups: [LDIFGroup] = [], memberOf: Bool = false,
    virtualListView: Bool = true, tls: SlapdConfiguration.TLSFiles? = nil, folder: URL? = nil
  ) -> TestServer? {
    do {
      return try TestServer(
        people: people, groups: groups, memberOf: memberOf, virtualListView: virtualListView,
        tls: tls, folder: folder)
    } catch {
      XCTFail("could not start slapd: \(error)")
      return nil
    }
  }

}
