import CGtk
import GtkKit

/// Which lines of a list over a ``KeyedTreeModel`` are on screen, for lists
/// whose lines are read from a server as they show (the org tree of a
/// server, its groups in the sidebar). GTK binds far more lines than show
/// (up to 200 in GTK 4.8), so a bind is no sign of being seen: the lines
/// on screen are those GTK maps (``GtkKit/ListFactory/shownPositions()``,
/// as of its last layout). Once the main loop is idle after the lines, the
/// scroll or the layout changed, ``onLook`` is called with each line on
/// screen and a screen below it, top first.
///
/// Threading: main-actor only.
@MainActor
final class LinesOnScreen {
  private let tree: KeyedTreeModel
  private let adjustment: ObjectRef
  /// The lines GTK shows, as of its last layout.
  private let shown: @MainActor () -> Range<Int>
  private var isLookPending = false
  /// Called with each line on screen and a screen below, after a change.
  var onLook: (@MainActor (KeyedTreeModel.Node) -> Void)?

  /// Watches `listView`, which shows `tree`; `shown` gives the lines it
  /// shows (its factory's ``GtkKit/ListFactory/shownPositions()``).
  init(listView: Widget, tree: KeyedTreeModel, shown: @escaping @MainActor () -> Range<Int>) {
    self.tree = tree
    self.shown = shown
    adjustment = ObjectRef(gtk_scrollable_get_vadjustment(gtkObject(listView))!)
    // Lines came or went, the list scrolled or was laid out again.
    Signals.connect(tree.object.pointer, .itemsChanged) { [weak self] _, _, _ in self?.lookSoon() }
    Signals.connect(adjustment.pointer, .valueChanged) { [weak self] in self?.lookSoon() }
    Signals.connect(adjustment.pointer, .changed) { [weak self] in self?.lookSoon() }
  }

  /// The lines on screen now.
  var visible: Range<Int> { shown().clamped(to: 0..<tree.count) }

  /// The keys of the lines on screen now.
  var visibleKeys: Set<String> { Set(visible.compactMap { tree.node(at: $0)?.key }) }

  /// Looks at the lines on screen once the main loop is idle (however
  /// often they changed meanwhile).
  func lookSoon() {
    guard !isLookPending else { return }
    isLookPending = true
    Idle.add { [weak self] in
      self?.isLookPending = false
      self?.look()
      return false
    }
  }

  private func look() {
    let visible = visible
    guard !visible.isEmpty, let onLook else { return }
    for line in visible.lowerBound..<min(tree.count, visible.upperBound + visible.count) {
      guard let node = tree.node(at: line) else { break }
      onLook(node)
    }
  }
}
