import Directory

/// One attribute's change in a modify Roster sends: from the values the
/// person saw (the precondition; empty: the attribute was seen empty) to
/// the new ones (empty: the attribute is emptied). Values are bytes, sent
/// as bervals, so any value travels exactly.
///
/// Threading: a plain value; `Sendable`.
public struct LDAPModification: Sendable, Equatable {
  /// The longest value Roster writes or reads back for an edit (64 KiB).
  public static let maxValueBytes = 1 << 16
  /// The longest photo Roster writes or deletes by its value (1 MiB).
  public static let maxPhotoBytes = 1 << 20

  public var attribute: String
  public var seen: [[UInt8]]
  public var new: [[UInt8]]
  /// Whether `seen` and `new` are the attribute's every value (a field);
  /// false when they are the values taken out and put in, the others left
  /// as they are (a group's members): such a change deletes `seen` and
  /// adds `new`, and fails when one of `seen` is gone or one of `new` is
  /// there already.
  public var isWholeAttribute = true

  /// `attribute` from `seen` to `new`.
  public init(attribute: String, seen: [[UInt8]], new: [[UInt8]]) {
    self.attribute = attribute
    self.seen = seen
    self.new = new
  }

  /// `values` taken out of `attribute` (`removing`) or put in, its other
  /// values left as they are.
  public init(attribute: String, values: [[UInt8]], removing: Bool) {
    self.init(attribute: attribute, seen: removing ? values : [], new: removing ? [] : values)
    isWholeAttribute = false
  }

  /// `attribute` from the texts `seen` to `new`, as UTF-8.
  public init(attribute: String, seen: [String], new: [String]) {
    self.init(
      attribute: attribute, seen: seen.map { Array($0.utf8) }, new: new.map { Array($0.utf8) })
  }

  /// Whether `name` is an attribute description Roster sends: a name
  /// (letters, digits, hyphens, starting with a letter) or a numeric OID,
  /// with options after semicolons (`userCertificate;binary`).
  public static func isAttributeName(_ name: String) -> Bool {
    let parts = name.split(separator: ";", omittingEmptySubsequences: false)
    guard let first = parts.first, !first.isEmpty, first.utf8.count <= 128 else { return false }
    let isOID = first.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
    let isName =
      first.utf8.first.map(isLetter) == true
      && first.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    guard isOID || isName else { return false }
    return parts.dropFirst().allSatisfy { option in
      !option.isEmpty
        && option.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
  }

  /// The filter the Assertion control (RFC 4528) carries for `changes`:
  /// each seen value present, `(attr=value)`, and an attribute seen empty
  /// absent, `(!(attr=*))`; one clause alone, else their AND. Values go
  /// through ``LDAPFilter/escape(bytes:)``.
  public static func assertion(for changes: [LDAPModification]) -> String {
    var clauses: [String] = []
    for change in changes {
      if change.seen.isEmpty {
        clauses.append("(!(\(change.attribute)=*))")
      } else {
        for value in change.seen {
          clauses.append("(\(change.attribute)=\(LDAPFilter.escape(bytes: value)))")
        }
      }
    }
    return clauses.count == 1 ? clauses[0] : "(&\(clauses.joined()))"
  }
}
