/// Where and why the scanner found the bytes not to be JSON.
///
/// Threading: a plain value; `Sendable`.
struct JSONSyntaxError: Error, Sendable, Equatable {
  /// Byte offset into the input where reading stopped.
  var offset: Int
  var reason: String
}
