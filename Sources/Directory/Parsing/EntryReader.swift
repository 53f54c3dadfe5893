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
  private enum Field {
    case username, avatar, role, id, active, other
    case detail(DetailField)

    var name: String {
      switch self {
      case .username: "username"
      case .avatar: "avatar"
      case .role: "role"
      case .id: "id"
      case .active: "active"
      case .detail(let field): field.rawValue
      case .other: "other"
      }
    }

    /// What a value of this field must be, for messages.
    var expected: String {
      switch self {
      case .id: "a string or an integer"
      case .detail: "a string or a number"
      case .active: "true or false"
      default: "a string"
      }
    }
  }

  /// One entry's fields as read, kept in buffers reused from entry to
  /// entry: the scanner's strings last only until it reads the next one.
  ///
  /// Threading: owned by one parse.
  struct Fields {
    var entry = EntryBytes()
    var hasUsername = false

    mutating func reset() {
      entry.reset()
      hasUsername = false
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
          fields.entry.username.replace(with: bounded(try scanner.readString(), field, &cut))
          fields.hasUsername = true
        case (.avatar, .quote):
          let text = try scanner.readString()
          if text.count > FieldLimit.maxBytes {
            fields.entry.avatar.removeAll(keepingCapacity: true)
            cut = cut ?? .tooLong(field.name, "left out")
          } else {
            fields.entry.avatar.replace(with: text)
          }
        case (.role, .quote):
          fields.entry.role = Role(jsonBytes: bounded(try scanner.readString(), field, &cut))
        case (.id, .quote):
          fields.entry.id.replace(with: bounded(try scanner.readString(), field, &cut))
        case (.id, .some(let byte)) where byte == .minus || byte.isDigit:
          let number = try scanner.readNumber()
          if number.isInteger {
            fields.entry.id.replace(with: bounded(number.text, field, &cut))
          } else {
            problem =
              problem ?? .wrongType("id", found: "a fractional number", expected: field.expected)
          }
        case (.active, .some(let byte)) where byte == .letterT || byte == .letterF:
          // Only an account said to be disabled is: anything else is active.
          fields.entry.isActive = byte == .letterT
          try scanner.skipValue(depth: 2)
        case (.detail(let detail), .quote):
          fields.entry[detail].replace(with: bounded(try scanner.readString(), field, &cut))
        case (.detail(let detail), .some(let byte)) where byte == .minus || byte.isDigit:
          // A phone or employee number written as a number keeps its digits.
          fields.entry[detail].replace(with: bounded(try scanner.readNumber().text, field, &cut))
        case (.avatar, .letterN), (.role, .letterN), (.id, .letterN), (.detail, .letterN):
          // null reads as missing for the optional fields.
          try scanner.skipValue(depth: 2)
          switch field {
          case .avatar: fields.entry.avatar.removeAll(keepingCapacity: true)
          case .role: fields.entry.role = .unknown
          case .detail(let detail): fields.entry[detail].removeAll(keepingCapacity: true)
          default: fields.entry.id.removeAll(keepingCapacity: true)
          }
        case (.active, .letterN):
          // null reads as missing: active.
          try scanner.skipValue(depth: 2)
        case (.detail, _), (.active, _):
          // A detail of another type is left out; the person still loads.
          cut =
            cut
            ?? Problem(
              description:
                "\"\(field.name)\" is \(typeName(startingWith: first)), not \(field.expected), left out"
            )
          try scanner.skipValue(depth: 2)
        case (.username, _), (.avatar, _), (.role, _), (.id, _):
          problem =
            problem
            ?? .wrongType(
              field.name, found: typeName(startingWith: first), expected: field.expected)
          try scanner.skipValue(depth: 2)
        case (.other, _):
          try scanner.skipValue(depth: 2)
        }
        guard try scanner.another(before: .closeBrace) else { break }
      }
    }
    if let problem { return problem }
    guard fields.hasUsername else { return Problem(description: "no \"username\"") }
    guard !fields.entry.username.isEmpty else {
      return Problem(description: "\"username\" is empty")
    }
    return nil
  }

  /// `bytes` cut to `FieldLimit.maxBytes`, noting the first field cut.
  @inline(__always)
  private static func bounded(
    _ bytes: UnsafeBufferPointer<UInt8>, _ field: Field, _ cut: inout Problem?
  ) -> UnsafeBufferPointer<UInt8> {
    let kept = FieldLimit.prefix(bytes)
    if kept.count < bytes.count && cut == nil { cut = .tooLong(field.name, "cut") }
    return kept
  }

  /// The kind of JSON value that starts with `byte`, for messages.
  static func typeName(startingWith byte: UInt8?) -> String {
    switch byte {
    case .quote: "a string"
    case .openBrace: "an object"
    case .openBracket: "an array"
    case .letterT, .letterF: "a boolean"
    case .letterN: "null"
    default: "a number"
    }
  }

  @inline(__always)
  private static func field(named key: UnsafeBufferPointer<UInt8>) -> Field {
    // Whole-word compares for the keys every entry has: this runs for every
    // key of every entry.
    switch key.count {
    case 8 where key.loadUInt64(at: 0) == KeyWord.username: .username
    case 6
    where key.loadUInt32(at: 0) == KeyWord.avatarHead
      && key.loadUInt16(at: 4) == KeyWord.avatarTail:
      .avatar
    case 6 where key.elementsEqual("active".utf8): .active
    case 4 where key.loadUInt32(at: 0) == KeyWord.role: .role
    case 2 where key.loadUInt16(at: 0) == KeyWord.id: .id
    case 4, 5, 7, 8, 10, 11, 14: detail(named: key)
    default: .other
    }
  }

  /// The detail field `key` names, else `.other`.
  private static func detail(named key: UnsafeBufferPointer<UInt8>) -> Field {
    for field in DetailField.allCases where field.jsonKey.utf8CodeUnitCount == key.count {
      let name = UnsafeBufferPointer(start: field.jsonKey.utf8Start, count: key.count)
      if name.elementsEqual(key) { return .detail(field) }
    }
    return .other
  }
}

extension DetailField {
  /// The field's key in users.json (its raw value), as static bytes.
  fileprivate var jsonKey: StaticString {
    switch self {
    case .displayName: "displayName"
    case .email: "email"
    case .title: "title"
    case .department: "department"
    case .location: "location"
    case .phone: "phone"
    case .manager: "manager"
    case .employeeNumber: "employeeNumber"
    case .city: "city"
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
