/// The forms of ``NameLists``' names that details are made of: capitalised
/// for display names ("chloé" → "Chloé"), and in plain ASCII letters for
/// email addresses ("chloé" → "chloe", "łukasik" → "lukasik").
///
/// Threading: stateless; callable from any thread.
enum NameForms {
  /// The letters of the name lists that are not ASCII, as email spells them.
  private static let ascii: [Character: String] = [
    "é": "e", "è": "e", "ë": "e", "ø": "o", "ö": "o", "ü": "u", "ú": "u", "ñ": "n", "ł": "l",
    "á": "a", "í": "i", "å": "a",
  ]

  /// `name` with its first letter upper-cased; Foundation-free.
  static func capitalised(_ name: String) -> String {
    name.prefix(1).uppercased() + name.dropFirst()
  }

  /// `name` in ASCII letters: known accented letters lose their accents,
  /// any other non-ASCII character is left out.
  static func emailForm(_ name: String) -> String {
    var form = ""
    for character in name {
      if character.isASCII {
        form.append(character)
      } else if let plain = ascii[character] {
        form += plain
      }
    }
    return form
  }
}
