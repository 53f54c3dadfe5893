/// One thing a ``DataCheck`` found: the person it is about and what is wrong.
///
/// Threading: a plain value; `Sendable`.
public struct DataFinding: Sendable, Equatable {
  /// The check that found it.
  public let check: DataCheck
  /// The person's position in the table checked.
  public let position: Int
  /// What is wrong, in the directory's own words: the unknown manager's
  /// identity, the loop's usernames, how many active people report to a
  /// disabled manager, the shared email address and who else has it.
  public let detail: String

  public init(check: DataCheck, position: Int, detail: String) {
    self.check = check
    self.position = position
    self.detail = detail
  }
}
