import CGtk
import Foundation
import XCTest

@testable import GtkKit

/// Content put on the clipboard is made only when it is read, once per
/// format, off the main thread; a failure reaches the reader as an error.
final class LazyContentTests: XCTestCase {

  func testBytesAreMadeWhenReadAndOncePerFormat() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let made = Counter()
      let content = LazyContent(mimeTypes: ["text/plain;charset=utf-8", "text/x-test"]) { type in
        made.add(onMainThread: Thread.isMainThread)
        return Array("made for \(type)".utf8)
      }
      let clipboard = gdk_display_get_clipboard(gdk_display_get_default())
      gdk_clipboard_set_content(clipboard, content.pointer)
      MainContext.run(for: .milliseconds(20))
      XCTAssertEqual(content.productions, 0, "made before anyone asked")

      XCTAssertEqual(try Self.readText(clipboard), "made for text/plain;charset=utf-8")
      XCTAssertEqual(try Self.readText(clipboard), "made for text/plain;charset=utf-8")
      XCTAssertEqual(content.productions, 1, "made again for the same format")
      XCTAssertEqual(made.count, 1)
      XCTAssertEqual(made.onMain, 0, "made on the main thread")
    }
  }

  /// GDK hands a reader the pipe before the bytes are written, so a
  /// failure reaches it as nothing to read, never as half a text.
  func testAFailureGivesTheReaderNothing() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      struct Refused: Error {}
      let content = LazyContent(mimeTypes: ["text/plain;charset=utf-8"]) { _ in throw Refused() }
      let clipboard = gdk_display_get_clipboard(gdk_display_get_default())
      gdk_clipboard_set_content(clipboard, content.pointer)
      XCTAssertEqual((try? Self.readText(clipboard)) ?? "", "")
      XCTAssertEqual(content.productions, 1)
    }
  }

  /// Reads the clipboard's text as another part of the app would.
  @MainActor
  private static func readText(_ clipboard: OpaquePointer?) throws -> String {
    let result = TextResult()
    gdk_clipboard_read_text_async(
      clipboard, nil,
      { source, outcome, data in
        let result = Unmanaged<TextResult>.fromOpaque(data!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let text = gdk_clipboard_read_text_finish(OpaquePointer(source), outcome, &error)
        result.text = text.map { String(cString: $0) }
        g_free(text)
        if let error {
          result.error = String(cString: error.pointee.message)
          g_error_free(error)
        }
        result.done = true
      }, Unmanaged.passRetained(result).toOpaque())
    XCTAssertTrue(MainContext.run(until: { result.done }, timeout: .seconds(10)))
    if let error = result.error { throw NSError(domain: error, code: 1) }
    return try XCTUnwrap(result.text)
  }
}

/// What a read of the clipboard gave.
private final class TextResult: @unchecked Sendable {
  var text: String?
  var error: String?
  var done = false
}

/// Counts calls from any thread.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var calls = 0
  private var mainCalls = 0
  func add(onMainThread: Bool) {
    lock.withLock {
      calls += 1
      if onMainThread { mainCalls += 1 }
    }
  }
  var count: Int { lock.withLock { calls } }
  var onMain: Int { lock.withLock { mainCalls } }
}
