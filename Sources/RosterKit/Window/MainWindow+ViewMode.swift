import CGtk
import GtkKit

/// The page's view mode (list or grid), its selection, and the details panel.
extension MainWindow {
  /// Whether the grid shows instead of the list (the header's toggle,
  /// Ctrl+G); a page without a grid stays a list.
  public var isGridMode: Bool {
    get { page.viewMode == .grid }
    set {
      let mode: ViewMode = newValue ? .grid : .list
      guard mode != page.viewMode, page.viewModes.contains(mode) else { return }
      page.viewMode = mode
      actions.setState(.grid, newValue)
      onViewModeChange?(newValue)
    }
  }

  /// The position selected in the view on screen, if any.
  public var selectedPosition: Int? { page.selectedPosition }

  /// Selects `position` in the page's views (nil clears the selection).
  public func select(_ position: Int?) { page.select(position) }

  /// The details panel (Enter or double-click on a person), if open.
  var openDetails: UserDetails? { details?.isOpen == true ? details : nil }

  /// Opens the details panel for the person at `position`: a larger avatar
  /// through the same pipeline, the username and the role, then what else
  /// the directory says of them, read off the main thread.
  public func showDetails(at position: Int) {
    guard let person = page.person(at: position) else { return }
    let details =
      self.details
      ?? UserDetails(parent: window, avatars: detailAvatars, instrumentation: instrumentation)
    self.details = details
    details.show(person)
    let identity = person.identity
    let page = page
    Task { @MainActor [weak details] in
      guard let attributes = await page.attributes(of: identity), let details,
        details.identity == identity
      else { return }
      details.attributes.show(attributes)
    }
  }
}
