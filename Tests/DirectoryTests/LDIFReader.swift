import Foundation

/// A small LDIF reader written from RFC 2849 for the tests, apart from the
/// exporter's code: it checks the physical lines (LF ends, no CR, at most
/// 76 octets), unfolds them and reads each entry's attributes, decoding
/// base64 values; and it reads the first RDN value of a DN as RFC 4514
/// escapes it.
///
/// Threading: stateless.
enum LDIFReader {
  /// One attribute value as written: its name, whether it was base64, and
  /// its bytes.
  struct Value: Equatable {
    var name: String
    var isBase64: Bool
    var bytes: [UInt8]
    var text: String { String(decoding: bytes, as: UTF8.self) }
  }

  struct Malformed: Error, CustomStringConvertible {
    let description: String
  }

  /// The entries of `bytes` (after `version: 1`), each its values in order,
  /// the DN first.
  static func entries(_ bytes: [UInt8]) throws -> [[Value]] {
    guard !bytes.contains(0x0D) else { throw Malformed(description: "a CR in the file") }
    guard bytes.last == 0x0A else { throw Malformed(description: "no LF at the end") }
    var lines: [[UInt8]] = []
    for line in bytes.dropLast().split(separator: 0x0A, omittingEmptySubsequences: false) {
      guard line.count <= 76 else { throw Malformed(description: "a line of \(line.count)") }
      if line.first == 0x20 {
        guard let last = lines.indices.last, !lines[last].isEmpty else {
          throw Malformed(description: "a continuation after nothing")
        }
        lines[last] += line.dropFirst()
      } else {
        lines.append(Array(line))
      }
    }
    guard lines.first == Array("version: 1".utf8) else {
      throw Malformed(description: "no version line first")
    }
    var entries: [[Value]] = []
    var entry: [Value] = []
    for line in lines.dropFirst() + [[]] {
      if line.isEmpty {
        if !entry.isEmpty { entries.append(entry) }
        entry = []
        continue
      }
      guard let colon = line.firstIndex(of: 0x3A) else {
        throw Malformed(description: "no colon in \(String(decoding: line, as: UTF8.self))")
      }
      let name = String(decoding: line[..<colon], as: UTF8.self)
      var rest = line[(colon + 1)...]
      let isBase64 = rest.first == 0x3A
      if isBase64 { rest = rest.dropFirst() }
      rest = rest.drop { $0 == 0x20 }
      let value: [UInt8]
      if isBase64 {
        guard let data = Data(base64Encoded: Data(rest)) else {
          throw Malformed(description: "bad base64 for \(name)")
        }
        value = Array(data)
      } else {
        guard rest.allSatisfy({ $0 != 0 && $0 < 0x80 }), rest.first != 0x3C else {
          throw Malformed(description: "an unsafe plain value for \(name)")
        }
        value = Array(rest)
      }
      if entry.isEmpty, name != "dn" { throw Malformed(description: "an entry without a dn") }
      entry.append(Value(name: name, isBase64: isBase64, bytes: value))
    }
    return entries
  }

  /// The value of the first RDN of `dn` (after `attribute=`), unescaped.
  static func firstValue(of dn: [UInt8], attribute: String) throws -> [UInt8] {
    let prefix = Array((attribute + "=").utf8)
    guard dn.starts(with: prefix) else { throw Malformed(description: "not \(attribute)=") }
    var value: [UInt8] = []
    var index = prefix.count
    func hex(_ byte: UInt8) -> UInt8? {
      switch byte {
      case 0x30...0x39: byte - 0x30
      case 0x41...0x46: byte - 0x37
      case 0x61...0x66: byte - 0x57
      default: nil
      }
    }
    while index < dn.count, dn[index] != 0x2C {
      if dn[index] == 0x5C {
        if index + 2 < dn.count, let high = hex(dn[index + 1]), let low = hex(dn[index + 2]) {
          value.append(high << 4 | low)
          index += 3
        } else {
          value.append(dn[index + 1])
          index += 2
        }
      } else {
        value.append(dn[index])
        index += 1
      }
    }
    return value
  }
}
