import Directory
import LDAPDemo

extension LDIFPerson {
  /// The entry of a generated user: uid = username; cn and displayName the
  /// display name (else the username's words capitalised, "maria.garcia2"
  /// -> "Maria Garcia"), sn the last of those words; employeeType = the
  /// role as users.json writes it; employeeNumber = the employee number
  /// (else the id), which names the entry (see ``LDIFPerson``); mail, title,
  /// ou (department), l (office), telephoneNumber from the details, and
  /// manager = `managerDN`.
  init(generated user: User, managerDN: String?) {
    let words = user.username.split(whereSeparator: { "._-".contains($0) })
      .map { $0.prefix { !$0.isNumber } }.filter { !$0.isEmpty }
      .map { $0.prefix(1).uppercased() + $0.dropFirst() }
    let details = user.details
    let name = details.displayName ?? (words.isEmpty ? user.username : words.joined(separator: " "))
    let lastWord = details.displayName?.split(separator: " ").last ?? words.last?[...]
    self.init(
      uid: user.username, cn: name, sn: lastWord.map { String($0) } ?? user.username,
      displayName: name,
      employeeType: user.role == .unknown ? UserGenerator.unknownRoleText : user.role.displayText,
      employeeNumber: Self.number(of: user), mail: details.email, title: details.title,
      ou: details.department, l: details.location, telephoneNumber: details.phone,
      manager: managerDN)
  }

  /// What names a generated user's entry: their employee number, else their id.
  static func number(of user: User) -> String? {
    user.details.employeeNumber ?? user.id
  }
}
