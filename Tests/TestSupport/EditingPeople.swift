import Foundation
import LDAPDemo

/// A slapd people write to, for the editing tests of the library and of
/// the window: each person may change their own phone, mobile, room and
/// title, bound as themselves with the password ``password(of:)``; the
/// editor (`linus`) may change anything, where the server has editors.
public enum EditingPeople {
  /// The people every editing test class starts from.
  public static let people = [
    LDIFPerson(
      uid: "ada", cn: "Ada Lovelace", sn: "Lovelace", title: "Analyst",
      telephoneNumber: "+44 20 7946 0001"),
    LDIFPerson(
      uid: "grace", cn: "Grace Hopper", sn: "Hopper", title: "Rear Admiral",
      telephoneNumber: "+1 202 555 0102"),
    LDIFPerson(uid: "linus", cn: "Linus Editor", sn: "Editor", title: "Editor"),
    LDIFPerson(
      uid: "alan", cn: "Alan Turing", sn: "Turing", title: "Mathematician",
      telephoneNumber: "+44 161 555 0103"),
    LDIFPerson(
      uid: "barbara", cn: "Barbara Liskov", sn: "Liskov", title: "Professor",
      telephoneNumber: "+1 617 555 0104"),
    LDIFPerson(
      uid: "edsger", cn: "Edsger Dijkstra", sn: "Dijkstra", title: "Professor",
      telephoneNumber: "+31 40 555 0105"),
    LDIFPerson(
      uid: "margaret", cn: "Margaret Hamilton", sn: "Hamilton", title: "Director",
      telephoneNumber: "+1 617 555 0106"),
    LDIFPerson(
      uid: "ken", cn: "Ken Thompson", sn: "Thompson", title: "Engineer",
      telephoneNumber: "+1 908 555 0107"),
    LDIFPerson(
      uid: "dennis", cn: "Dennis Ritchie", sn: "Ritchie", title: "Engineer",
      telephoneNumber: "+1 908 555 0108"),
    LDIFPerson(
      uid: "frances", cn: "Frances Allen", sn: "Allen", title: "Fellow",
      telephoneNumber: "+1 914 555 0109"),
  ]

  /// The editor, who may change every attribute.
  public static let editor = "linus"

  /// `uid`'s password.
  public static func password(of uid: String) -> String { "\(uid)-secret-password" }

  /// The DN of `uid` under ou=people.
  public static func dn(_ uid: String) -> String { "uid=\(uid),ou=people,\(TestServer.suffix)" }

  /// A started server with the people and their passwords (and `groups`),
  /// ``editor`` an editor unless `editors` is false, offering Content Sync
  /// with `contentSync`; with `passwordMinimumLength`, a password policy
  /// refusing shorter new passwords.
  public static func server(
    groups: [LDIFGroup] = [], editors: Bool = true, contentSync: Bool = false,
    passwordMinimumLength: Int? = nil
  ) throws -> TestServer {
    let editing = SlapdConfiguration.Editing(
      editors: editors ? [dn(editor)] : [], passwordMinimumLength: passwordMinimumLength)
    let server = try TestServer(people: people, groups: groups, memberOf: false) {
      configuration in
      configuration.editing = editing
      configuration.contentSync = contentSync
    }
    if let policy = editing.passwordPolicy(suffix: TestServer.suffix) {
      try server.server.add(ldif: policy)
    }
    let passwords = people.map { person in
      """
      dn: \(dn(person.uid))
      changetype: modify
      replace: userPassword
      userPassword: \(password(of: person.uid))
      -

      """
    }
    try server.server.modify(ldif: passwords.joined(separator: "\n"))
    return server
  }

  /// What `attribute` of `uid` holds on `server`, read with ldapsearch (no
  /// Roster code in between), each value's bytes.
  public static func values(_ attribute: String, of uid: String, on server: TestServer) throws
    -> [[UInt8]]
  {
    let output = try server.ldapsearch(["-s", "base", attribute], base: dn(uid))
    return output.split(separator: "\n").compactMap { line -> [UInt8]? in
      if line.hasPrefix("\(attribute):: ") {
        return Data(base64Encoded: String(line.dropFirst(attribute.count + 3))).map { Array($0) }
      }
      if line.hasPrefix("\(attribute): ") { return Array(line.dropFirst(attribute.count + 2).utf8) }
      return nil
    }
  }

  /// ``values(_:of:on:)`` as text.
  public static func texts(_ attribute: String, of uid: String, on server: TestServer) throws
    -> [String]
  {
    try values(attribute, of: uid, on: server).map { String(decoding: $0, as: UTF8.self) }
  }
}
