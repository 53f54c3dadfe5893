/// What the window tells whoever owns it (the application remembers the
/// view, a headless run prints what a load found, the bench times it).
///
/// Threading: a plain value; `Sendable`.
package enum WindowEvent: Sendable {
  /// The view switched (list, grid, table or tree): the settings remember it.
  case viewModeChanged(ViewMode)
  /// The page's load ended, or its server answered (``PageOpening``).
  case opened(PageOpening)
}
