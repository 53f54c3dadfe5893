/// One object class as a subschema entry's `objectClasses` describes it
/// (RFC 4512 §4.1.1): its names, superior classes, and the attributes an
/// entry of it must and may have. Extensions and descriptions are skipped.
///
/// Threading: a plain value; `Sendable`.
struct LDAPObjectClassDefinition: Sendable, Equatable {
  var names: [String] = []
  var superiors: [String] = []
  var must: [String] = []
  var may: [String] = []

  /// The class `description` describes; nil when it is not one.
  init?(_ description: String) {
    let tokens = Self.tokens(description)
    guard tokens.first == "(", tokens.last == ")" else { return nil }
    var index = 1
    /// One name, or a parenthesised list of names joined by `$`.
    func names() -> [String] {
      guard index < tokens.count else { return [] }
      if tokens[index] != "(" {
        index += 1
        return [tokens[index - 1]]
      }
      var list: [String] = []
      index += 1
      while index < tokens.count, tokens[index] != ")" {
        if tokens[index] != "$" { list.append(tokens[index]) }
        index += 1
      }
      index += 1
      return list
    }
    while index < tokens.count - 1 {
      let keyword = tokens[index]
      index += 1
      switch keyword {
      case "NAME": self.names = names()
      case "SUP": superiors = names()
      case "MUST": must = names()
      case "MAY": may = names()
      case "DESC": index += 1
      default: break
      }
    }
    guard !self.names.isEmpty else { return nil }
  }

  /// Parentheses, dollars, quoted strings (without their quotes) and bare
  /// words.
  private static func tokens(_ text: String) -> [String] {
    var tokens: [String] = []
    var current = ""
    var quoted = false
    for character in text {
      if quoted {
        if character == "'" {
          tokens.append(current)
          current = ""
          quoted = false
        } else {
          current.append(character)
        }
        continue
      }
      switch character {
      case "'":
        quoted = true
      case "(", ")", "$", " ", "\t", "\n":
        if !current.isEmpty { tokens.append(current) }
        current = ""
        if character != " ", character != "\t", character != "\n" {
          tokens.append(String(character))
        }
      default:
        current.append(character)
      }
    }
    if !current.isEmpty { tokens.append(current) }
    return tokens
  }

  /// `name`'s class and its superiors up to `top`, `name`'s first, from
  /// `classes` (by lowercased name); nil when `name` is not among them.
  static func chain(of name: String, in classes: [String: LDAPObjectClassDefinition])
    -> [LDAPObjectClassDefinition]?
  {
    guard var current = classes[name.lowercased()] else { return nil }
    var chain = [current]
    while let superior = current.superiors.first, let next = classes[superior.lowercased()],
      !chain.contains(next), chain.count < 32
    {
      chain.append(next)
      current = next
    }
    return chain
  }
}
