import CLDAP
import Directory
import Glibc
import SharedSupport

/// Adding a person: the person class the directory uses (`inetOrgPerson`,
/// Active Directory's `user`) read from the server's subschema
/// (`subschemaSubentry` → `objectClasses`), the attributes its chain of
/// classes must have checked before anything is sent, the add logged as a
/// `changetype: add` record.
extension LDAPDirectory {
  /// Attributes Active Directory's classes require and the domain
  /// controller fills itself.
  static let filledByActiveDirectory: Set<String> = [
    "objectclass", "instancetype", "ntsecuritydescriptor", "objectcategory",
  ]

  /// Attributes a new person's form offers besides the required ones,
  /// where the class allows them.
  static let commonAttributes = [
    "givenName", "displayName", "mail", "title", "telephoneNumber", "mobile", "department",
    "ou", "l", "physicalDeliveryOfficeName", "employeeNumber",
  ]

  public func newPersonForm() async throws(DirectoryError) -> NewPersonForm {
    try await newPersonSchema().form
  }

  /// The form and the person class's chain of names, top last.
  private func newPersonSchema() async throws(DirectoryError) -> (
    form: NewPersonForm, classes: [String]
  ) {
    let isActiveDirectory: Bool
    if case .activeDirectory = try await rootDSE().product {
      isActiveDirectory = true
    } else {
      isActiveDirectory = false
    }
    let personClass = isActiveDirectory ? "user" : "inetOrgPerson"
    let definitions = try await objectClassDefinitions()
    guard let chain = LDAPObjectClassDefinition.chain(of: personClass, in: definitions) else {
      throw .ldap(
        .result(
          code: Int(LDAP_NO_SUCH_OBJECT),
          message: String(
            filling: tr("The server's schema has no object class “%@”"), personClass)))
    }
    var required: [String] = []
    func require(_ name: String) {
      let lowered = name.lowercased()
      guard lowered != "objectclass", !required.contains(where: { $0.lowercased() == lowered }),
        !isActiveDirectory || !Self.filledByActiveDirectory.contains(lowered)
      else { return }
      required.append(name)
    }
    for definition in chain.reversed() { definition.must.forEach(require) }
    // Practically required: the name of the entry, and the username Roster
    // finds people by.
    let naming = isActiveDirectory ? "cn" : options.schema.usernameAttribute
    require(naming)
    require(options.schema.usernameAttribute)
    let allowed = Set(chain.flatMap { ($0.must + $0.may).map { $0.lowercased() } })
    let optional = Self.commonAttributes.filter {
      allowed.contains($0.lowercased())
        && !required.map { $0.lowercased() }.contains($0.lowercased())
    }
    let form = NewPersonForm(
      personClass: chain[0].names[0], required: required, optional: optional,
      namingAttribute: naming)
    return (form, chain.reversed().map { $0.names[0] })
  }

  /// The object classes of the server's subschema, by lowercased name.
  func objectClassDefinitions() async throws(DirectoryError) -> [String: LDAPObjectClassDefinition]
  {
    let root = LDAPSearchRequest(
      base: "", scope: .base, filter: "(objectClass=*)", attributes: ["subschemaSubentry"])
    let definitions = try await perform { session, flag throws(DirectoryError) in
      let subschema =
        try session.search(root, cancel: flag).entries.first?.text("subschemaSubentry")
        ?? "cn=Subschema"
      let request = LDAPSearchRequest(
        base: subschema, scope: .base, filter: "(objectClass=subschema)",
        attributes: ["objectClasses"])
      return try session.search(request, cancel: flag).entries.first?.values("objectClasses")
        ?? []
    }
    var classes: [String: LDAPObjectClassDefinition] = [:]
    for value in definitions {
      guard let definition = LDAPObjectClassDefinition(String(decoding: value, as: UTF8.self))
      else { continue }
      for name in definition.names { classes[name.lowercased()] = definition }
    }
    return classes
  }

  public func create(_ person: NewPerson) async throws(DirectoryError) -> AccountOutcome {
    let person = serverNames(person)
    let (form, classes) = try await newPersonSchema()
    let missing = form.required.filter { person.values($0).allSatisfy(\.isEmpty) }
    guard missing.isEmpty else { return .missing(missing) }
    for attribute in person.attributes {
      guard LDAPModification.isAttributeName(attribute.name) else {
        return .refused(
          reason: String(filling: tr("“%@” is not an attribute name"), attribute.name))
      }
    }
    let naming = person.values(form.namingAttribute)[0]
    let dn = "\(form.namingAttribute)=\(Self.escapeDNValue(naming)),\(person.parent ?? url.baseDN)"
    var attributes: [(name: String, values: [[UInt8]])] = []
    if person.values("objectClass").isEmpty {
      attributes.append(("objectClass", classes.map { Array($0.utf8) }))
    }
    for attribute in person.attributes where !attribute.values.isEmpty {
      attributes.append((attribute.name, attribute.values.map { Array($0.utf8) }))
    }
    let (author, log, writes) = (author, options.changeLog, writes)
    let sent = attributes
    return try await connection.run { session, flag throws(DirectoryError) in
      let answer = try session.add(dn: dn, attributes: sent, cancel: flag)
      switch answer.code {
      case LDAP_SUCCESS:
        // The server's sorted list (a virtual list view's context) lacks
        // the entry: the next window sorts afresh.
        session.vlvContext = nil
        writes.ring()
        return Self.done(
          LDIFChangeRecord(
            seconds: Int64(time(nil)), author: author, dn: dn,
            changes: sent.map { LDAPModification(attribute: $0.name, seen: [], new: $0.values) },
            kind: .add), loggedIn: log)
      case let code where code > 0:
        return .refused(reason: Self.reason(Int(code), answer.message))
      default:
        throw session.error(answer.code)
      }
    }
  }

  /// `person` with Roster's field names (`phone`, `email`, `username`)
  /// turned into this server's attributes, values of one attribute joined.
  func serverNames(_ person: NewPerson) -> NewPerson {
    var renamed = NewPerson(parent: person.parent, attributes: [])
    for attribute in person.attributes {
      let name: String
      if attribute.name.lowercased() == "username" {
        name = options.schema.usernameAttribute
      } else if let field = EditableField(named: attribute.name),
        let mapped = self.attribute(for: field)
      {
        name = mapped
      } else {
        name = attribute.name
      }
      if let index = renamed.attributes.firstIndex(where: {
        $0.name.lowercased() == name.lowercased()
      }) {
        renamed.attributes[index].values += attribute.values
      } else {
        renamed.attributes.append(NewPerson.Attribute(name: name, values: attribute.values))
      }
    }
    return renamed
  }

  /// `value` as an RDN's value (RFC 4514 §2.4): `,+"\<>;=` and NUL
  /// escaped, a leading space or `#` and a trailing space too.
  static func escapeDNValue(_ value: String) -> String {
    var escaped = ""
    for (offset, character) in value.enumerated() {
      if ",+\"\\<>;=".contains(character)
        || (offset == 0 && (character == " " || character == "#"))
        || (offset == value.count - 1 && character == " ")
      {
        escaped += "\\" + String(character)
      } else if character == "\0" {
        escaped += "\\00"
      } else {
        escaped.append(character)
      }
    }
    return escaped
  }
}
