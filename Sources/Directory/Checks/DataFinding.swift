/// One thing a ``DataCheck`` found: the person it is about, what it names
/// and the others it involves.
///
/// Threading: a plain value; `Sendable`.
public struct DataFinding: Sendable, Equatable {
  /// The check that found it.
  public let check: DataCheck
  /// The person's position in the table checked.
  public let position: Int
  /// What the finding names in the directory's own words: the unknown
  /// manager's reference, the shared email address; empty otherwise.
  public let subject: String
  /// The others it involves, by position: the rest of a loop of managers
  /// (from the person's manager round to the person), the active people
  /// reporting to a disabled manager, the others with the same address.
  public let others: [Int]

  public init(check: DataCheck, position: Int, subject: String = "", others: [Int] = []) {
    self.check = check
    self.position = position
    self.subject = subject
    self.others = others
  }

  /// How many of the others a ``detail(in:)`` names before it counts the rest.
  public static let namedOthers = 3

  /// What is wrong, in a line for scripts: the unknown manager's
  /// reference, the loop's usernames ("ann → bob → ann"), how many active
  /// people report to a disabled manager, the shared address and who else
  /// has it (the first few, then how many more).
  public func detail(in table: UserTable) -> String {
    switch check {
    case .unknownManager: return subject
    case .managerLoop:
      return ([position] + others + [position]).map(table.username(at:)).joined(separator: " → ")
    case .disabledManager:
      return others.count == 1 ? "1 active report" : "\(others.count) active reports"
    case .noEmail, .noPhone: return ""
    case .duplicateEmail:
      var names = others.prefix(Self.namedOthers).map(table.username(at:)).joined(separator: ", ")
      if others.count > Self.namedOthers { names += " and \(others.count - Self.namedOthers) more" }
      return "\(subject): also \(names)"
    }
  }
}
