import CGtk
import DirectoryGenerator
import GtkKit
import RosterKit

/// One thing a soak does to the window, in a fixed cycle; each ends with the
/// window settled back in list mode.
///
/// Threading: `Sendable` value.
enum SoakStep: CaseIterable, Sendable {
  /// A fling down at a released drag's top speed, until it stops (~2 s).
  case flingDown
  /// A fling up.
  case flingUp
  /// The scrollbar dragged to a seeded random place.
  case jump
  /// A query typed a character at a time, then cleared.
  case search
  /// Grid mode, a fling down and up in it, and back to the list (local
  /// directories: a server's list has no grid).
  case grid

  /// What is typed, one character at a time (a seeded choice each time).
  static let queries = ["anna", "mar", "jo", "lee", "admin", "zz"]
}

extension Soak {
  /// Performs `step` and lets the window settle for a moment.
  func perform(_ step: SoakStep) {
    switch step {
    case .flingDown: fling(velocity: 8_000)
    case .flingUp: fling(velocity: -8_000)
    case .jump: jump()
    case .search: search(SoakStep.queries[random.next(below: SoakStep.queries.count)])
    case .grid: visitGrid()
    }
    MainContext.run(for: .milliseconds(300))
  }

  /// Flings the view on screen and waits until it stops.
  private func fling(velocity: Double) {
    guard let scroller = window.shownDragScroller else { return }
    scroller.fling(velocity: velocity)
    MainContext.run(until: { !scroller.isFlinging }, timeout: .seconds(10))
    counts.flings += 1
  }

  /// Sets the scrollbar to a random place and waits until the visible rows
  /// show their people and avatars (at most 10 s).
  private func jump() {
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.shownView))!
    let range = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
    gtk_adjustment_set_value(adjustment, range * random.nextUnit())
    MainContext.run(for: .milliseconds(50))
    MainContext.run(
      until: { self.window.hasVisibleRows && self.window.visibleRowsWaitingForAvatars == 0 },
      timeout: .seconds(10))
    counts.jumps += 1
  }

  /// Types `query` a character at a time, each result shown in full before
  /// the next, then clears the search.
  private func search(_ query: String) {
    for length in 1...query.count {
      let text = String(query.prefix(length))
      window.setSearchText(text)
      MainContext.run(until: { self.window.showsSearchResult(for: text) }, timeout: .seconds(60))
      MainContext.run(for: .milliseconds(100))
      counts.keystrokes += 1
    }
    window.setSearchText("")
    MainContext.run(until: { self.window.showsSearchResult(for: "") }, timeout: .seconds(60))
    counts.searches += 1
  }

  /// Switches to the grid with the window's action, flings it both ways and
  /// switches back.
  private func visitGrid() {
    guard window.serverPage == nil else { return }
    window.activate(.grid)
    MainContext.run(until: { self.window.hasVisibleRows }, timeout: .seconds(10))
    fling(velocity: 8_000)
    fling(velocity: -8_000)
    window.activate(.grid)
    MainContext.run(until: { !self.window.isGridMode }, timeout: .seconds(10))
    counts.gridSwitches += 2
  }
}
