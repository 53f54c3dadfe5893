import CGtk
import Directory
import GtkKit

/// The grid's or the table's single selection over the page's list model,
/// which exists only while that view shows: a hidden view would otherwise
/// bind rows (and load their avatars) and follow every change of a
/// million-row model for nothing.
///
/// Threading: main-actor only.
@MainActor
final class SelectionWhileShown {
  /// The list model (a GListModel) the views share.
  private let model: ObjectRef
  /// Hands the view its model (the selection), or nil to disconnect it.
  private let setModel: (OpaquePointer?) -> Void
  /// The selection while the view shows.
  private(set) var selection: OpaquePointer?

  /// A selection over `model` that `setModel` gives to the view when it shows.
  init(model: ObjectRef, setModel: @escaping (OpaquePointer?) -> Void) {
    self.model = model
    self.setModel = setModel
  }

  /// Connects the view to the model (selecting `selected`) or disconnects it.
  func setActive(_ active: Bool, selected: guint = guint(GTK_INVALID_LIST_POSITION)) {
    if active {
      guard selection == nil else { return }
      let selection = gtk_single_selection_new(model.transferredReference())!
      gtk_single_selection_set_autoselect(selection, 0)
      gtk_single_selection_set_can_unselect(selection, 1)
      gtk_single_selection_set_selected(selection, selected)
      // The view holds the selection; this keeps a pointer while it shows.
      ObjectSlot.withAdopted(selection) { setModel($0) }
      self.selection = gtkObject(selection)
    } else {
      guard selection != nil else { return }
      setModel(nil)
      selection = nil
    }
  }
}
