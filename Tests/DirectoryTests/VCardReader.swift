import Foundation

/// A small vCard 4.0 reader written from RFC 6350 for the tests, apart from
/// the exporter's code: it checks the physical lines (CRLF ends, at most 75
/// octets, each valid UTF-8 on its own), unfolds them, and reads each card's
/// properties with their text values unescaped.
///
/// Threading: stateless.
enum VCardReader {
  /// One property: its name (upper case), its parameters as written, its
  /// raw value and its value unescaped as text.
  struct Property: Equatable {
    var name: String
    var parameters: String
    var raw: String
    var text: String { VCardReader.unescaped(raw) }
  }

  struct Malformed: Error, CustomStringConvertible {
    let description: String
  }

  /// The cards in `bytes`, each a list of properties between BEGIN and END.
  static func cards(_ bytes: [UInt8]) throws -> [[Property]] {
    var lines: [String] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0A { throw Malformed(description: "a LF without CR at \(index)") }
      if bytes[index] == 0x0D {
        guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else {
          throw Malformed(description: "a CR without LF at \(index)")
        }
        let line = Array(bytes[start..<index])
        guard line.count <= 75 else {
          throw Malformed(description: "a line of \(line.count) octets")
        }
        guard let text = String(validating: line, as: UTF8.self) else {
          throw Malformed(description: "a line that is not UTF-8 on its own: \(line)")
        }
        if text.hasPrefix(" ") {
          guard !lines.isEmpty else { throw Malformed(description: "a continuation first") }
          lines[lines.count - 1] += text.dropFirst()
        } else {
          lines.append(text)
        }
        index += 2
        start = index
        continue
      }
      index += 1
    }
    guard start == bytes.count else { throw Malformed(description: "no CRLF at the end") }
    var cards: [[Property]] = []
    var card: [Property]?
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else {
        throw Malformed(description: "no colon in \(line.debugDescription)")
      }
      let head = line[..<colon]
      let name = String(head.prefix { $0 != ";" }).uppercased()
      let property = Property(
        name: name, parameters: String(head.dropFirst(name.count)),
        raw: String(line[line.index(after: colon)...]))
      switch (name, property.raw.uppercased()) {
      case ("BEGIN", "VCARD"):
        guard card == nil else { throw Malformed(description: "BEGIN inside a card") }
        card = []
      case ("END", "VCARD"):
        guard let done = card else { throw Malformed(description: "END outside a card") }
        cards.append(done)
        card = nil
      default:
        guard card != nil else { throw Malformed(description: "a property outside a card") }
        card?.append(property)
      }
    }
    guard card == nil else { throw Malformed(description: "a card without END") }
    return cards
  }

  /// A text value with its escapes undone (`\\`, `\,`, `\;`, `\n`, `\N`).
  static func unescaped(_ value: some StringProtocol) -> String {
    var out = ""
    var escaping = false
    for character in value {
      if escaping {
        out.append(character == "n" || character == "N" ? "\n" : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        out.append(character)
      }
    }
    return out
  }

  /// The components of a structured value, split at unescaped semicolons.
  static func components(_ value: String) -> [String] {
    var parts = [""]
    var escaping = false
    for character in value {
      if escaping {
        parts[parts.count - 1].append("\\")
        parts[parts.count - 1].append(character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else if character == ";" {
        parts.append("")
      } else {
        parts[parts.count - 1].append(character)
      }
    }
    return parts.map(unescaped)
  }
}
