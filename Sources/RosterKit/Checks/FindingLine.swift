import Directory
import SharedSupport

/// One line of the data checks' window: a finding (``DataFinding``) with
/// its words made off the main thread — the person's name and username,
/// what is wrong — and the identity that opens them; the check's title
/// is its heading.
///
/// Threading: a plain value; `Sendable`.
struct FindingLine: ListedLine, Equatable {
  /// Its place among the findings.
  let id: Int
  let check: DataCheck
  let identity: String
  /// The person's name and username, their controls marked.
  let person: String
  /// What is wrong, in the user's language, the directory's words marked.
  let detail: String

  /// The check's title.
  var heading: String { Self.title(of: check) }

  /// The lines of `findings` in `table`.
  static func lines(_ findings: [DataFinding], in table: UserTable) -> [FindingLine] {
    findings.enumerated().map { index, finding in
      let position = finding.position
      let name = table.value(.displayName, at: position) ?? table.username(at: position)
      return FindingLine(
        id: index, check: finding.check, identity: table.identity(at: position),
        person: DisplayText.of(name) + " (" + DisplayText.of(table.username(at: position)) + ")",
        detail: DisplayText.of(detail(of: finding, in: table)))
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
