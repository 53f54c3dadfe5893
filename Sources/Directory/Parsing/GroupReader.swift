/// Reads the "groups" array of users.json's object form into ``RawGroups``:
/// each group's identity, name and the references (ids, else usernames)
/// of its members and of the groups inside it, as the file gives them,
/// resolved against the people once they are all read.
///
/// A group that is not an object, has neither a non-empty "name" nor an
/// "id", or has a field of the wrong type is skipped with a warning; the
/// rest load. A reference that is neither a string nor an integer is left
/// out with a warning. Text is cut to `FieldLimit.maxBytes` like a
/// person's.
///
/// Threading: stateless; used by one parse at a time through its scanner.
enum GroupReader {
  /// Reads the array at the scanner into `groups`; `warn(index, offset,
  /// reason)` hears of each group skipped or cut.
  static func readArray(
    _ scanner: inout JSONScanner, into groups: inout RawGroups,
    warn: (Int, Int, String) -> Void
  ) throws(JSONSyntaxError) {
    try scanner.expect(.openBracket, "'['")
    scanner.skipWhitespace()
    if scanner.consume(.closeBracket) { return }
    var index = 0
    while true {
      let offset = scanner.position
      if scanner.peek() == .openBrace {
        if let problem = try readGroup(&scanner, into: &groups) {
          warn(index, offset, problem)
        }
      } else {
        let kind = EntryReader.typeName(startingWith: scanner.peek())
        try scanner.skipValue(depth: 2)
        warn(index, offset, "\(kind), not an object")
      }
      index += 1
      guard try scanner.another(before: .closeBracket) else { return }
    }
  }

  /// Reads one group object; returns why it was skipped or cut, nil when it
  /// loaded whole.
  private static func readGroup(
    _ scanner: inout JSONScanner, into groups: inout RawGroups
  ) throws(JSONSyntaxError) -> String? {
    try scanner.expect(.openBrace, "'{'")
    var id: String?
    var name: String?
    let mark = groups.mark
    var skip: String?
    var note: String?
    scanner.skipWhitespace()
    if !scanner.consume(.closeBrace) {
      while true {
        let key = String(decoding: try scanner.readString(), as: UTF8.self)
        scanner.skipWhitespace()
        try scanner.expect(.colon, "':'")
        scanner.skipWhitespace()
        let first = scanner.peek()
        switch key {
        case "id":
          if let value = try readReference(&scanner) {
            id = String(decoding: value, as: UTF8.self)
          } else if first != .letterN {
            skip =
              skip
              ?? "\"id\" is \(EntryReader.typeName(startingWith: first)), not a string or an integer"
          }
        case "name" where first == .quote:
          name = FieldLimit.string(try scanner.readString()).text
        case "members", "groups":
          guard first == .openBracket else {
            if first == .letterN {
              try scanner.skipValue(depth: 3)
            } else {
              skip =
                skip ?? "\"\(key)\" is \(EntryReader.typeName(startingWith: first)), not an array"
              try scanner.skipValue(depth: 3)
            }
            break
          }
          // A repeated key: the last one wins, as for a person's fields.
          let left =
            key == "members"
            ? try readReferences(&scanner, into: &groups.members, from: mark.members)
            : try readReferences(&scanner, into: &groups.subgroups, from: mark.subgroups)
          if left > 0 {
            note = note ?? "\(left) of \"\(key)\" neither strings nor integers, left out"
          }
        case "name" where first == .letterN:
          try scanner.skipValue(depth: 3)
        case "name":
          skip = skip ?? "\"name\" is \(EntryReader.typeName(startingWith: first)), not a string"
          try scanner.skipValue(depth: 3)
        default:
          try scanner.skipValue(depth: 3)
        }
        guard try scanner.another(before: .closeBrace) else { break }
      }
    }
    let identity = (id?.isEmpty == false ? id : nil) ?? (name?.isEmpty == false ? name : nil)
    guard skip == nil, let identity else {
      groups.rollBack(to: mark)
      return (skip ?? "neither \"name\" nor \"id\"") + ", skipped"
    }
    groups.commit(id: identity, name: name?.isEmpty == false ? name! : identity, from: mark)
    return note
  }

  /// A string or an integer (its decimal text) at the scanner, cut to the
  /// field limit, valid until the scanner reads on; nil, with the value
  /// skipped, for anything else.
  private static func readReference(_ scanner: inout JSONScanner) throws(JSONSyntaxError)
    -> UnsafeBufferPointer<UInt8>?
  {
    switch scanner.peek() {
    case .quote:
      return FieldLimit.prefix(try scanner.readString())
    case .some(let byte) where byte == .minus || byte.isDigit:
      let number = try scanner.readNumber()
      return number.isInteger ? FieldLimit.prefix(number.text) : nil
    default:
      try scanner.skipValue(depth: 4)
      return nil
    }
  }

  /// Reads an array of references into `references`, replacing those after
  /// `mark`; returns how many elements were neither strings nor integers.
  private static func readReferences(
    _ scanner: inout JSONScanner, into references: inout RawGroups.References, from mark: Int
  ) throws(JSONSyntaxError) -> Int {
    references.rollBack(to: mark)
    try scanner.expect(.openBracket, "'['")
    scanner.skipWhitespace()
    if scanner.consume(.closeBracket) { return 0 }
    var leftOut = 0
    while true {
      if let reference = try readReference(&scanner) {
        references.append(reference)
      } else {
        leftOut += 1
      }
      guard try scanner.another(before: .closeBracket) else { return leftOut }
    }
  }
}
