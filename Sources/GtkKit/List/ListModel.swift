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
  /// The elements, in display order. During ``replaceProgressively(with:firstChunk:budget:maxChunk:)``
  /// this is already the new list while GTK still sees its head arriving.
  public private(set) var elements: [Element]
  /// The idle source of a progressive replacement in progress.
  private var progressiveSource: guint = 0
  /// The chunk size of a progressive replacement and how it adapts.
  private var progressive = Progressive(chunk: 1, budget: .zero, maxChunk: 1)
  /// While ``apply(_:to:)`` announces its splices: the list GTK sees between
  /// two announcements, the new list's head and the old list's tail.
  private var transition: Transition?

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
        guard let self else { return UncheckedSendable(nil) }
        if let transition = self.transition {
          // Mid-change: answer for the state the last announcement described.
          let element = transition.element(at: position, new: self.elements)
          return UncheckedSendable(element.map { AnyHashable($0.id) })
        }
        guard position < self.elements.count else { return UncheckedSendable(nil) }
        return UncheckedSendable(AnyHashable(self.elements[position].id))
      }.value
    }
  }

  /// The `GListModel *` to pass to GTK.
  public var listModel: OpaquePointer { object.opaque }

  /// The number of elements GTK sees now.
  public var count: Int { transition == nil ? elements.count : core.count }

  /// The element at `position`, as GTK sees it now.
  public subscript(position: Int) -> Element {
    if let transition { return transition.element(at: position, new: elements)! }
    return elements[position]
  }

  /// Whether a progressive replacement is still arriving.
  public var isReplacing: Bool { progressiveSource != 0 }

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
    finishReplacing()
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
    finishReplacing()
    precondition(position >= 0 && position + removing <= elements.count, "splice out of range")
    elements.replaceSubrange(position..<(position + removing), with: inserting)
    core.count = elements.count
    emit(position: position, removed: removing, added: inserting.count)
  }

  /// Moves to `newElements` as `diff` (computed from the current elements,
  /// see ``ListDiff/between(_:_:)``) describes: one announcement per splice,
  /// front to back, and the new array installed once (no per-splice copying,
  /// so a million elements with a thousand splices stay linear). Kept
  /// elements keep their item objects, so GTK keeps their rows bound;
  /// reconfigured ones must be re-bound by the caller (GTK does not re-bind
  /// a row whose item object is unchanged, see ``ListFactory/rebind(where:)``).
  public func apply(_ diff: ListDiff, to newElements: [Element]) {
    finishReplacing()
    let old = elements
    elements = newElements
    var oldCursor = 0
    var newCursor = 0
    for splice in diff.splices {
      // Everything before the splice already matches the new list.
      oldCursor += splice.position - newCursor
      let oldEnd = oldCursor + splice.removed
      let newEnd = splice.inserted.upperBound
      let step = Transition(old: old, newEnd: newEnd, oldEnd: oldEnd, oldLimit: old.count)
      transition = step
      core.count = step.count
      emit(position: splice.position, removed: splice.removed, added: splice.inserted.count)
      oldCursor = oldEnd
      newCursor = newEnd
    }
    transition = nil
    core.count = newElements.count
    precondition(
      old.count - oldCursor == newElements.count - newCursor, "the diff does not match the lists")
  }

  /// Replaces the element at `position` in place; if its identity is
  /// unchanged the row's item object stays and GTK re-binds it.
  public func update(at position: Int, with element: Element) {
    finishReplacing()
    elements[position] = element
    emit(position: position, removed: 1, added: 1)
  }

  /// Replaces every element a chunk at a time, front to back, in idle time
  /// between frames, so a million-row swap (a search result) never holds up
  /// a frame. GTK 4.8 rebuilds every row whose item is replaced (teardown,
  /// setup, bind: ~0.25 ms each for the ~200 rows around the viewport) and
  /// reads each added item once more (~1 µs); chunks therefore start at
  /// `firstChunk` and adapt so that each announcement takes about `budget`:
  /// a few rows at a time where GTK has rows, tens of thousands beyond.
  /// Once the new list is in, what is left of the old one is removed from
  /// the end backwards, away from the rows.
  /// Any other change finishes it first.
  public func replaceProgressively(
    with newElements: [Element], firstChunk: Int = 8, budget: Duration = .milliseconds(3),
    maxChunk: Int = 1 << 16
  ) {
    finishReplacing()
    precondition(firstChunk > 0 && maxChunk >= firstChunk, "chunks must hold something")
    let old = elements
    elements = newElements
    transition = Transition(old: old, newEnd: 0, oldEnd: 0, oldLimit: old.count)
    progressive = Progressive(chunk: firstChunk, budget: budget, maxChunk: maxChunk)
    if stepReplacing() {
      progressiveSource = Idle.add { [weak self] in
        guard let self else { return false }
        let more = self.stepReplacing()
        if !more { self.progressiveSource = 0 }
        return more
      }
    }
  }

  /// Announces the rest of a progressive replacement now.
  public func finishReplacing() {
    guard progressiveSource != 0 || transition != nil else { return }
    if progressiveSource != 0 {
      g_source_remove(progressiveSource)
      progressiveSource = 0
    }
    progressive = Progressive(chunk: .max, budget: .zero, maxChunk: .max)
    while stepReplacing() {}
  }

  /// One step of a progressive replacement; returns whether more remain.
  private func stepReplacing() -> Bool {
    guard var step = transition else { return false }
    let oldLeft = step.oldLimit - step.oldEnd
    let newLeft = elements.count - step.newEnd
    let position: Int
    let removed: Int
    let added: Int
    if newLeft == 0 {
      // The new list is in: the rest of the old one goes from the end
      // backwards, where GTK has no rows, until the last chunk.
      removed = min(progressive.chunk, oldLeft)
      added = 0
      step.oldLimit -= removed
      position = step.count
    } else {
      removed = min(progressive.chunk, oldLeft)
      added = min(progressive.chunk, newLeft)
      position = step.newEnd
      step.newEnd += added
      step.oldEnd += removed
    }
    transition = step
    core.count = step.count
    if removed > 0 || added > 0 {
      let started = ContinuousClock.now
      emit(position: position, removed: removed, added: added)
      progressive.adapt(took: ContinuousClock.now - started)
    }
    let done = step.newEnd == elements.count && step.oldEnd == step.oldLimit
    if done {
      transition = nil
      core.count = elements.count
    }
    return !done
  }

  /// What GTK sees between two announcements of a change in progress: the
  /// new list's first `newEnd` elements, then the old list's
  /// `oldEnd..<oldLimit`.
  private struct Transition {
    let old: [Element]
    var newEnd: Int
    var oldEnd: Int
    var oldLimit: Int

    var count: Int { newEnd + oldLimit - oldEnd }

    func element(at position: Int, new: [Element]) -> Element? {
      guard position >= 0 else { return nil }
      if position < newEnd { return new[position] }
      let oldPosition = position - newEnd + oldEnd
      return oldPosition < oldLimit ? old[oldPosition] : nil
    }
  }

  private func emit(position: Int, removed: Int, added: Int) {
    g_list_model_items_changed(listModel, guint(position), guint(removed), guint(added))
  }
}
