import CGtk

/// A recycled row: its widgets are built once (in `init`, GTK's "setup"),
/// then ``bind(_:position:)`` copies one element's precomputed values into
/// them and ``unbind()`` lets go. Binding must allocate no widgets.
///
/// Threading: main-actor only.
@MainActor
public protocol ListRow: AnyObject {
  /// What one position is bound to, typically a cached view model.
  associatedtype Model

  /// The row's root widget, owned by the row.
  var widget: Widget { get }

  /// Shows `model` (at `position`) in the row's widgets. Also called on a
  /// row that is already bound when ``ListFactory/rebind(where:)``
  /// reconfigures it in place (its element changed, its identity did not).
  func bind(_ model: Model, position: Int)

  /// Forgets the bound model; the row may be bound again later.
  func unbind()
}
