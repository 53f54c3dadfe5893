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

  /// A record of `changes` to `dn` by `author` at `seconds`.
  public init(seconds: Int64, author: String, dn: String, changes: [LDAPModification]) {
    self.seconds = seconds
    self.author = author
    self.dn = dn
    self.changes = changes
  }

  private static let beforePrefix = "# before: "

  /// The record as LDIF, ending with the empty line that ends a record.
  public var ldif: String {
    // A comment line is never folded: the author's controls are escaped,
    // and what follows "by " reaches the line's end.
    var lines = ["# \(ChangeSince.isoText(seconds)) by \(TerminalText.escaped(author))"]
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
      if let record = record(block) { records.append(record) } else { unreadable += 1 }
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
      let dn = String(validating: dnBytes, as: UTF8.self),
      lines[index + 1] == "changetype: modify"
    else { return nil }
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
}
