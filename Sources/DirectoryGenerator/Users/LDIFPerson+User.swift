import Directory
import LDAPDemo

extension LDIFPerson {
  /// The entry of a generated user: uid = username; cn and displayName are
  /// the username's words capitalised ("maria.garcia2" -> "Maria Garcia"),
  /// sn the last of them; employeeType = the role as users.json writes it;
  /// employeeNumber = the id (the entry's name, see ``LDIFPerson``).
  init(generated user: User) {
    let words = user.username.split(whereSeparator: { "._-".contains($0) })
      .map { $0.prefix { !$0.isNumber } }.filter { !$0.isEmpty }
      .map { $0.prefix(1).uppercased() + $0.dropFirst() }
    let name = words.isEmpty ? user.username : words.joined(separator: " ")
    self.init(
      uid: user.username, cn: name, sn: words.last ?? user.username, displayName: name,
      employeeType: user.role == .unknown ? UserGenerator.unknownRoleText : user.role.displayText,
      employeeNumber: user.id)
  }
}
