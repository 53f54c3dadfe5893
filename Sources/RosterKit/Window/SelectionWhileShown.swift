import CGtk
import GtkKit

/// The grid's or the table's hold on the page's selection (and through it
/// the page's list model), which exists only while that view shows: a
/// hidden view would otherwise bind rows (and load their avatars) and
/// follow every change of a million-row model for nothing. The selection
/// itself is the page's, shared by its views, so what is selected in one
/// is selected in the next.
///
/// Threading: main-actor only.
@MainActor
final class SelectionWhileShown {
  /// The page's selection, over the list model the views share.
  let selection: RangeSelection
  /// Hands the view its model (the selection), or nil to disconnect it.
  private let setModel: (OpaquePointer?) -> Void
  /// Whether the view holds the selection now.
  private(set) var isActive = false

  /// A hold on `selection` that `setModel` gives to the view when it shows.
  init(selection: RangeSelection, setModel: @escaping (OpaquePointer?) -> Void) {
    self.selection = selection
    self.setModel = setModel
  }

  /// Connects the view to the selection or disconnects it.
  func setActive(_ active: Bool) {
    guard active != isActive else { return }
    isActive = active
    // The view takes its own reference.
    setModel(active ? selection.selectionModel : nil)
  }
}
