import Directory
import XCTest

// A loaded directory's users are a `UserTable`, a collection of view models
// made when read; these compare one with an array of view models element by
// element, as the same assertion on two arrays would.

// swift-format-ignore: AlwaysUseLowerCamelCase
func XCTAssertEqual(
  _ table: @autoclosure () throws -> UserTable,
  _ expected: @autoclosure () throws -> [UserViewModel],
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertEqual(try Array(table()), try expected(), message(), file: file, line: line)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
func XCTAssertEqual(
  _ models: @autoclosure () throws -> [UserViewModel], _ table: @autoclosure () throws -> UserTable,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertEqual(try models(), try Array(table()), message(), file: file, line: line)
}
