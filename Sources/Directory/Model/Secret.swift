/// A password that never shows: its description, debug description and
/// mirror (what `print`, `dump`, string interpolation and error messages
/// use) all read "<redacted>". Only a client library reads the value (`package`), to bind or to send.
///
/// Threading: a plain value; `Sendable`.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  package let value: String

  /// Wraps `value`.
  public init(_ value: String) {
    self.value = value
  }

  public var description: String { "<redacted>" }
  public var debugDescription: String { "<redacted>" }
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
