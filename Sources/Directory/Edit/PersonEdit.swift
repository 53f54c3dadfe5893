/// A change to one person's fields in which every field carries the values
/// the person making it saw: the server applies it only if each field
/// still holds exactly those values, so nobody's change is overwritten
/// unseen.
///
/// Threading: a plain value; `Sendable`.
public struct PersonEdit: Sendable, Equatable {
  /// One field's change: from the values seen (empty: the field was seen
  /// empty) to the new ones (empty: the field is emptied).
  public struct Change: Sendable, Equatable {
    public var field: EditableField
    public var seen: [String]
    public var new: [String]

    /// `field` from `seen` to `new`.
    public init(field: EditableField, seen: [String], new: [String]) {
      self.field = field
      self.seen = seen
      self.new = new
    }
  }

  /// The person, by username.
  public var username: String
  /// At most one change a field.
  public var changes: [Change]

  /// `changes` to the person with `username`.
  public init(username: String, changes: [Change]) {
    self.username = username
    self.changes = changes
  }
}
