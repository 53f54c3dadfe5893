/// People written out for scripts, one a line: tab-separated values under a
/// header of field names, or JSON Lines (one object a line keyed by the
/// field names: `username`, `displayName`, `email`, …; a field without a
/// value is left out). What `roster list` prints.
///
/// Threading: a plain value; `Sendable`.
public struct PeopleListing: Sendable {
  /// How lines are written.
  public enum Format: String, CaseIterable, Sendable {
    /// Tab-separated values; a tab, newline, carriage return or backslash
    /// inside a value is written `\t`, `\n`, `\r`, `\\`, any other
    /// control character `\xNN` and a bidi control `\uNNNN`
    /// (``TerminalText``), so nothing in a value acts on a terminal.
    case tsv
    /// One JSON object a line; control characters (DEL, C1 and the bidi
    /// controls too) are written `\u00NN`.
    case jsonl
  }

  /// The columns a listing shows when none are chosen.
  public static let defaultColumns: [PersonField] = [
    .username, .displayName, .email, .title, .department, .location,
  ]

  public var columns: [PersonField]
  public var format: Format

  /// A listing of `columns` in `format`.
  public init(columns: [PersonField] = PeopleListing.defaultColumns, format: Format = .tsv) {
    self.columns = columns
    self.format = format
  }

  /// Reads `username,email,title`: fields by their names.
  public static func columns(parsing text: String) throws(PersonSortError) -> [PersonField] {
    var columns: [PersonField] = []
    for name in text.split(separator: ",") {
      let name = name.trimmingCharacters(in: " ")
      guard let field = PersonField(named: name) else {
        throw PersonSortError(
          "unknown field \u{201C}\(name)\u{201D} (fields: "
            + PersonField.allCases.map(\.rawValue).joined(separator: ", ") + ")")
      }
      columns.append(field)
    }
    guard !columns.isEmpty else { throw PersonSortError("no columns") }
    return columns
  }

  /// The line before the people (TSV's header), if the format has one.
  public var header: String? {
    format == .tsv ? columns.map(\.rawValue).joined(separator: "\t") : nil
  }

  /// Person `index` of `table` as one line (without its newline).
  public func line(_ table: UserTable, at index: Int) -> String {
    line { table.text(of: $0, at: index) }
  }

  /// A server's person as one line (without its newline), written as a
  /// local person with the same values is.
  public func line(_ entry: DirectoryEntry) -> String {
    line { entry.text(of: $0) }
  }

  /// The line of the person whose value of a field `text` gives.
  private func line(_ text: (PersonField) -> String?) -> String {
    switch format {
    case .tsv:
      return columns.map { Self.tsvEscaped(text($0) ?? "") }.joined(separator: "\t")
    case .jsonl:
      let members = columns.compactMap { field in
        text(field).map { PersonFilter.quoted(field.rawValue) + ":" + PersonFilter.quoted($0) }
      }
      return "{" + members.joined(separator: ",") + "}"
    }
  }

  /// A TSV cell: `value` with its controls escaped (``TerminalText``).
  static func tsvEscaped(_ value: String) -> String { TerminalText.escaped(value) }
}

extension UserTable {
  /// Person `index`'s value of `field` as text (nil when none): the role as
  /// users.json writes it, the manager by their identity.
  public func text(of field: PersonField, at index: Int) -> String? {
    let bytes = filterBytes(field, at: index)
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }
}

extension DirectoryEntry {
  /// The entry's value of `field` as text (nil when none or empty): the
  /// role by its name in users.json, the manager as the server names them
  /// (an LDAP DN, a SCIM id).
  public func text(of field: PersonField) -> String? {
    let value: String? =
      switch field {
      case .username: username
      case .role: role.jsonName
      case .active: isActive ? "true" : "false"
      default: field.detail.flatMap { details[$0] }
      }
    return value?.isEmpty == false ? value : nil
  }
}

extension Role {
  /// The role's value in users.json; nil for a role Roster does not know.
  var jsonName: String? {
    switch self {
    case .user: "User"
    case .owner: "Owner"
    case .admin: "Admin"
    case .unknown: nil
    }
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> String {
    String(
      drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
  }
}
