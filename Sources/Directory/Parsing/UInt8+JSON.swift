/// The bytes of JSON's grammar, named so the scanner reads like the grammar.
/// Computed rather than stored: a stored static is a lazily initialised
/// global, checked on every use in the hot loop.
extension UInt8 {
  static var space: UInt8 { UInt8(ascii: " ") }
  static var tab: UInt8 { UInt8(ascii: "\t") }
  static var newline: UInt8 { UInt8(ascii: "\n") }
  static var carriageReturn: UInt8 { UInt8(ascii: "\r") }
  static var quote: UInt8 { UInt8(ascii: "\"") }
  static var backslash: UInt8 { UInt8(ascii: "\\") }
  static var slash: UInt8 { UInt8(ascii: "/") }
  static var minus: UInt8 { UInt8(ascii: "-") }
  static var plus: UInt8 { UInt8(ascii: "+") }
  static var dot: UInt8 { UInt8(ascii: ".") }
  static var zero: UInt8 { UInt8(ascii: "0") }
  static var colon: UInt8 { UInt8(ascii: ":") }
  static var comma: UInt8 { UInt8(ascii: ",") }
  static var openBrace: UInt8 { UInt8(ascii: "{") }
  static var closeBrace: UInt8 { UInt8(ascii: "}") }
  static var openBracket: UInt8 { UInt8(ascii: "[") }
  static var closeBracket: UInt8 { UInt8(ascii: "]") }
  static var letterN: UInt8 { UInt8(ascii: "n") }
  static var letterT: UInt8 { UInt8(ascii: "t") }
  static var letterF: UInt8 { UInt8(ascii: "f") }

  var isDigit: Bool { self >= .zero && self <= UInt8(ascii: "9") }
}
