import Foundation

extension CompanyPeople {
  /// The LDIF of the people and their groups on a 389 Directory Server
  /// under `base`, as its own tools and FreeIPA keep them: people in
  /// `ou=people` (`inetOrgPerson`, `posixAccount` and `nsAccount`, the
  /// disabled ones with `nsAccountLock: true`, the office in `roomNumber`),
  /// groups in the sibling `ou=groups` (`groupOfNames`), "All Staff"
  /// holding the first two departments' groups. The two OUs carry the
  /// access controls 389's sample entries give them: anonymous readers and
  /// ordinary users see a person's names, username, email and groups, and
  /// nothing else. Expects `base` and the OUs to exist
  /// (``ous389(base:)``).
  public func ldif389(base: String) -> String {
    var lines: [String] = []
    for (index, person) in people.enumerated() {
      lines += [
        "dn: \(dn389(index, base: base))", "objectClass: top", "objectClass: inetOrgPerson",
        "objectClass: posixAccount", "objectClass: nsAccount", "uid: \(person.username)",
        "cn: \(person.commonName)", "sn: Staff", "displayName: \(person.displayName)",
        "title: \(person.title)", "ou: \(person.department)", "roomNumber: \(person.office)",
        "l: \(person.city)", "mobile: \(person.mobile)", "mail: \(person.mail)",
        "telephoneNumber: \(person.telephoneNumber)",
        "employeeNumber: \(person.employeeNumber)", "employeeType: \(person.employeeType)",
        "uidNumber: \(10_000 + index)", "gidNumber: \(10_000 + index)",
        "homeDirectory: /home/\(person.username)",
      ]
      if let manager = person.manager { lines.append("manager: \(dn389(manager, base: base))") }
      if person.disabled { lines.append("nsAccountLock: true") }
      if let photo = person.photo {
        lines.append("jpegPhoto:: \(Data(photo).base64EncodedString())")
      }
      lines.append("")
    }
    for (number, group) in departmentGroups.enumerated() {
      lines += [
        "dn: \(Self.dn389(ofGroup: group, base: base))", "objectClass: groupOfNames",
        "cn: \(group)",
      ]
      for (index, person) in people.enumerated()
      where person.department == Self.departments[number] {
        lines.append("member: \(dn389(index, base: base))")
      }
      lines.append("")
    }
    lines += [
      "dn: \(Self.dn389(ofGroup: Self.nestingGroup, base: base))", "objectClass: groupOfNames",
      "cn: \(Self.nestingGroup)",
      "member: \(Self.dn389(ofGroup: departmentGroups[0], base: base))",
      "member: \(Self.dn389(ofGroup: departmentGroups[1], base: base))", "",
    ]
    return lines.joined(separator: "\n")
  }

  /// The suffix entry and its two OUs with the access controls of 389's
  /// sample entries (version 1.4 and later): anyone reads the suffix's and
  /// the OUs' names; a person's names, username, email, groups and account
  /// lock (posixAccount entries), and a group's name and members.
  public static func ous389(base: String) -> String {
    let domain = base.split(separator: ",")[0].split(separator: "=")[1]
    return """
      dn: \(base)
      objectClass: top
      objectClass: domain
      dc: \(domain)
      aci: (targetattr="dc || description || objectClass")(targetfilter="(objectClass=domain)")\
      (version 3.0; acl "Enable anyone domain read"; allow (read, search, compare)\
      (userdn="ldap:///anyone");)
      aci: (targetattr="ou || objectClass")(targetfilter="(objectClass=organizationalUnit)")\
      (version 3.0; acl "Enable anyone ou read"; allow (read, search, compare)\
      (userdn="ldap:///anyone");)

      dn: ou=people,\(base)
      objectClass: top
      objectClass: organizationalUnit
      ou: people
      aci: (targetattr="objectClass || description || nsUniqueId || uid || displayName || \
      loginShell || uidNumber || gidNumber || gecos || homeDirectory || cn || memberOf || mail || \
      nsSshPublicKey || nsAccountLock || userCertificate")(targetfilter="(objectClass=posixaccount)")\
      (version 3.0; acl "Enable anyone user read"; allow (read, search, compare)\
      (userdn="ldap:///anyone");)
      aci: (targetattr="displayName || nsSshPublicKey")(version 3.0; \
      acl "Enable self partial modify"; allow (write)(userdn="ldap:///self");)

      dn: ou=groups,\(base)
      objectClass: top
      objectClass: organizationalUnit
      ou: groups
      aci: (targetattr="cn || member || gidNumber || nsUniqueId || description || objectClass")\
      (targetfilter="(objectClass=groupOfNames)")(version 3.0; acl "Enable anyone group read"; \
      allow (read, search, compare)(userdn="ldap:///anyone");)


      """
  }

  /// Three people where FreeIPA keeps them, `cn=users,cn=accounts` under
  /// `base` (with the containers, the users' readable by anyone), so that
  /// a URL without a base DN finds them as it finds FreeIPA's.
  public static func freeIPAUsers389(base: String) -> (ldif: String, usernames: [String]) {
    let usernames = ["ipa.ada", "ipa.grace", "ipa.linus"]
    var lines = [
      "dn: cn=accounts,\(base)", "objectClass: top", "objectClass: nsContainer", "cn: accounts", "",
      "dn: cn=users,cn=accounts,\(base)", "objectClass: top", "objectClass: nsContainer",
      "cn: users",
      #"aci: (targetattr="objectClass || uid || displayName || cn")(version 3.0; "#
        + #"acl "Enable anyone user read"; allow (read, search, compare)(userdn="ldap:///anyone");)"#,
      "",
    ]
    for (index, username) in usernames.enumerated() {
      lines += [
        "dn: uid=\(username),cn=users,cn=accounts,\(base)", "objectClass: top",
        "objectClass: inetOrgPerson", "objectClass: posixAccount", "uid: \(username)",
        "cn: \(username)", "sn: IPA", "displayName: \(username)",
        "uidNumber: \(20_000 + index)", "gidNumber: \(20_000 + index)",
        "homeDirectory: /home/\(username)", "",
      ]
    }
    return (lines.joined(separator: "\n"), usernames)
  }

  /// The DN of the person at `index` on 389.
  public func dn389(_ index: Int, base: String) -> String {
    "uid=\(people[index].username),ou=people,\(base)"
  }

  /// The DN of the group `name` on 389.
  public static func dn389(ofGroup name: String, base: String) -> String {
    "cn=\(name),ou=groups,\(base)"
  }
}
