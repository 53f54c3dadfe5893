import CGtk

/// A `GListModel` backed by a Swift array.
///
/// GTK sees a model whose items are made on demand, one tiny GObject per
/// position GTK actually asks for, kept alive only while GTK holds it: a
/// million elements cost one Swift array, not a million GObjects. Items are
/// cached by identity, so an element whose identity stays keeps its item
/// across changes and GTK reconfigures its row in place.
///
/// Changes are announced with minimal `items-changed` ranges: never
/// `(0, N, N)` on a big model, which GTK 4.8's selection mishandles.
///
/// Threading: main-actor only.
@MainActor
public final class ListModel<Element: Identifiable> {
  /// The model object; hand ``listModel`` to a selection model or view.
  public let object: ObjectRef
  private let core: ListModelCore
  /// The elements, in display order.
  public private(set) var elements: [Element]

  /// Creates a model over `elements`; no GObject is made per element.
  public init(_ elements: [Element] = []) {
    self.elements = elements
    let core = ListModelCore()
    core.count = elements.count
    self.core = core
    object = ObjectRef(ListModelObject.make(core: core), adopt: true)
    core.identityAt = { [weak self] position in
      // GTK calls the vtable on the main thread; the box carries the
      // non-Sendable identity out of the isolation check.
      MainActor.assumeIsolated { () -> UncheckedSendable<AnyHashable?> in
        guard let self, position < self.elements.count else { return UncheckedSendable(nil) }
        return UncheckedSendable(AnyHashable(self.elements[position].id))
      }.value
    }
  }

  /// The `GListModel *` to pass to GTK.
  public var listModel: OpaquePointer { object.opaque }

  /// The number of elements.
  public var count: Int { elements.count }

  /// The element at `position`.
  public subscript(position: Int) -> Element { elements[position] }

  /// How many item objects GTK has asked for so far (tests and benchmarks).
  public var itemObjectsCreated: Int { core.itemsCreated }

  /// How many item objects are alive now.
  public var liveItemObjects: Int { core.liveItems.count }

  /// The identity an item object stands for (e.g. from `gtk_list_item_get_item`).
  public static func identity(ofItem item: UnsafeMutableRawPointer) -> Element.ID? {
    ListItemObject.identity(of: item)?.base as? Element.ID
  }

  /// Replaces every element. Announced as a removal then an insertion, never
  /// as one `(0, old, new)` change (see the type's notes).
  public func replaceAll(with newElements: [Element]) {
    let removed = elements.count
    elements = []
    core.count = 0
    if removed > 0 { emit(position: 0, removed: removed, added: 0) }
    elements = newElements
    core.count = newElements.count
    if !newElements.isEmpty { emit(position: 0, removed: 0, added: newElements.count) }
  }

  /// Replaces `removing` elements at `position` with `inserting`, announced
  /// as one change.
  public func splice(at position: Int, removing: Int, inserting: some Collection<Element>) {
    precondition(position >= 0 && position + removing <= elements.count, "splice out of range")
    elements.replaceSubrange(position..<(position + removing), with: inserting)
    core.count = elements.count
    emit(position: position, removed: removing, added: inserting.count)
  }

  /// Replaces the element at `position` in place; if its identity is
  /// unchanged the row's item object stays and GTK re-binds it.
  public func update(at position: Int, with element: Element) {
    elements[position] = element
    emit(position: position, removed: 1, added: 1)
  }

  private func emit(position: Int, removed: Int, added: Int) {
    g_list_model_items_changed(listModel, guint(position), guint(removed), guint(added))
  }
}
