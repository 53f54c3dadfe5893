/// A line of a ``LinesWindow``: a heading, the person, what is wrong or
/// what happened, and the identity that opens the person. Made off the main
/// thread; the words are shown as they are (a line marks the directory's
/// controls when it is made).
///
/// Its `id` is its place among the lines (a person may have several).
///
/// Threading: `Sendable`; read on the main thread when bound.
protocol ListedLine: Sendable, Identifiable {
  /// What kind of line it is ("Manager loop", "Joined").
  var heading: String { get }
  /// Whom it is about, as shown.
  var person: String { get }
  /// What is wrong or what happened.
  var detail: String { get }
  /// Whom it is about (id, else username): activating the line opens them.
  var identity: String { get }
}
