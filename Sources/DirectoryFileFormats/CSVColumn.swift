import Directory

/// What a CSV column holds, from its header name: a person's field by its
/// name in users.json, or one of a few names spreadsheets and other
/// directories' exports use for it ("E-mail", "Job Title",
/// "sAMAccountName"), compared without regard to case, spaces, hyphens,
/// underscores or dots.
///
/// Threading: a plain value; `Sendable`.
enum CSVColumn: Hashable, Sendable {
  case field(PersonField)
  case id
  case avatar

  /// The column a header named `name` holds; nil for a name Roster does
  /// not read.
  init?(header name: String) {
    guard let column = Self.names[Self.folded(name)] else { return nil }
    self = column
  }

  /// `name` lower-cased without spaces, hyphens, underscores and dots.
  static func folded(_ name: String) -> String {
    String(name.lowercased().unicodeScalars.filter { !" -_.\t".unicodeScalars.contains($0) })
  }

  /// Every name read, folded.
  private static let names: [String: CSVColumn] = {
    var names: [String: CSVColumn] = [:]
    for field in PersonField.allCases { names[folded(field.rawValue)] = .field(field) }
    let aliases: [(CSVColumn, [String])] = [
      (.field(.username), ["uid", "login", "loginname", "samaccountname", "user", "account"]),
      (.field(.displayName), ["name", "fullname", "cn", "commonname"]),
      (.field(.email), ["mail", "emailaddress", "mailaddress"]),
      (.field(.title), ["jobtitle", "position"]),
      (.field(.department), ["dept", "ou"]),
      (.field(.location), ["office", "officelocation", "physicaldeliveryofficename"]),
      (.field(.city), ["town", "l"]),
      (.field(.phone), ["telephone", "telephonenumber", "phonenumber", "tel"]),
      (.field(.manager), ["reportsto"]),
      (.field(.employeeNumber), ["employeeid", "employeeno"]),
      (.field(.active), ["enabled"]),
      (.id, ["id"]),
      (.avatar, ["avatar", "photo", "picture", "avatarurl", "photourl"]),
    ]
    for (column, spellings) in aliases {
      for spelling in spellings { names[spelling] = column }
    }
    return names
  }()
}
