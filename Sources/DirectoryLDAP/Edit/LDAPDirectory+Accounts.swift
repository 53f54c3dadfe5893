import CLDAP
import Directory
import SharedSupport

/// Turning accounts on and off, the way the schema reads them
/// (``LDAPSchema/accountStateAttribute``): Active Directory's
/// `userAccountControl` gains or loses its ACCOUNTDISABLE flag (2), other
/// servers' `nsAccountLock` is set to TRUE or removed. The value read is
/// the change's precondition, as every change's is.
extension LDAPDirectory {
  public func setActive(_ active: Bool, username: String) async throws(DirectoryError)
    -> SwitchOutcome
  {
    let schema = options.schema
    let attribute = schema.accountStateAttribute
    guard let entry = try await editedEntry(username, attributes: [attribute]) else {
      return .noSuchPerson
    }
    let seen = Self.texts(entry.values(attribute))
    guard schema.isActive(accountState: seen.first) != active else { return .alreadySo }
    let new: [String]
    if schema.marksAccountsWithFlags {
      guard seen.count == 1, let flags = Int(seen[0]) else {
        return .refused(
          reason: String(filling: tr("The account's %@ is not a number"), attribute))
      }
      new = [String(active ? flags & ~2 : flags | 2)]
    } else {
      new = active ? [] : ["TRUE"]
    }
    switch try await modify(
      dn: entry.dn, [LDAPModification(attribute: attribute, seen: seen, new: new)])
    {
    case .applied(let logFailure): return .changed(logFailure: logFailure)
    case .conflict: return .changedMeanwhile
    case .refused(let code, let message): return .refused(reason: Self.reason(code, message))
    }
  }

  /// A refusal's words: libldap's name for the result, then the server's
  /// own message, if any.
  static func reason(_ code: Int, _ message: String) -> String {
    let name = "\(String(cString: ldap_err2string(Int32(code)))) (\(code))"
    return message.isEmpty ? name : "\(name): \(message)"
  }
}
