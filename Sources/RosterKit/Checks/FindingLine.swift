import Directory
import SharedSupport

/// One line of the data checks' window: a finding (``DataFinding``) with
/// its words made off the main thread — the check's title, the person's
/// name and username, what is wrong — and the identity that opens them.
///
/// Threading: a plain value; `Sendable`.
struct FindingLine: Sendable, Identifiable, Equatable {
  let check: DataCheck
  /// Whom it is about (id, else username): activating the line opens them.
  let id: String
  let name: String
  let username: String
  /// What is wrong, in the user's language.
  let detail: String

  /// The lines of `findings` in `table`.
  static func lines(_ findings: [DataFinding], in table: UserTable) -> [FindingLine] {
    findings.map { finding in
      let position = finding.position
      return FindingLine(
        check: finding.check, id: table.identity(at: position),
        name: table.value(.displayName, at: position) ?? table.username(at: position),
        username: table.username(at: position), detail: detail(of: finding, in: table))
    }
  }

  /// The check's title, as the line's heading.
  static func title(of check: DataCheck) -> String {
    switch check {
    case .unknownManager: tr("Unknown manager")
    case .managerLoop: tr("Manager loop")
    case .disabledManager: tr("Disabled manager")
    case .noEmail: tr("No email address")
    case .noPhone: tr("No phone number")
    case .duplicateEmail: tr("Shared email address")
    }
  }

  /// What `finding` says, in words.
  private static func detail(of finding: DataFinding, in table: UserTable) -> String {
    let names = { (others: [Int]) in
      others.map { table.value(.displayName, at: $0) ?? table.username(at: $0) }
    }
    switch finding.check {
    case .unknownManager:
      return String(filling: tr("Reports to “%@”, who is not in the directory"), finding.subject)
    case .managerLoop:
      return String(
        filling: tr("Reports round in a loop: %@"),
        names([finding.position] + finding.others + [finding.position]).joined(separator: " → "))
    case .disabledManager:
      return String(
        filling: trn(
          "Disabled, and %@ active person reports to them",
          "Disabled, and %@ active people report to them", finding.others.count),
        NumberText.grouped(finding.others.count))
    case .noEmail, .noPhone:
      return tr("Active, without one")
    case .duplicateEmail:
      var shown = names(Array(finding.others.prefix(DataFinding.namedOthers)))
        .joined(separator: ", ")
      let more = finding.others.count - DataFinding.namedOthers
      if more > 0 {
        shown = String(
          filling: trn("%@ and %@ more", "%@ and %@ more", more), shown, NumberText.grouped(more))
      }
      return String(filling: tr("%@ is also the address of %@"), finding.subject, shown)
    }
  }
}
