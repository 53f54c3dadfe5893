import Foundation

/// How Roster was asked to run (parsed from the command line by the
/// `roster` executable).
///
/// Threading: `Sendable` value.
public struct RosterOptions: Sendable {
  /// A path or http(s) URL of a users.json; nil means the embedded directory.
  public var source: String?
  /// Where to save a PNG of the window once the list is on screen.
  public var screenshot: String?
  /// Quit once the list is on screen (after the screenshot, if any).
  public var quitAfterLoad = false

  /// Options with every default.
  public init() {}
}
