import Foundation
import LDAPDemo

/// A slapd that signs people in with Kerberos, in a realm of its own: a
/// ``TestKDC`` with a user principal for each of `users` and the service
/// `ldap/localhost`, and a ``TestServer`` holding `people` that accepts SASL
/// GSSAPI with that service's keytab and maps each principal to the entry
/// of the same uid.
///
/// Threading: made in a class's `setUp`, used by its tests one at a time.
public final class TestKerberosServer: @unchecked Sendable {
  public let kdc: TestKDC
  public let server: TestServer
  /// Each user's Kerberos password.
  public let passwords: [String: String]

  /// Starts the KDC and the server; `users` are uids of `people`; the
  /// server's `sasl-secprops` are `securityProperties` when given.
  public init(people: [LDIFPerson], users: [String], securityProperties: String? = nil) throws {
    kdc = try TestKDC()
    passwords = Dictionary(uniqueKeysWithValues: users.map { ($0, "\($0)-kerberos-secret") })
    for (user, password) in passwords { try kdc.addUser(user, password: password) }
    let keytab = try kdc.addService("ldap/localhost")
    let kdc = kdc
    do {
      server = try TestServer(people: people) { configuration in
        configuration.sasl = .init(
          realm: kdc.realm, host: "localhost",
          mappings: [
            .init(
              "uid=([^,]*),cn=\(kdc.realm.lowercased()),cn=gssapi,cn=auth",
              to: "uid=$1,ou=people,\(TestServer.suffix)")
          ], securityProperties: securityProperties)
        configuration.environment = [
          "KRB5_KTNAME": keytab.path, "KRB5_CONFIG": kdc.configurationFile.path,
        ]
      }
    } catch {
      kdc.shutDown()
      throw error
    }
  }

  /// The people, at the host name the service principal is named for.
  public var url: String {
    "ldap://localhost:\(server.server.port)/ou=people,\(TestServer.suffix)??one"
  }

  /// A ticket cache holding `user`'s ticket, fetched with kinit.
  public func ticket(_ user: String) throws -> URL {
    try kdc.kinit(user, password: passwords[user]!)
  }

  public func shutDown() {
    server.shutDown()
    kdc.shutDown()
  }
}
