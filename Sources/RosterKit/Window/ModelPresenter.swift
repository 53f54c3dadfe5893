import CGtk
import Directory
import FoundationEssentials
import GtkKit

/// How a directory reaches the list model, the one place that changes it:
/// a large directory's preview, a load applied as the differences computed
/// off the main thread (or a full replacement), and the whole-list swap of
/// a search or a sort. Counts the model's versions (a load's diff applies only to the
/// version it was computed against) and keeps what the last refresh changed.
///
/// Threading: main-actor only.
@MainActor
final class ModelPresenter {
  let model: ListModel<UserRef>
  private let list: PeopleList
  private let grid: GridPage
  private let table: TablePage
  /// The window whose frame clock paces a search's swap.
  private let window: Widget
  /// Bumped whenever the model's elements change.
  private(set) var version = 0
  /// What the last load changed (tests and the refresh benchmark).
  private(set) var lastRefresh: RefreshSummary?

  init(
    model: ListModel<UserRef>, list: PeopleList, grid: GridPage,
    table: TablePage,
    window: Widget
  ) {
    self.model = model
    self.list = list
    self.grid = grid
    self.table = table
    self.window = window
    // A search result of a million people must not be freed on the main thread.
    model.releasingReplacedElementsInBackground()
  }

  /// Shows the first rows of a large directory while the rest is parsed.
  func showPreview(_ rows: [UserRef]) {
    model.replaceAll(with: rows)
    version += 1
    list.viewport.update()
  }

  /// Puts a loaded directory in the model: as `diff` (computed off the main
  /// thread against `diffVersion`) when the model is still that version, as
  /// one insertion after a preview that starts it, else as a full
  /// replacement. Unchanged rows stay bound; changed ones are re-bound in place.
  func apply(_ rows: [UserRef], diff: ListDiff?, diffVersion: Int, afterPreview: Bool) {
    let started = ContinuousClock.now
    defer { version += 1 }
    var computed = diffVersion == version ? diff : nil
    let shown = model.count
    if computed == nil, afterPreview, shown > 0, shown <= rows.count,
      zip(model.elements, rows).allSatisfy({ $0 == $1 })
    {
      // The preview's rows start the directory: the rest is one insertion.
      computed = ListDiff(splices: [
        .init(position: shown, removed: 0, inserted: shown..<rows.count)
      ])
    }
    guard let diff = computed, !model.elements.isEmpty else {
      model.replaceAll(with: rows)
      lastRefresh = RefreshSummary(diff: nil, mainThreadTime: ContinuousClock.now - started)
      return
    }
    model.apply(diff, to: rows)
    if !diff.reconfigured.isEmpty {
      let changed = Set(diff.reconfigured)
      list.factory.rebind { changed.contains($0) }
      grid.factory.rebind { changed.contains($0) }
      table.factory.rebind { changed.contains($0) }
    }
    lastRefresh = RefreshSummary(diff: diff, mainThreadTime: ContinuousClock.now - started)
  }

  /// Swaps the whole list (a search and its end) from the top, without GTK
  /// rebuilding a row: the rows on screen are re-bound in place at once, the
  /// other bound ones a few per frame, and only the change of length is
  /// announced, between frames (``ListModel/reload(with:pacedBy:budget:)``),
  /// so even a million people arrive without holding up a frame.
  func reload(with rows: [UserRef]) {
    // The table's rows on screen now; from the top, as many will be.
    let tableScreen = table.factory.shownPositions().count + 1
    // The jump to the top ends a fling: its next step, from a value GTK has
    // not laid the rows out at yet, would have GTK 4.8 put the view elsewhere.
    for scroller in [list.dragScroller, grid.dragScroller, table.dragScroller] { scroller.stop() }
    for view in [list.scroller, grid.widget, table.scroller] {
      gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(gtkObject(view)), 0)
    }
    let kept = model.reload(with: rows, pacedBy: window)
    version += 1
    // The rows on screen now, the rest of the bound ones over the next frames
    // (the update also tells the avatar prefetcher where the list now is).
    list.viewport.update()
    let onScreen = list.viewport.visible
    list.factory.rebind(
      where: { kept.contains($0) }, deferring: { !onScreen.contains($0) }, pacedBy: window)
    grid.factory.rebind { kept.contains($0) }
    // The table's too: the rows at the top, which GTK bound at once when
    // the view scrolled there (with the old people), now; the others, left
    // where the view was or below the screen, later.
    table.factory.rebind(
      where: { kept.contains($0) }, deferring: { $0 >= tableScreen }, pacedBy: window)
    // A shorter list keeps GTK's rows past its end until the new length is
    // announced, over the next frames: they show no one meanwhile, never
    // the people from before. (A longer list's first new rows may already
    // be bound to their people: they stay.)
    let end = rows.count
    list.factory.forEachBoundRow { row, position in
      if position >= end { row.clear() }
    }
    grid.factory.forEachBoundRow { cell, position in
      if position >= end { cell.clear() }
    }
    table.factory.forEachBoundRow { row, position in
      if position >= end { row.clear() }
    }
  }
}
