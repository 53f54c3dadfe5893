import Foundation

/// Names an attacker would put in a directory to pass for someone else or
/// to hide, with what Roster must show for each (written out by hand, not
/// computed by the function under test), and ordinary names in three
/// scripts that must show unchanged.
enum SpoofCorpus {
  /// One entry: the username in the file, its role, and the name shown.
  struct Entry {
    var username: String
    var role: String
    var shown: String
  }

  static let entries: [Entry] = [
    Entry(username: "\u{202E}evil", role: "User", shown: "⟨U+202E⟩evil"),
    Entry(username: "admin\u{202E}nimda", role: "Admin", shown: "admin⟨U+202E⟩nimda"),
    Entry(
      username: "\u{2067}\u{645}\u{62D}\u{645}\u{62F}\u{2069} Admin", role: "User",
      shown: "⟨U+2067⟩\u{645}\u{62D}\u{645}\u{62F}⟨U+2069⟩ Admin"),
    Entry(username: "ad\u{200B}min", role: "Owner", shown: "ad⟨U+200B⟩min"),
    Entry(username: "\u{FEFF}maria\u{200D}", role: "User", shown: "⟨U+FEFF⟩maria⟨U+200D⟩"),
    Entry(username: "nul\u{0}byte", role: "User", shown: "nul⟨U+0000⟩byte"),
    Entry(username: "\u{1B}[31mred\u{1B}[0m", role: "User", shown: "⟨U+001B⟩[31mred⟨U+001B⟩[0m"),
    Entry(username: "two\nlines", role: "User", shown: "two⟨U+000A⟩lines"),
    Entry(
      username: "Z" + String(repeating: "\u{336}\u{310}", count: 30) + "algo", role: "User",
      shown: "Z\u{336}\u{310}\u{336}\u{310}algo"),
    Entry(username: "דוד לוי", role: "Owner", shown: "דוד לוי"),
    Entry(username: "محمد الأحمد", role: "Admin", shown: "محمد الأحمد"),
    Entry(username: "José Müller", role: "User", shown: "José Müller"),
    Entry(
      username: String(repeating: "w", count: 300), role: "User",
      shown: String(repeating: "w", count: 255) + "…"),
  ]

  /// What a screen reader must read for each row: "name, role".
  static var accessibleNames: [String] { entries.map { "\($0.shown), \($0.role)" } }

  /// The corpus as users.json.
  static func json() throws -> Data {
    try JSONSerialization.data(
      withJSONObject: entries.map { ["username": $0.username, "role": $0.role] })
  }
}
