import Glibc

extension String {
  /// `template` with its printf-style placeholders filled from `values`:
  /// what `tr()` returns for a sentence with values in it.
  ///
  /// Placeholders: `%@` and `%s` (the value's description), `%d` `%i`
  /// `%ld` `%lld` `%zd` (a whole number), `%u` `%lu` `%x` `%X` (an unsigned
  /// one), `%f` `%e` `%g` with flags, width and precision (`%5.1f`), and
  /// `%%`. A translation may reorder its values with positions (`%2$@`
  /// before `%1$@`). Numbers use the C library's formatting in the
  /// process's numeric locale, which Roster keeps at C ("31.6", never
  /// "31,6"); text for people groups digits itself. A placeholder with no
  /// value left is kept as written, never read past the values given.
  ///
  /// Threading: any thread.
  public init(filling template: String, _ values: any CustomStringConvertible...) {
    self = Self.fill(Array(template.utf8), values)
  }

  private static func fill(_ template: [UInt8], _ values: [any CustomStringConvertible]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(template.count + 16 * values.count)
    var next = 0
    var index = 0
    while index < template.count {
      let byte = template[index]
      guard byte == UInt8(ascii: "%"), index + 1 < template.count else {
        output.append(byte)
        index += 1
        continue
      }
      guard let spec = Placeholder(template, at: index + 1) else {
        output.append(byte)
        index += 1
        continue
      }
      let placeholder = template[index..<spec.end]
      index = spec.end
      if spec.conversion == UInt8(ascii: "%") {
        output.append(UInt8(ascii: "%"))
        continue
      }
      let position = spec.position.map { $0 - 1 } ?? next
      next = position + 1
      guard values.indices.contains(position) else {
        output.append(contentsOf: placeholder)
        continue
      }
      output.append(contentsOf: spec.format(values[position]).utf8)
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// One placeholder: `%[position$][flags][width][.precision][length]conversion`.
  private struct Placeholder {
    var position: Int?
    /// Flags, width and precision as written, for the C library.
    var layout: [UInt8] = []
    var conversion: UInt8 = 0
    var end: Int

    init?(_ bytes: [UInt8], at start: Int) {
      var index = start
      func digits() -> Int? {
        var value: Int?
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
          value = (value ?? 0) &* 10 &+ Int(bytes[index] - UInt8(ascii: "0"))
          index += 1
        }
        return value
      }
      let layoutStart = index
      if let number = digits(), index < bytes.count, bytes[index] == UInt8(ascii: "$") {
        guard number > 0 else { return nil }
        position = number
        index += 1
      } else {
        index = layoutStart
      }
      let flagsStart = index
      while index < bytes.count, "-+ #0'".utf8.contains(bytes[index]) { index += 1 }
      _ = digits()
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        _ = digits()
      }
      layout = Array(bytes[flagsStart..<index])
      while index < bytes.count, "hlqLjzt".utf8.contains(bytes[index]) { index += 1 }
      guard index < bytes.count, "@sdiuxXfFeEgG%".utf8.contains(bytes[index]) else { return nil }
      conversion = bytes[index]
      end = index + 1
    }

    func format(_ value: any CustomStringConvertible) -> String {
      switch conversion {
      case UInt8(ascii: "d"), UInt8(ascii: "i"):
        guard let number = value as? any BinaryInteger else { return value.description }
        return Self.printf(layout + Array("lld".utf8), Int64(clamping: number))
      case UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"):
        guard let number = value as? any BinaryInteger else { return value.description }
        return Self.printf(layout + Array("ll".utf8) + [conversion], UInt64(clamping: number))
      case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"),
        UInt8(ascii: "g"), UInt8(ascii: "G"):
        let number: Double
        if let floating = value as? any BinaryFloatingPoint {
          number = Double(floating)
        } else if let whole = value as? any BinaryInteger {
          number = Double(whole)
        } else {
          return value.description
        }
        return Self.printf(layout + [conversion], number)
      default:
        return value.description
      }
    }

    /// One value through the C library's `snprintf` with `%` + `spec`.
    private static func printf(_ spec: [UInt8], _ value: any CVarArg) -> String {
      let format = [UInt8(ascii: "%")] + spec + [0]
      var buffer = [CChar](repeating: 0, count: 128)
      while true {
        let needed = format.withUnsafeBufferPointer { format in
          buffer.withUnsafeMutableBufferPointer { buffer in
            withVaList([value]) { arguments in
              format.withMemoryRebound(to: CChar.self) {
                vsnprintf(buffer.baseAddress, buffer.count, $0.baseAddress, arguments)
              }
            }
          }
        }
        guard needed >= 0 else { return "" }
        if Int(needed) < buffer.count {
          return String(
            decoding: buffer[..<Int(needed)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        buffer = [CChar](repeating: 0, count: Int(needed) + 1)
      }
    }
  }
}
