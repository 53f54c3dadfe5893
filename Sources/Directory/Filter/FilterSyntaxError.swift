/// Why a filter could not be read, and where: `position` counts characters
/// (user-perceived ones, as the filter field shows them) from 0.
///
/// Threading: a plain value; `Sendable`.
public struct FilterSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The character the mistake starts at (the text's length: at its end).
  public var position: Int
  /// What was wrong, as a sentence fragment ("expected a value").
  public var message: String

  /// An error at `position`.
  public init(position: Int, message: String) {
    self.position = position
    self.message = message
  }

  public var description: String { "at character \(position + 1): \(message)" }
}
