import FoundationEssentials

/// Any JSON value, as `JSONDecoder` reads it: what a SCIM resource holds
/// beyond the attributes Roster knows, and what a PATCH sends back.
///
/// Threading: a plain value; `Sendable`.
enum JSONValue: Codable, Sendable, Equatable {
  case object([String: JSONValue])
  case array([JSONValue])
  case string(String)
  /// A number without a fraction or exponent that fits 64 bits.
  case integer(Int64)
  case number(Double)
  case bool(Bool)
  case null

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? container.decode(Int64.self) {
      self = .integer(integer)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .object(let object): try container.encode(object)
    case .array(let array): try container.encode(array)
    case .string(let string): try container.encode(string)
    case .integer(let integer): try container.encode(integer)
    case .number(let number): try container.encode(number)
    case .bool(let bool): try container.encode(bool)
    case .null: try container.encodeNil()
    }
  }

  /// The text of a string value; nil for any other.
  var string: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The members of an object; nil for any other value.
  var object: [String: JSONValue]? {
    if case .object(let object) = self { return object }
    return nil
  }
}
