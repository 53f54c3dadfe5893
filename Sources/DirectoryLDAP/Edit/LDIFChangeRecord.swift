import Directory
import FoundationEssentials

/// One change Roster made to a directory server, as the LDIF change record
/// (RFC 2849) the change log keeps: comments with when and as whom, and
/// the values each attribute held before (so it can be undone), then a
/// `changetype: modify` record of one `replace:` block an attribute (or,
/// for values put in or taken out such as a group's members, `add:` and
/// `delete:` blocks), which `ldapmodify -f` replays:
///
///     # 2026-12-03T07:10:00Z by uid=ada,ou=people,dc=example,dc=org
///     # before: telephoneNumber: +1 555 0100
///     # before: mobile (none)
///     dn: uid=ada,ou=people,dc=example,dc=org
///     changetype: modify
///     replace: telephoneNumber
///     telephoneNumber: +1 555 0199
///     -
///     replace: mobile
///     -
///
/// A person added is a `changetype: add` record (``Kind/add``, its
/// attributes as `new`), which `ldapadd` replays. A person deleted keeps
/// their entry as read in `# entry: ` comment lines (each an LDIF line of
/// the entry, folded lines too; `sed -n 's/^# entry: //p'` gives what
/// `ldapadd` takes back) before the `changetype: delete` record
/// (``Kind/delete``, the attributes as `seen`). A password reset is a
/// comment only (``Kind/passwordReset``): `# password reset: dn: DN`, never
/// the value. A `# not made: DN: reason` comment after a record written before
/// the server answered (a delete) says the server did not make it: the
/// record is then left out of ``records(in:)``.
///
/// Values and the DN that are not safe strings are base64 (``LDIFValue``);
/// ``records(in:)`` reads the log back exactly.
///
/// Threading: a plain value; `Sendable`.
public struct LDIFChangeRecord: Sendable, Equatable {
  /// When, in seconds since 1970.
  public var seconds: Int64
  /// Who made the change: the bind DN, or how they signed in.
  public var author: String
  public var dn: String
  /// Each attribute's values before (`seen`) and after (`new`).
  public var changes: [LDAPModification]
  /// What was done to the entry.
  public var kind: Kind

  /// What a record did to its entry.
  ///
  /// Threading: a plain value; `Sendable`.
  public enum Kind: String, Sendable, Equatable {
    /// Changed attributes (`changetype: modify`).
    case modify
    /// Added the entry with the changes' `new` values (`changetype: add`).
    case add
    /// Deleted the entry, which held the changes' `seen` values
    /// (`changetype: delete`).
    case delete
    /// Reset the entry's password: a comment, no value.
    case passwordReset
  }

  /// A record of `changes` to `dn` by `author` at `seconds`, of `kind`.
  public init(
    seconds: Int64, author: String, dn: String, changes: [LDAPModification], kind: Kind = .modify
  ) {
    self.seconds = seconds
    self.author = author
    self.dn = dn
    self.changes = changes
    self.kind = kind
  }

  private static let beforePrefix = "# before: "
  private static let entryPrefix = "# entry: "
  private static let resetPrefix = "# password reset: "
  private static let notMadePrefix = "# not made: "

  /// The comment that says the record of `dn` written just before was not
  /// made, for `reason` (``records(in:)`` leaves that record out).
  public static func notMade(seconds: Int64, author: String, dn: String, reason: String) -> String {
    "# \(ChangeSince.isoText(seconds)) by \(TerminalText.escaped(author))\n"
      + "\(notMadePrefix)\(TerminalText.escaped(dn)): \(TerminalText.escaped(reason))\n\n"
  }

