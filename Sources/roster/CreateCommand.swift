import ArgumentParser
import Directory
import RosterArguments
import RosterKit

/// `roster create`: adds a person to a directory server
/// (``AccountAdministration/create(_:)``), refusing before anything is
/// sent when an attribute the server's schema requires is missing.
struct CreateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "create",
    abstract: "Add a person to a directory server.",
    discussion: """
      Each ATTRIBUTE=VALUE gives an attribute by the server's name (cn, sn, givenName, …) or \
      Roster's field name (\(EditableField.names.joined(separator: ", ")), username); give \
      one twice for two values. The person class is the directory's (inetOrgPerson; Active \
      Directory's user), its required attributes read from the server's schema; the entry is \
      named by the username (uid; on Active Directory by cn) under --parent, by default the \
      directory's base. The new entry's DN is printed. Each person added is appended to \
      $XDG_DATA_HOME/roster/changes.ldif as a changetype: add record (ldapadd replays it). \
      Exit status 1 when an attribute is missing (nothing is sent) or the server refuses.
      """)

  @Option(name: .long, help: "The LDAP server (ldap://…, ldaps://…).")
  var source: String

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  @Option(name: .long, help: "The DN of the entry to add the person under.")
  var parent: String?

  @Argument(help: ArgumentHelp("The person's attributes.", valueName: "ATTRIBUTE=VALUE"))
  var assignments: [String] = []

  func validate() throws {
    guard ServerOptions.isServerURL(source) else {
      throw ValidationError("--source takes a directory server's URL (ldap://…, ldaps://…)")
    }
    _ = try person()
  }

  /// The person the assignments give.
  private func person() throws -> NewPerson {
    var attributes: [NewPerson.Attribute] = []
    for assignment in assignments {
      guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
        throw ValidationError("“\(assignment)” is not ATTRIBUTE=VALUE")
      }
      let name = String(assignment[..<equals])
      let value = String(assignment[assignment.index(after: equals)...])
      if let index = attributes.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
        attributes[index].values.append(value)
      } else {
        attributes.append(NewPerson.Attribute(name: name, values: [value]))
      }
    }
    return NewPerson(parent: parent, attributes: attributes)
  }

  func run() throws {
    let person = try person()
    try ServerTask.run("create", source: source, options: server.options) {
      directory throws(DirectoryError) in
      guard let administered = directory as? any AccountAdministration else {
        return "Roster cannot add people on \(directory.location)"
      }
      switch try await administered.create(person) {
      case .done(let dn, let logFailure):
        print(dn)
        if let logFailure {
          LocalDirectory.warn(
            "\(dn) was added, but not written to the change log: \(logFailure)",
            command: "create")
        }
        return nil
      case .missing(let names):
        let form = try await administered.newPersonForm()
        return "a new \(form.personClass) needs \(names.joined(separator: ", ")) "
          + "(required: \(form.required.joined(separator: ", "))); nothing was sent"
      case .refused(let reason):
        return "the directory server refused the new person: \(reason)"
      case .noSuchPerson, .changedMeanwhile:
        return "the directory server did not add the person"
      }
    }
  }
}
