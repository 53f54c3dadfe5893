import Directory

/// One vCard content line: `[group.]NAME[;PARAM=value,…]:value`. The name
/// and parameter names are upper-cased; the group (Apple's `item1.`) is
/// dropped; a parameter value in double quotes may hold `:` and `;`.
///
/// Threading: a plain value owned by one parse.
struct VCardProperty {
  /// The property's name without its group ("EMAIL").
  let name: String
  /// Its parameters: each name with its values, upper-cased ("TYPE":
  /// ["WORK", "PREF"]); a bare parameter (vCard 2.1's `;WORK`) is a TYPE.
  let parameters: [String: [String]]
  /// The raw value: the bytes after the colon.
  let value: ArraySlice<UInt8>

  /// The property on `line`; nil for a line without a colon.
  init?(_ line: [UInt8]) {
    var index = 0
    var quoted = false
    while index < line.count {
      let byte = line[index]
      if byte == Byte.quote { quoted.toggle() }
      if byte == Byte.colon && !quoted { break }
      index += 1
    }
    guard index < line.count else { return nil }
    value = line[(index + 1)...]
    let head = String(decoding: line[..<index], as: UTF8.self)
    var parts = Self.split(head)
    let qualified = parts.removeFirst()
    name = String(qualified.split(separator: ".").last ?? "").uppercased()
    var parameters: [String: [String]] = [:]
    for part in parts {
      let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
      let key = pair.count == 2 ? pair[0].uppercased() : "TYPE"
      let values = (pair.last ?? "").split(separator: ",").map {
        $0.trimmingQuotes.uppercased()
      }
      parameters[key, default: []] += values
    }
    self.parameters = parameters
  }

  /// Whether parameter `key` has `value` ("TYPE", "WORK").
  func has(_ key: String, _ value: String) -> Bool {
    parameters[key]?.contains(value) ?? false
  }

  /// Whether the property is marked as the one preferred (`PREF=1`, or
  /// vCard 3.0's `TYPE=pref`).
  var isPreferred: Bool { has("PREF", "1") || has("TYPE", "PREF") }

  /// The value as text (escapes undone), cut to `FieldLimit.maxBytes`.
  var text: (text: String, wasCut: Bool) { component(nil) }

  /// Component `index` of a structured value (split at unescaped `;`),
  /// as text; nil `index`: the whole value.
  func component(_ index: Int?) -> (text: String, wasCut: Bool) {
    var out: [UInt8] = []
    var longer = false
    var number = 0
    var position = value.startIndex
    while position < value.endIndex {
      var byte = value[position]
      position += 1
      if index != nil, byte == Byte.semicolon {
        number += 1
        if number > index! { break }
        continue
      }
      if byte == Byte.backslash, position < value.endIndex {
        let escaped = value[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "n"), UInt8(ascii: "N"): byte = Byte.newline
        case Byte.comma, Byte.semicolon, Byte.backslash: byte = escaped
        default:
          // Not an escape vCard defines: the backslash stays.
          if index == nil || number == index! { Self.append(Byte.backslash, to: &out, &longer) }
          byte = escaped
        }
      }
      if index == nil || number == index! { Self.append(byte, to: &out, &longer) }
    }
    return out.withUnsafeBufferPointer { PersonText.cut($0, longer: longer) }
  }

  private static func append(_ byte: UInt8, to out: inout [UInt8], _ longer: inout Bool) {
    if out.count <= FieldLimit.maxBytes { out.append(byte) } else { longer = true }
  }

  /// `head` split at the semicolons outside double quotes.
  private static func split(_ head: String) -> [Substring] {
    var parts: [Substring] = []
    var quoted = false
    var start = head.startIndex
    for index in head.indices {
      if head[index] == "\"" { quoted.toggle() }
      if head[index] == ";" && !quoted {
        parts.append(head[start..<index])
        start = head.index(after: index)
      }
    }
    parts.append(head[start...])
    return parts
  }
}

extension Substring {
  /// The text without the double quotes around it, if it has them.
  fileprivate var trimmingQuotes: Substring {
    count >= 2 && first == "\"" && last == "\"" ? dropFirst().dropLast() : self
  }
}
