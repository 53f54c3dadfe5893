import Foundation

/// A report's JSON object: its stored properties, in the order they are
/// declared, under their snake_case names (`speedPxS` → `speed_px_s`).
///
/// Threading: any thread (values only).
protocol ReportObject: Encodable {}

/// Writes a ``ReportObject`` as one JSON line. Every value is encoded by
/// `JSONEncoder`; only the key order is kept here, because JSONEncoder on
/// Linux writes an object's keys in hash order (a run showed it) and the
/// bench lines keep run-floor's order, so tables and diffs of them line up.
///
/// Threading: pure, any thread.
enum ReportLine {
  static func json(_ object: some ReportObject) throws -> String {
    let encoder = JSONEncoder()
    // Sorted: a dictionary's keys (the failure reasons) in a stable order.
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try text(object, encoder)
  }

  private static func text(_ value: Any, _ encoder: JSONEncoder) throws -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return "null" }
      return try text(wrapped, encoder)
    }
    if value is any ReportObject {
      let fields = try mirror.children.map { child in
        "\"\(snakeCase(child.label ?? ""))\":\(try text(child.value, encoder))"
      }
      return "{\(fields.joined(separator: ","))}"
    }
    guard let encodable = value as? any Encodable else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: [], debugDescription: "not Encodable"))
    }
    return String(decoding: try encoder.encode(encodable), as: UTF8.self)
  }

  /// `decodeMsP50` → `decode_ms_p50`.
  private static func snakeCase(_ name: String) -> String {
    var result = ""
    for character in name {
      if character.isUppercase {
        result += "_" + character.lowercased()
      } else {
        result.append(character)
      }
    }
    return result
  }
}

/// A number written with a fixed count of decimals, as run-floor prints it
/// (`%.2f`); trailing zeros are dropped by the JSON encoding (59.90 → 59.9).
///
/// Threading: a `Sendable` value.
struct Fixed: Encodable, Sendable {
  let value: Double
  let digits: Int

  init(_ value: Double, _ digits: Int = 2) {
    self.value = value
    self.digits = digits
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    let text = String(format: "%.\(digits)f", value)
    try container.encode(Decimal(string: text) ?? Decimal(value))
  }
}
