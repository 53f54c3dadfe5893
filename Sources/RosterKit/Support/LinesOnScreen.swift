import CGtk
import GtkKit

/// Which lines of a list over a ``KeyedTreeModel`` are on screen, for lists
/// whose lines are read from a server as they show (the org tree of a
/// server, its groups in the sidebar). GTK binds far more lines than show
/// (up to 200 in GTK 4.8), so a bind is no sign of being seen: the lines on
/// screen come from the list's scroll position, every line being as high
/// as the others (the adjustment's upper over the count of lines, or every
/// line while they fit the page). Once the main loop is idle after the
/// lines, the scroll or the layout changed (GTK moves the scroll to a line
/// when it lays the list out, then says so), ``onLook`` is called with
/// each line on screen and a screen below it, top first.
///
/// Threading: main-actor only.
@MainActor
final class LinesOnScreen {
  private let tree: KeyedTreeModel
  private let adjustment: ObjectRef
  private var isLookPending = false
  /// Called with each line on screen and a screen below, after a change.
  var onLook: (@MainActor (KeyedTreeModel.Node) -> Void)?

  /// Watches `listView`, which shows `tree`.
  init(listView: Widget, tree: KeyedTreeModel) {
    self.tree = tree
    adjustment = ObjectRef(gtk_scrollable_get_vadjustment(gtkObject(listView))!)
    // Lines came or went, the list scrolled or was laid out again.
    Signals.connect(tree.object.pointer, .itemsChanged) { [weak self] _, _, _ in self?.lookSoon() }
    Signals.connect(adjustment.pointer, .valueChanged) { [weak self] in self?.lookSoon() }
    Signals.connect(adjustment.pointer, .changed) { [weak self] in self?.lookSoon() }
  }

  /// The lines on screen now (as of the list's last layout).
  var visible: Range<Int> {
    let count = tree.count
    let scroll = cgtk_adjustment(adjustment.pointer)
    let upper = gtk_adjustment_get_upper(scroll)
    let page = gtk_adjustment_get_page_size(scroll)
    guard count > 0, page > 0 else { return 0..<0 }
    // Every line fits: all show.
    guard upper > page + 1 else { return 0..<count }
    let height = upper / Double(count)
    let value = gtk_adjustment_get_value(scroll)
    let first = min(count - 1, max(0, Int((value / height).rounded(.down))))
    let last = min(count - 1, Int(((value + page) / height).rounded(.up)) - 1)
    return last >= first ? first..<(last + 1) : 0..<0
  }

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
