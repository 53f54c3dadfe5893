import CLDAP
import Directory
import Glibc
import SharedSupport

/// An administrator's changes to accounts: a password reset with the
/// Password Modify extended operation (RFC 3062) where the root DSE lists
/// it, Active Directory's `unicodePwd` over TLS alone; a delete that first
/// keeps the whole entry in the change log and, where the server lists the
/// Assertion control, deletes only the entry as read (its `entryCSN`).
extension LDAPDirectory: AccountAdministration {
  /// The Password Modify extended operation (RFC 3062), as
  /// `supportedExtension` lists it.
  static let passwordModifyOID = "1.3.6.1.4.1.4203.1.11.1"

  /// Attributes never kept in the change log: password values and hashes.
  static let secretAttributes: Set<String> = [
    "userpassword", "unicodepwd", "authpassword", "sambantpassword", "sambalmpassword",
  ]

  public func passwordResetHindrance() async throws(DirectoryError) -> String? {
    let root = try await rootDSE()
    guard case .activeDirectory = root.product else {
      return root.supportedExtensions.contains(Self.passwordModifyOID)
        ? nil : Self.noPasswordModify
    }
    let encrypted = try await connection.run { session, _ throws(DirectoryError) in
      session.isEncrypted
    }
    return encrypted ? nil : Self.needsTLS
  }

  /// Why a server without the Password Modify operation gets no reset.
  static var noPasswordModify: String {
    tr(
      "The directory server lists no Password Modify operation: Roster cannot reset passwords there"
    )
  }

  /// Why Active Directory gets no new password over a plain connection.
  static var needsTLS: String {
    tr(
      "Active Directory takes a new password only over an encrypted connection: use ldaps:// or --start-tls; nothing was sent"
    )
  }

  public func resetPassword(username: String, to password: Secret) async throws(DirectoryError)
    -> AccountOutcome
  {
    let root = try await rootDSE()
    let isActiveDirectory: Bool
    if case .activeDirectory = root.product {
      isActiveDirectory = true
    } else {
      isActiveDirectory = false
    }
    guard isActiveDirectory || root.supportedExtensions.contains(Self.passwordModifyOID) else {
      return .refused(reason: Self.noPasswordModify)
    }
    guard let entry = try await editedEntry(username, attributes: ["1.1"]) else {
      return .noSuchPerson
    }
    let (author, log, dn, writes) = (author, options.changeLog, entry.dn, writes)
    return try await connection.run { session, flag throws(DirectoryError) in
      let answer: LDAPSession.ModifyAnswer
      if isActiveDirectory {
        // Checked on the connection that would carry it, before sending.
        guard session.isEncrypted else { return .refused(reason: Self.needsTLS) }
        answer = try session.replace(
          dn: dn, attribute: "unicodePwd", value: Self.unicodePassword(password), cancel: flag)
      } else {
        answer = try session.passwordModify(dn: dn, password: password, cancel: flag)
      }
      switch answer.code {
      case LDAP_SUCCESS:
        writes.ring()
        return Self.done(
          LDIFChangeRecord(
            seconds: Int64(time(nil)), author: author, dn: dn, changes: [], kind: .passwordReset),
          loggedIn: log)
      case let code where code > 0:
        return .refused(reason: Self.reason(Int(code), answer.message))
      default:
        throw session.error(answer.code)
      }
    }
  }

  /// `unicodePwd`'s value for `password`: the password in double quotes,
  /// as UTF-16LE.
  static func unicodePassword(_ password: Secret) -> [UInt8] {
    ("\"" + password.value + "\"").utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
  }

  public func delete(username: String) async throws(DirectoryError) -> AccountOutcome {
    var asserts = false
    if options.usesAssertion { asserts = try await supportedControls().contains(Self.assertionOID) }
    guard
      let entry = try await editedEntry(
        username, attributes: asserts ? ["*", "entryCSN"] : ["*"])
    else { return .noSuchPerson }
    return try await delete(entry, csn: asserts ? entry.values("entryCSN").first : nil)
  }

  /// Deletes `entry` (as read) after appending it to the change log; with
  /// `csn`, only while its `entryCSN` is still that (the Assertion
  /// control). A delete the server does not make is said so in the log
  /// after its record. A log that cannot be written deletes nothing: the
  /// entry would be lost.
  func delete(_ entry: LDAPRawEntry, csn: [UInt8]?) async throws(DirectoryError) -> AccountOutcome {
    let kept = entry.attributes.filter {
      !Self.secretAttributes.contains($0.name.lowercased())
        && !LDAPRawEntry.sameName($0.name, "entryCSN") && !$0.values.isEmpty
    }
    let (author, log, dn, writes) = (author, options.changeLog, entry.dn, writes)
    let seconds = Int64(time(nil))
    let record = LDIFChangeRecord(
      seconds: seconds, author: author, dn: dn,
      changes: kept.map { LDAPModification(attribute: $0.name, seen: $0.values, new: []) },
      kind: .delete)
    let assertion = csn.map { "(entryCSN=\(LDAPFilter.escape(bytes: $0)))" }
    return try await connection.run { session, flag throws(DirectoryError) in
      do throws(LDAPChangeLogFailure) {
        try log.append(record)
      } catch {
        return .refused(
          reason: String(
            filling: tr("Nothing was deleted: the change log could not keep the entry: %@"),
            error.description))
      }
      let answer = try session.delete(dn: dn, assertion: assertion, cancel: flag)
      let outcome: AccountOutcome
      switch answer.code {
      case LDAP_SUCCESS:
        // The server's sorted list (a virtual list view's context) still
        // holds the entry: the next window sorts afresh.
        session.vlvContext = nil
        writes.ring()
        return .done(dn: dn, logFailure: nil)
      case LDAP_ASSERTION_FAILED: outcome = .changedMeanwhile
      case let code where code > 0:
        outcome = .refused(reason: Self.reason(Int(code), answer.message))
      default: throw session.error(answer.code)
      }
      let reason: String
      if case .refused(let words) = outcome {
        reason = words
      } else {
        reason = "changed on the server since it was read"
      }
      try? log.append(
        text: LDIFChangeRecord.notMade(seconds: seconds, author: author, dn: dn, reason: reason))
      return outcome
    }
  }

  /// Done with the entry `record` names, once `record` is appended to
  /// `log`; the change was made, so a log that cannot take it is said,
  /// not thrown.
  static func done(_ record: LDIFChangeRecord, loggedIn log: LDAPChangeLog) -> AccountOutcome {
    do throws(LDAPChangeLogFailure) {
      try log.append(record)
    } catch {
      return .done(dn: record.dn, logFailure: error.description)
    }
    return .done(dn: record.dn, logFailure: nil)
  }
}
