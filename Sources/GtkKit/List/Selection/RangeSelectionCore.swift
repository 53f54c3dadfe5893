import CGtk

/// The Swift side of one ``RangeSelection``: the inner model, the selected
/// ranges, and the changes GTK asks for, each announced as the smallest
/// `selection-changed` span that covers it.
///
/// Threading: main thread only (GTK calls the vtables and emits
/// `items-changed` there).
final class RangeSelectionCore: @unchecked Sendable {
  /// The model whose items are selected (a `GListModel`).
  let innerReference: ObjectRef
  /// The selection's own GObject, unretained (it owns this core).
  var object: OpaquePointer?
  private(set) var ranges = SelectionRanges()
  /// Whether every position is selected, new ones included.
  private(set) var selectsAll = false
  /// The position last selected on its own (a click, Ctrl+click, the arrow keys).
  private(set) var focus: Int?
  private var connection: SignalConnection?
  /// Called after the selection or the number of items changed.
  var onChange: (@MainActor () -> Void)?

  init(inner: ObjectRef) {
    innerReference = inner
  }

  var inner: OpaquePointer { innerReference.opaque }
  var itemCount: Int { Int(g_list_model_get_n_items(inner)) }

  /// Follows the inner model's changes (once the object exists).
  @MainActor func attach(to object: OpaquePointer) {
    self.object = object
    connection = Signals.connect(inner, .itemsChanged) { [weak self] position, removed, added in
      self?.innerChanged(at: Int(position), removed: Int(removed), added: Int(added))
    }
  }

  /// Stops following the inner model (the object is going).
  @MainActor func detach() {
    connection?.disconnect()
    connection = nil
    object = nil
  }

  /// A new `GtkBitset` (transfer full) of the selected positions in `window`.
  func bitset(in window: Range<Int>) -> OpaquePointer? {
    let bitset = gtk_bitset_new_empty()
    for range in ranges.ranges(overlapping: window) {
      gtk_bitset_add_range(bitset, guint(range.lowerBound), guint(range.count))
    }
    return bitset
  }

  @MainActor func select(_ range: Range<Int>, only: Bool) {
    let clamped = range.clamped(to: 0..<itemCount)
    change {
      if only { $0 = SelectionRanges(clamped) } else { $0.insert(clamped) }
    }
    if range.count == 1, clamped == range { focus = range.lowerBound }
    finishChange()
  }

  @MainActor func unselect(_ range: Range<Int>) {
    change { $0.remove(range) }
    finishChange()
  }

  @MainActor func selectAll() {
    let count = itemCount
    change { $0 = SelectionRanges(0..<count) }
    selectsAll = true
    onChange?()
  }

  @MainActor func unselectAll() {
    change { $0 = SelectionRanges() }
    finishChange()
  }

  /// GTK's general form: inside `mask`, exactly `selected`; outside, unchanged.
  @MainActor func set(selected: SelectionRanges, mask: SelectionRanges) {
    change {
      $0.subtract(mask)
      $0.formUnion(selected.intersection(mask))
    }
    finishChange()
  }

  /// Replaces the whole selection (a page keeping its people across a change).
  @MainActor func replace(with new: SelectionRanges, selectsAll all: Bool, focus newFocus: Int?) {
    let count = itemCount
    change { $0 = all ? SelectionRanges(0..<count) : new.intersection(SelectionRanges(0..<count)) }
    selectsAll = all
    focus = newFocus
    finishChange()
  }

  /// Applies `edit` to the ranges and announces the span that changed.
  @MainActor private func change(_ edit: (inout SelectionRanges) -> Void) {
    let old = ranges
    edit(&ranges)
    guard old != ranges, let object else { return }
    var changed = old
    changed.formUnion(ranges)
    changed.subtract(old.intersection(ranges))
    guard let span = changed.span else { return }
    gtk_selection_model_selection_changed(object, guint(span.lowerBound), guint(span.count))
  }

  /// After a change: whether everything is still selected (only Ctrl+A
  /// selects everything to come; selecting the one person shown does not),
  /// where the focus is, who hears.
  @MainActor private func finishChange() {
    selectsAll = selectsAll && ranges.count == itemCount
    if let focus, !ranges.contains(focus) { self.focus = nil }
    onChange?()
  }

  /// The inner model changed: the selection follows its positions (all of
  /// them, new ones too, while everything is selected) and the change is
  /// passed on.
  @MainActor private func innerChanged(at position: Int, removed: Int, added: Int) {
    if selectsAll {
      ranges = SelectionRanges(0..<itemCount)
    } else {
      ranges.splice(at: position, removed: removed, added: added)
    }
    if let old = focus {
      if old >= position + removed {
        focus = old + added - removed
      } else if old >= position {
        focus = nil
      }
    }
    if let object {
      g_list_model_items_changed(object, guint(position), guint(removed), guint(added))
    }
    onChange?()
  }
}
