/// Reads one element of the users array into a `User`, or says why the entry
/// must be skipped. Knows the data format's field rules; `DirectoryParser`
/// documents them.
///
/// Threading: stateless; used by one parse at a time through its scanner.
enum EntryReader {
  /// Why an entry is skipped, turned into text only for the warnings kept.
  struct Problem: Error, CustomStringConvertible {
    var description: String

    static func wrongType(_ key: String, found: String, expected: String) -> Problem {
      Problem(description: "\"\(key)\" is \(found), not \(expected)")
    }

    /// A field longer than `FieldLimit.maxBytes`: the entry loads with it
    /// cut (`outcome` says how).
    static func tooLong(_ key: String, _ outcome: String) -> Problem {
      Problem(description: "\"\(key)\" is longer than \(FieldLimit.maxBytes) bytes, \(outcome)")
    }
  }

  /// The keys the format knows; `other` covers every key it ignores.
  private enum Field: String {
    case username, avatar, role, id, other

    /// What a value of this field must be, for messages.
    var expected: String { self == .id ? "a string or an integer" : "a string" }
  }

  /// Reads the object at the scanner (its first byte is "{"). Syntax errors
  /// throw; a well-formed entry that breaks the format rules is a failure.
  /// A field longer than `FieldLimit.maxBytes` is cut (an avatar reference
  /// is left out: cut short it would name another file) and `cut` says
  /// which, for the first such field; the entry still loads.
  static func read(
    _ scanner: inout JSONScanner, avatars: inout StringInterner, cut: inout Problem?
  ) throws(JSONSyntaxError) -> Result<User, Problem> {
    try scanner.expect(.openBrace, "'{'")
    var username: String?
    var avatar = ""
    var role = Role.unknown
    var id: String?
    var problem: Problem?
    scanner.skipWhitespace()
    if !scanner.consume(.closeBrace) {
      while true {
        let field = field(named: try scanner.readString())
        scanner.skipWhitespace()
        try scanner.expect(.colon, "':'")
        scanner.skipWhitespace()
        let first = scanner.peek()
        switch (field, first) {
        case (.username, .quote):
          username = String(decoding: bounded(try scanner.readString(), field, &cut), as: UTF8.self)
        case (.avatar, .quote):
          let text = try scanner.readString()
          if text.count > FieldLimit.maxBytes {
            avatar = ""
            cut = cut ?? .tooLong(field.rawValue, "left out")
          } else {
            avatar = avatars.string(for: text)
          }
        case (.role, .quote):
          role = Role(jsonBytes: bounded(try scanner.readString(), field, &cut))
        case (.id, .quote):
          let text = bounded(try scanner.readString(), field, &cut)
          id = text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
        case (.id, .some(let byte)) where byte == .minus || byte.isDigit:
          let number = try scanner.readNumber()
          if number.isInteger {
            id = String(decoding: bounded(number.text, field, &cut), as: UTF8.self)
          } else {
            problem =
              problem ?? .wrongType("id", found: "a fractional number", expected: Field.id.expected)
          }
        case (.avatar, .letterN), (.role, .letterN), (.id, .letterN):
          // null reads as missing for the optional fields.
          try scanner.skipValue(depth: 2)
          switch field {
          case .avatar: avatar = ""
          case .role: role = .unknown
          default: id = nil
          }
        case (.username, _), (.avatar, _), (.role, _), (.id, _):
          problem =
            problem
            ?? .wrongType(
              field.rawValue, found: typeName(startingWith: first), expected: field.expected)
          try scanner.skipValue(depth: 2)
        case (.other, _):
          try scanner.skipValue(depth: 2)
        }
        scanner.skipWhitespace()
        if scanner.consume(.comma) {
          scanner.skipWhitespace()
          continue
        }
        try scanner.expect(.closeBrace, "',' or '}'")
        break
      }
    }
    if let problem { return .failure(problem) }
    guard let username else { return .failure(Problem(description: "no \"username\"")) }
    guard !username.isEmpty else { return .failure(Problem(description: "\"username\" is empty")) }
    return .success(User(id: id, username: username, avatar: avatar, role: role))
  }

  /// `bytes` cut to `FieldLimit.maxBytes`, noting the first field cut.
  @inline(__always)
  private static func bounded(
    _ bytes: UnsafeBufferPointer<UInt8>, _ field: Field, _ cut: inout Problem?
  ) -> UnsafeBufferPointer<UInt8> {
    let kept = FieldLimit.prefix(bytes)
    if kept.count < bytes.count && cut == nil { cut = .tooLong(field.rawValue, "cut") }
    return kept
  }

  /// The kind of JSON value that starts with `byte`, for messages.
  static func typeName(startingWith byte: UInt8?) -> String {
    switch byte {
    case .quote: "a string"
    case .openBrace: "an object"
    case .openBracket: "an array"
    case .letterT, UInt8(ascii: "f"): "a boolean"
    case .letterN: "null"
    default: "a number"
    }
  }

  @inline(__always)
  private static func field(named key: UnsafeBufferPointer<UInt8>) -> Field {
    // Whole-word compares: this runs for every key of every entry.
    switch key.count {
    case 8 where key.loadUInt64(at: 0) == KeyWord.username: .username
    case 6
    where key.loadUInt32(at: 0) == KeyWord.avatarHead
      && key.loadUInt16(at: 4) == KeyWord.avatarTail:
      .avatar
    case 4 where key.loadUInt32(at: 0) == KeyWord.role: .role
    case 2 where key.loadUInt16(at: 0) == KeyWord.id: .id
    default: .other
    }
  }
}
