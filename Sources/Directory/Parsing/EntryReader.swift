/// Reads one element of the users array into its fields' bytes, or says why the entry
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

  /// One entry's fields as read, kept in buffers reused from entry to
  /// entry: the scanner's strings last only until it reads the next one.
  ///
  /// Threading: owned by one parse.
  struct Fields {
    var username: [UInt8] = []
    var hasUsername = false
    /// Empty when there is no id (the username is the identity).
    var id: [UInt8] = []
    /// Empty when there is no avatar.
    var avatar: [UInt8] = []
    var role = Role.unknown

    mutating func reset() {
      username.removeAll(keepingCapacity: true)
      hasUsername = false
      id.removeAll(keepingCapacity: true)
      avatar.removeAll(keepingCapacity: true)
      role = .unknown
    }
  }

  /// Reads the object at the scanner (its first byte is "{") into `fields`.
  /// Syntax errors throw; a well-formed entry that breaks the format rules
  /// returns why it must be skipped, nil when it loads. A field longer than
  /// `FieldLimit.maxBytes` is cut (an avatar reference is left out: cut
  /// short it would name another file) and `cut` says which, for the first
  /// such field; the entry still loads.
  static func read(
    _ scanner: inout JSONScanner, into fields: inout Fields, cut: inout Problem?
  ) throws(JSONSyntaxError) -> Problem? {
    try scanner.expect(.openBrace, "'{'")
    fields.reset()
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
          fields.username.replace(with: bounded(try scanner.readString(), field, &cut))
          fields.hasUsername = true
        case (.avatar, .quote):
          let text = try scanner.readString()
          if text.count > FieldLimit.maxBytes {
            fields.avatar.removeAll(keepingCapacity: true)
            cut = cut ?? .tooLong(field.rawValue, "left out")
          } else {
            fields.avatar.replace(with: text)
          }
        case (.role, .quote):
          fields.role = Role(jsonBytes: bounded(try scanner.readString(), field, &cut))
        case (.id, .quote):
          fields.id.replace(with: bounded(try scanner.readString(), field, &cut))
        case (.id, .some(let byte)) where byte == .minus || byte.isDigit:
          let number = try scanner.readNumber()
          if number.isInteger {
            fields.id.replace(with: bounded(number.text, field, &cut))
          } else {
            problem =
              problem ?? .wrongType("id", found: "a fractional number", expected: Field.id.expected)
          }
        case (.avatar, .letterN), (.role, .letterN), (.id, .letterN):
          // null reads as missing for the optional fields.
          try scanner.skipValue(depth: 2)
          switch field {
          case .avatar: fields.avatar.removeAll(keepingCapacity: true)
          case .role: fields.role = .unknown
          default: fields.id.removeAll(keepingCapacity: true)
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
    if let problem { return problem }
    guard fields.hasUsername else { return Problem(description: "no \"username\"") }
    guard !fields.username.isEmpty else { return Problem(description: "\"username\" is empty") }
    return nil
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

extension Array where Element == UInt8 {
  /// Replaces the contents with `bytes`, keeping the capacity.
  @inline(__always)
  fileprivate mutating func replace(with bytes: UnsafeBufferPointer<UInt8>) {
    removeAll(keepingCapacity: true)
    append(contentsOf: bytes)
  }
}
