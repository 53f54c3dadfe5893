/// An order of people: fields compared in turn, each ascending or
/// descending; people equal in every field are ordered by username (then
/// by their place in the directory), so an order is always total and
/// stable. Written `department,displayName:desc` on the command line.
///
/// Threading: a plain value; `Sendable`.
public struct PersonSort: Sendable, Hashable, CustomStringConvertible {
  /// One field of an order.
  public struct Key: Sendable, Hashable {
    public var field: PersonField
    public var descending: Bool

    /// `field`, ascending unless `descending`.
    public init(_ field: PersonField, descending: Bool = false) {
      self.field = field
      self.descending = descending
    }
  }

  /// The fields compared, first to last.
  public var keys: [Key]

  /// An order by `keys`.
  public init(_ keys: [Key]) { self.keys = keys }

  /// Reads `username`, `department,displayName:desc`, `title:asc`: fields
  /// by their names, each optionally followed by `:asc` or `:desc`.
  public init(parsing text: String) throws(PersonSortError) {
    var keys: [Key] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
      let name = pieces[0].trimmingSpaces
      guard let field = PersonField(named: name) else {
        throw PersonSortError(
          "unknown field \u{201C}\(name)\u{201D} (fields: "
            + PersonField.allCases.map(\.rawValue).joined(separator: ", ") + ")")
      }
      var descending = false
      if pieces.count == 2 {
        switch pieces[1].trimmingSpaces.lowercased() {
        case "asc": descending = false
        case "desc": descending = true
        default:
          throw PersonSortError("\u{201C}\(pieces[1])\u{201D} is not asc or desc")
        }
      } else if pieces.count > 2 {
        throw PersonSortError("\u{201C}\(part)\u{201D} has more than one \u{201C}:\u{201D}")
      }
      keys.append(Key(field, descending: descending))
    }
    self.keys = keys
  }

  public var description: String {
    keys.map { $0.field.rawValue + ($0.descending ? ":desc" : "") }.joined(separator: ",")
  }
}

/// Why an order could not be read.
///
/// Threading: a plain value; `Sendable`.
public struct PersonSortError: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
