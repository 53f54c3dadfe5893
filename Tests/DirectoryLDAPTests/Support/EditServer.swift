import Directory
import DirectoryLDAP
import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// The editing tests' slapd (``EditingPeople``) and how the library's
/// tests sign in to it and read it back.
enum EditServer {
  static let people = EditingPeople.people
  static let editor = EditingPeople.editor
  static func password(of uid: String) -> String { EditingPeople.password(of: uid) }
  static func dn(_ uid: String) -> String { EditingPeople.dn(uid) }

  /// A started server (``EditingPeople/server(groups:editors:)``), or nil
  /// after reporting why it could not start.
  static func started(groups: [LDIFGroup] = []) -> TestServer? {
    do {
      return try EditingPeople.server(groups: groups)
    } catch {
      XCTFail("could not start slapd: \(error)")
      return nil
    }
  }

  /// Options that bind as `uid` (nil: the administrator), logging changes
  /// to `log`.
  static func options(as uid: String?, log: LDAPChangeLog) -> LDAPOptions {
    var options =
      uid.map { LDAPOptions(bindDN: dn($0), password: Secret(password(of: $0))) }
      ?? LDAPOptions(
        bindDN: "cn=admin,\(TestServer.suffix)", password: Secret(TestServer.password))
    options.changeLog = log
    options.mainThreadCalls = LDAPMainThreadCalls()
    return options
  }

  static func values(_ attribute: String, of uid: String, on server: TestServer) throws
    -> [[UInt8]]
  {
    try EditingPeople.values(attribute, of: uid, on: server)
  }

  static func texts(_ attribute: String, of uid: String, on server: TestServer) throws -> [String] {
    try EditingPeople.texts(attribute, of: uid, on: server)
  }
}
