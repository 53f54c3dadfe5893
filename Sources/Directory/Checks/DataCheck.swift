/// A check of a directory's data that an administrator fixes at the source:
/// what ``UserTable/dataFindings(checks:)`` looks for.
///
/// Threading: a plain value; `Sendable`.
public enum DataCheck: String, CaseIterable, Sendable, Comparable {
  /// A manager the directory does not hold (a leaver, a typo, a DN of
  /// another tree).
  case unknownManager = "unknown-manager"
  /// A chain of managers that comes round again (A reports to B, B to A;
  /// or someone their own manager).
  case managerLoop = "manager-loop"
  /// A disabled account that active people still report to.
  case disabledManager = "disabled-manager"
  /// An active person without an email address.
  case noEmail = "no-email"
  /// An active person without a phone number.
  case noPhone = "no-phone"
  /// An email address that more than one person has (compared without
  /// regard to case).
  case duplicateEmail = "duplicate-email"

  /// The check named `name` (its raw value), if any.
  public init?(named name: String) { self.init(rawValue: name) }

  public static func < (lhs: DataCheck, rhs: DataCheck) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