  /// The record as LDIF, ending with the empty line that ends a record.
  public var ldif: String {
    // A comment line is never folded: the author's controls are escaped,
    // and what follows "by " reaches the line's end.
    var lines = ["# \(ChangeSince.isoText(seconds)) by \(TerminalText.escaped(author))"]
    let dnLine = LDIFValue.folded(LDIFValue.line("dn", Array(dn.utf8)))
    switch kind {
    case .modify: break
    case .passwordReset:
      lines.append(Self.resetPrefix + LDIFValue.line("dn", Array(dn.utf8)))
      return lines.joined(separator: "\n") + "\n\n"
    case .add:
      lines += [dnLine, "changetype: add"]
      for change in changes {
        for value in change.new {
          lines.append(LDIFValue.folded(LDIFValue.line(change.attribute, value)))
        }
      }
      return lines.joined(separator: "\n") + "\n\n"
    case .delete:
      var entry = [dnLine]
      for change in changes {
        for value in change.seen {
          entry.append(LDIFValue.folded(LDIFValue.line(change.attribute, value)))
        }
      }
      for line in entry.joined(separator: "\n").split(separator: "\n") {
        lines.append(Self.entryPrefix + line)
      }
      lines += [dnLine, "changetype: delete"]
      return lines.joined(separator: "\n") + "\n\n"
    }
    for change in changes where change.isWholeAttribute {
      if change.seen.isEmpty {
        lines.append("\(Self.beforePrefix)\(change.attribute) (none)")
      }
      for value in change.seen {
        lines.append(Self.beforePrefix + LDIFValue.line(change.attribute, value))
      }
    }
    lines.append(LDIFValue.folded(LDIFValue.line("dn", Array(dn.utf8))))
    lines.append("changetype: modify")
    func block(_ operation: String, _ attribute: String, _ values: [[UInt8]]) {
      lines.append("\(operation): \(attribute)")
      for value in values { lines.append(LDIFValue.folded(LDIFValue.line(attribute, value))) }
      lines.append("-")
    }
    for change in changes {
      if change.isWholeAttribute {
        block("replace", change.attribute, change.new)
      } else {
        if !change.seen.isEmpty { block("delete", change.attribute, change.seen) }
        if !change.new.isEmpty { block("add", change.attribute, change.new) }
      }
    }
    return lines.joined(separator: "\n") + "\n\n"
  }

  /// The records in `bytes` (a change log), in order, and how many
  /// records could not be read (not written by Roster, or damaged).
  public static func records(in bytes: [UInt8]) -> (records: [LDIFChangeRecord], unreadable: Int) {
    var records: [LDIFChangeRecord] = []
    var unreadable = 0
    var block: [Substring] = []
    let text = String(decoding: bytes, as: UTF8.self)
    func flush() {
      guard !block.isEmpty else { return }
      if block.count == 2, block[1].hasPrefix(notMadePrefix) {
        // The record before, of that DN, was not made.
        let rest = block[1].dropFirst(notMadePrefix.count)
        if let last = records.last, rest.hasPrefix(TerminalText.escaped(last.dn) + ": ") {
          records.removeLast()
        }
      } else if let record = record(block) {
        records.append(record)
      } else {
        unreadable += 1
      }
      block = []
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty {
        flush()
      } else if line.hasPrefix(" "), let last = block.last, !last.hasPrefix("#") {
        // A folded line continues the one before it.
        block[block.count - 1] = Substring(String(last) + line.dropFirst())
      } else {
        block.append(line)
      }
    }
    flush()
    return (records, unreadable)
  }

