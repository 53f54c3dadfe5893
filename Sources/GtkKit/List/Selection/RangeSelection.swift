import CGtk

/// A `GtkSelectionModel` of many positions over any `GListModel`, its
/// selection held as ranges (``SelectionRanges``).
///
/// GTK 4.8's `GtkMultiSelection` asks for the item of every position it
/// selects, to keep selected items by identity across changes: Ctrl+A over
/// a million-row model makes a million item objects, and over a server's
/// windowed model a million positions that have no data yet. Here selecting
/// a range costs one range whatever its length, and no item is asked for.
/// Across the inner model's changes the selection follows positions (a
/// removed position leaves it, an inserted one is not selected), except
/// while everything is selected (Ctrl+A), which stays everything. An owner
/// that keeps people by identity across a change that moves them puts the
/// selection back with ``replace(with:selectsAll:focus:)``.
///
/// Click, Ctrl+click, Shift+click, Shift+arrows, Ctrl+A and Ctrl+Shift+A
/// are GTK's own, through the vfuncs; ``onChange`` hears of every change.
///
/// Threading: main-actor only.
@MainActor
public final class RangeSelection {
  /// The selection's GObject; hand ``selectionModel`` to a list, grid or column view.
  public let object: ObjectRef
  private let core: RangeSelectionCore

  /// A selection, empty, over `model` (a `GListModel`), whose items it passes on.
  public init(model: ObjectRef) {
    let core = RangeSelectionCore(inner: model)
    self.core = core
    let raw = RangeSelectionObject.make(core: core)
    object = ObjectRef(raw, adopt: true)
    core.attach(to: OpaquePointer(raw))
  }

  /// The `GtkSelectionModel *` (also a `GListModel *`) to pass to GTK.
  public var selectionModel: OpaquePointer { object.opaque }

  /// The selected positions.
  public var ranges: SelectionRanges { core.ranges }
  /// How many positions are selected.
  public var count: Int { core.ranges.count }
  /// Whether everything is selected, and stays so as items come and go.
  public var selectsAll: Bool { core.selectsAll }
  /// The position last selected on its own (a click, Ctrl+click, the
  /// arrow keys), while it is selected.
  public var focus: Int? { core.focus }
  /// Called after every change of the selection or of the number of items.
  public var onChange: (@MainActor () -> Void)? {
    get { core.onChange }
    set { core.onChange = newValue }
  }

  /// Whether `position` is selected.
  public func contains(_ position: Int) -> Bool { core.ranges.contains(position) }

  /// Selects `position` alone (nil clears the selection).
  public func select(_ position: Int?) {
    if let position {
      core.select(position..<(position + 1), only: true)
    } else {
      core.unselectAll()
    }
  }

  /// Selects every position (Ctrl+A).
  public func selectAll() { core.selectAll() }

  /// Replaces the selection: `ranges` (or everything), with `focus`.
  public func replace(with ranges: SelectionRanges, selectsAll: Bool = false, focus: Int? = nil) {
    core.replace(with: ranges, selectsAll: selectsAll, focus: focus)
  }
}
