import CGtk
import SharedSupport

/// What the shell's search provider takes from a caller on the session
/// bus, which may be any program of the user's: at most ``maxIDs`` ids a
/// GetResultMetas, at most ``maxTermBytes`` of terms (``maxTerms`` of them),
/// and at least ``minCharacters`` characters before a directory, a server
/// above all, is searched. Anything over is answered at once with nothing.
///
/// Threading: pure functions of immutable GVariants; any thread.
enum SearchLimits {
  /// The most result ids GetResultMetas reads (the shell asks for a few).
  static let maxIDs = 256
  /// The most bytes of all terms together.
  static let maxTermBytes = 1024
  /// The most terms.
  static let maxTerms = 64
  /// The fewest characters searched for.
  static let minCharacters = 3

  /// The terms of an `as` value; nil when they are more than
  /// ``maxTerms``, longer than ``maxTermBytes`` together or shorter than
  /// ``minCharacters`` (nothing is searched).
  static func terms(_ value: OpaquePointer) -> [String]? {
    let count = Int(g_variant_n_children(value))
    guard count <= maxTerms else { return nil }
    var terms: [String] = []
    var bytes = 0
    for index in 0..<count {
      let term = DBusValues.withChild(value, index) { child -> String? in
        var length: gsize = 0
        guard let text = g_variant_get_string(child, &length) else { return nil }
        bytes += Int(length)
        return bytes <= maxTermBytes ? String(cString: text) : nil
      }
      guard let term else { return nil }
      terms.append(term)
    }
    return terms.joined(separator: " ").trimmed.count >= minCharacters ? terms : nil
  }

  /// The first ``maxIDs`` strings of an `as` value; the rest are not read.
  static func ids(_ value: OpaquePointer) -> [String] {
    let count = min(Int(g_variant_n_children(value)), maxIDs)
    return (0..<count).map { index in DBusValues.withChild(value, index, DBusValues.string) }
  }
}
