import Directory
import FuzzSupport

@testable import DirectorySCIM

/// Fuzzes how a SCIM server's page becomes rows: `SCIMResponsePage` (the list
/// response decoder, photo choice, role mapping, field limits), the server
/// configuration and the details panel's attributes. A server sends any
/// bytes; these never crash, never keep a field over `FieldLimit.maxBytes`,
/// and a photo address is always http(s).
///
/// Threading: libFuzzer's worker thread only.
@main
enum FuzzSCIMResponse {
  static func main() {
    Fuzzing.run { bytes in check(Array(bytes)) }
  }

  /// One input; nonisolated, as libFuzzer calls it on its own thread (the
  /// closures in here must not inherit `main`'s main-actor isolation).
  nonisolated static func check(_ body: [UInt8]) {
    if let page = try? SCIMResponsePage(decoding: body) {
      precondition(page.total >= 0)
      for user in page.users {
        let details = DetailField.allCases.compactMap { user.entry.details[$0] }
        for text in [user.entry.id, user.entry.username, user.entry.displayName] + details {
          precondition(text.utf8.count <= FieldLimit.maxBytes, "a field over the limit")
        }
        precondition(["http", "https"].contains(user.photo?.scheme?.lowercased() ?? "http"))
        precondition((user.photo == nil) == (user.entry.photoVersion == nil))
        _ = UserViewModel(entry: user.entry).accessibleText
      }
    }
    _ = SCIMClient.capabilities(decoding: body)
    for attribute in SCIMAttributes.flatten(body) {
      precondition(attribute.values.allSatisfy { $0.utf8.count <= FieldLimit.maxBytes })
    }
  }
}