  /// The record of one block of unfolded lines, if it is one of Roster's.
  private static func record(_ lines: [Substring]) -> LDIFChangeRecord? {
    guard let header = lines.first, header.hasPrefix("# "),
      let by = header.firstRange(of: " by ")
    else { return nil }
    let time = header[header.index(header.startIndex, offsetBy: 2)..<by.lowerBound]
    guard let seconds = ChangeSince.seconds(fromISOText: String(time)) else { return nil }
    let author = String(header[by.upperBound...])
    var index = 1
    if lines.count == 2, lines[1].hasPrefix(resetPrefix + "dn:"),
      let dnBytes = LDIFValue.value(after: lines[1].dropFirst(resetPrefix.count + 2)),
      let dn = String(validating: dnBytes, as: UTF8.self)
    {
      return LDIFChangeRecord(
        seconds: seconds, author: author, dn: dn, changes: [], kind: .passwordReset)
    }
    var entry: [Substring] = []
    while index < lines.count, lines[index].hasPrefix(entryPrefix) {
      let line = lines[index].dropFirst(entryPrefix.count)
      if line.hasPrefix(" "), let last = entry.last {
        entry[entry.count - 1] = Substring(String(last) + line.dropFirst())
      } else {
        entry.append(line)
      }
      index += 1
    }
    if !entry.isEmpty {
      return deleted(entry, lines[index...], seconds: seconds, author: author)
    }
    var before: [(attribute: String, values: [[UInt8]])] = []
    while index < lines.count, lines[index].hasPrefix(beforePrefix) {
      let rest = lines[index].dropFirst(beforePrefix.count)
      if let colon = rest.firstIndex(of: ":") {
        guard let value = LDIFValue.value(after: rest[colon...]) else { return nil }
        let attribute = String(rest[..<colon])
        if let last = before.indices.last, before[last].attribute == attribute {
          before[last].values.append(value)
        } else {
          before.append((attribute, [value]))
        }
      } else {
        guard rest.hasSuffix(" (none)") else { return nil }
        before.append((String(rest.dropLast(7)), []))
      }
      index += 1
    }
    guard index + 1 < lines.count, lines[index].hasPrefix("dn:"),
      let dnBytes = LDIFValue.value(after: lines[index].dropFirst(2)),
      let dn = String(validating: dnBytes, as: UTF8.self)
    else { return nil }
    if lines[index + 1] == "changetype: add" {
      guard let attributes = attributes(lines[(index + 2)...]) else { return nil }
      return LDIFChangeRecord(
        seconds: seconds, author: author, dn: dn,
        changes: attributes.map { LDAPModification(attribute: $0.name, seen: [], new: $0.values) },
        kind: .add)
    }
    guard lines[index + 1] == "changetype: modify" else { return nil }
    index += 2
    var changes: [LDAPModification] = []
    while index < lines.count {
      let header = lines[index]
      guard let colon = header.firstRange(of: ": "),
        let operation = ["replace", "delete", "add"].first(where: {
          header[..<colon.lowerBound] == $0
        })
      else { return nil }
      let attribute = String(header[colon.upperBound...])
      index += 1
      var values: [[UInt8]] = []
      while index < lines.count, lines[index] != "-" {
        let line = lines[index]
        guard let colon = line.firstIndex(of: ":"), line[..<colon] == attribute,
          let value = LDIFValue.value(after: line[colon...])
        else { return nil }
        values.append(value)
        index += 1
      }
      guard index < lines.count else { return nil }
      index += 1
      switch operation {
      case "replace":
        let seen = before.first { $0.attribute == attribute }?.values ?? []
        changes.append(LDAPModification(attribute: attribute, seen: seen, new: values))
      case "add"
      where changes.last.map { !$0.isWholeAttribute && $0.attribute == attribute && $0.new.isEmpty }
        == true:
        // Values taken out, then values put in: one change.
        changes[changes.count - 1].new = values
      default:
        changes.append(
          LDAPModification(attribute: attribute, values: values, removing: operation == "delete"))
      }
    }
    return LDIFChangeRecord(seconds: seconds, author: author, dn: dn, changes: changes)
  }

  /// A delete's record: the entry's lines (`dn:` first, then its
  /// attributes), then the `dn:` and `changetype: delete` lines.
  private static func deleted(
    _ entry: [Substring], _ rest: ArraySlice<Substring>, seconds: Int64, author: String
  ) -> LDIFChangeRecord? {
    guard let first = entry.first, first.hasPrefix("dn:"),
      let dnBytes = LDIFValue.value(after: first.dropFirst(2)),
      let dn = String(validating: dnBytes, as: UTF8.self),
      let attributes = attributes(entry.dropFirst()), rest.count == 2,
      rest.first?.hasPrefix("dn:") == true, rest.last == "changetype: delete"
    else { return nil }
    return LDIFChangeRecord(
      seconds: seconds, author: author, dn: dn,
      changes: attributes.map { LDAPModification(attribute: $0.name, seen: $0.values, new: []) },
      kind: .delete)
  }

  /// The attributes of unfolded `attr: value` lines, each with its values
  /// in order (an attribute's lines together); nil when a line is not one.
  private static func attributes(_ lines: ArraySlice<Substring>) -> [(
    name: String, values: [[UInt8]]
  )]? {
    var attributes: [(name: String, values: [[UInt8]])] = []
    for line in lines {
      guard let colon = line.firstIndex(of: ":"), let value = LDIFValue.value(after: line[colon...])
      else { return nil }
      let name = String(line[..<colon])
      if let last = attributes.indices.last, attributes[last].name == name {
        attributes[last].values.append(value)
      } else {
        attributes.append((name, [value]))
      }
    }
    return attributes
  }
}
