import SharedSupport
import XCTest

@testable import Directory

/// The scan that looks for a word's first byte eight bytes at a time finds
/// exactly what a byte-by-byte comparison finds, wherever the word stands
/// and whatever the case of the text's letters.
final class SearchTextScanTests: XCTestCase {
  func testTheEightByteScanAgreesWithOneByteAtATime() {
    var generator = SplitMix64(seed: 62)
    // Letters of both cases and the bytes beside "A"-"Z" and "a"-"z".
    let alphabet = Array("abAB@[`{zZ.\u{7F}".utf8) + [0x80, 0xC3, 0xA9, 0xDB]
    var found = (yes: 0, no: 0)
    for _ in 0..<30_000 {
      let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      let word = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      for lowering in [false, true] {
        let folded = word.map { lowering ? SearchText.lowered($0) : $0 }
        let expected = Self.naive(text, folded, lowering: lowering)
        let actual = text.withUnsafeBufferPointer {
          SearchText.contains($0, folded, lowering: lowering)
        }
        XCTAssertEqual(actual, expected, "\(folded) in \(text), lowering: \(lowering)")
        if expected { found.yes += 1 } else { found.no += 1 }
      }
    }
    XCTAssertGreaterThan(found.yes, 1_000)
    XCTAssertGreaterThan(found.no, 1_000)
  }

  func testEveryCapitalAndOnlyCapitalsAreLowered() {
    for byte in 0...255 {
      let spread = UInt64(byte) &* Swar.ones
      let expected = UInt64(SearchText.lowered(UInt8(byte))) &* Swar.ones
      XCTAssertEqual(Swar.lowered(spread), expected, "byte \(byte)")
    }
  }

  private static func naive(_ text: [UInt8], _ word: [UInt8], lowering: Bool) -> Bool {
    guard word.count <= text.count else { return false }
    let text = lowering ? text.map(SearchText.lowered) : text
    return (0...(text.count - word.count)).contains { Array(text[$0..<$0 + word.count]) == word }
  }
}
