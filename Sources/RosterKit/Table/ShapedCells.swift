import CGtk
import Directory
import GtkKit

/// The cells of people no row shows yet, shaped ahead in the gaps between
/// frames, for the rows GTK is about to bind to them: the top of a sorted
/// table before the sort is swapped in. A row bound to one of these people
/// takes their lines (``take(_:)``) instead of filling its own, so the
/// frame that first shows them only draws their text.
///
/// Without it that frame shapes every line on screen (a hundred in a
/// six-column table, about 80 µs each here): the sort's one long frame.
///
/// Threading: main-actor only.
@MainActor
final class ShapedCells {
  /// One person's cells, in the columns' order, and the initials their
  /// avatar shows until (or unless) its image does.
  struct Lines {
    let cells: [TextLine]
    let initials: TextLine
  }

  /// Each person's lines, by identity.
  private var lines: [String: Lines] = [:]
  /// The ``TableColumns/version`` the lines were shaped for.
  private var layoutVersion = -1

  /// How many people's lines wait for their rows.
  var count: Int { lines.count }

  /// Keeps `shaped` for the row that will show `identity`, shaped for the
  /// columns' `layoutVersion` (``TableColumns/version``).
  func store(_ shaped: Lines, for identity: String, layoutVersion: Int) {
    if layoutVersion != self.layoutVersion {
      lines = [:]
      self.layoutVersion = layoutVersion
    }
    lines[identity] = shaped
  }

  /// The lines shaped for `identity` at `layoutVersion`, handed over once.
  func take(_ identity: String, layoutVersion: Int) -> Lines? {
    guard !lines.isEmpty, layoutVersion == self.layoutVersion else { return nil }
    return lines.removeValue(forKey: identity)
  }

  /// Forgets the lines no row took (the people scrolled past unseen).
  func removeAll() { lines = [:] }
}
