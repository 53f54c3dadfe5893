import Directory
import DirectoryGenerator
import Foundation
import XCTest

/// A million generated users (seed 2026, 4,000 avatar file names), made once
/// per test process when a test first asks and shared by the tests that need
/// a directory at full scale: generating them is most of those tests' time.
///
/// Threading: `users` is a global constant, made once on first use from any thread.
enum MillionUsers {
  static let count = 1_000_000
  static let avatarFileNames = (0..<4000).map { String(format: "avatar-%04d.jpg", $0) }
  static let users = UserGenerator.users(
    count: count, avatarFileNames: avatarFileNames, seed: 2026)

  /// Skips a test of scale or speed alone in a sanitizer's build, where it
  /// runs 5 to 15 times slower and checks no memory or thread safety that the
  /// smaller tests do not: the normal test run still runs it.
  static func skipInSanitizerBuilds() throws {
    #if ROSTER_SANITIZED
      throw XCTSkip(
        "a test of scale alone, slow under a sanitizer: "
          + "make test's step \"tests under X11 (Xvfb)\" runs it")
    #endif
  }
}
