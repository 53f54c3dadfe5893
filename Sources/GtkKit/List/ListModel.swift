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
  /// The elements, in display order. During ``reload(with:pacedBy:budget:)``
  /// this is already the new list while GTK still sees the old one's length.
  public private(set) var elements: [Element]
  /// While a change is being announced (``apply(_:to:)``'s splices, a
  /// reload's length): the list GTK sees between two announcements.
  private var transition: ListTransition<Element>?
  /// Announces the rest of a reload in the pacer's frames...
  private let steps = OwnedTick()
  /// ...or, with no mapped pacer, in idle time (the source, 0 when none).
  private var idleSteps: guint = 0
  /// The chunk size of a reload's announcements and how it adapts.
  private var chunkSize = AdaptiveChunkSize(chunk: 1, budget: .zero, maxChunk: 1)
  /// Run once a reload's change of length is all announced.
  private var afterReload: [@MainActor () -> Void] = []
  /// Takes the elements a reload replaced, once GTK no longer sees them
  /// (see ``releasingReplacedElementsInBackground()``).
  var freeReplacedElements: (@MainActor (consuming [Element]) -> Void)?

  /// Creates a model over `elements`; no GObject is made per element. Its
  /// item objects count in `census` while they live, when given.
  public init(_ elements: [Element] = [], census: ItemCensus? = nil) {
    self.elements = elements
    let core = ListModelCore(census: census)
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

  /// Whether a reload's change of length is still being announced.
  public var isReloading: Bool { steps.isRunning || idleSteps != 0 }

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
    finishReloading()
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
    finishReloading()
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
    finishReloading()
    let old = elements
    elements = newElements
    var oldCursor = 0
    var newCursor = 0
    for splice in diff.splices {
      // Everything before the splice already matches the new list.
      oldCursor += splice.position - newCursor
      let oldEnd = oldCursor + splice.removed
      let newEnd = splice.inserted.upperBound
      let step = ListTransition(old: old, newEnd: newEnd, oldEnd: oldEnd, oldLimit: old.count)
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
    finishReloading()
    elements[position] = element
    emit(position: position, removed: 1, added: 1)
  }

  /// Shows `newElements` instead of the current ones without GTK rebuilding
  /// a row: the equivalent of UIKit's reloadData, for a search result.
  ///
  /// GTK 4.8 tears down and rebuilds every row whose item is replaced
  /// (~0.3 ms each for the ~200 rows around the viewport: several frames).
  /// Here the positions both lists have keep GTK's item objects, cut off
  /// from their old identities, and the caller re-binds their rows in place
  /// (``ListFactory/rebind(where:)``) for the returned range. Only the
  /// difference in length is announced, at the end, a chunk per step between
  /// frames (at most `budget` of announcing in each tick of `pacer` when it
  /// is mapped, else one chunk per idle call). Chunks adapt to what GTK
  /// takes: a whole million where it has no rows, a few rows at a time near
  /// the top, where the rows are after a search. A shrinking list loses its
  /// tail from the end backwards. Any other change finishes it first.
  @discardableResult
  public func reload(
    with newElements: [Element], pacedBy pacer: Widget? = nil,
    budget: Duration = .milliseconds(3)
  ) -> Range<Int> {
    finishReloading()
    let old = elements
    let kept = min(old.count, newElements.count)
    core.detachLiveItems()
    elements = newElements
    transition = ListTransition(old: old, newEnd: kept, oldEnd: kept, oldLimit: old.count)
    chunkSize = AdaptiveChunkSize(chunk: Self.firstChunk, budget: budget, maxChunk: 1 << 20)
    if stepReloading() { startStepping(pacedBy: pacer) }
    return 0..<kept
  }

  /// Runs `body` once GTK sees every element: now, or after the last
  /// announcement of the reload running (or when another change finishes it).
  public func whenReloaded(_ body: @escaping @MainActor () -> Void) {
    if transition == nil, !isReloading { return body() }
    afterReload.append(body)
  }

  /// Announces the rest of a reload now.
  public func finishReloading() {
    guard isReloading || transition != nil else { return }
    stopStepping()
    chunkSize = AdaptiveChunkSize(chunk: .max, budget: .zero, maxChunk: .max)
    while stepReloading() {}
  }

  /// Rows GTK 4.8 keeps bound past the viewport, about 200: the positions
  /// after the kept ones where a reload's chunks start small.
  static var rowReach: Int { 256 }
  /// The size of the first chunk announced where GTK may have rows.
  static var firstChunk: Int { 8 }

  /// One announcement of a reload's change of length; returns whether more remain.
  private func stepReloading() -> Bool {
    // The bounds alone: a copy of the transition would share the old array
    // and keep it alive past `freeReplacedElements`.
    guard var step = transition?.bounds else { return false }
    let oldLeft = step.oldLimit - step.oldEnd
    let newLeft = elements.count - step.newEnd
    let removed: Int
    let added: Int
    let position: Int
    var reachesRows = false
    if oldLeft > 0 {
      // From the end backwards; the far part in big chunks, never reaching
      // into the rows near the kept ones, which then go a few at a time.
      if oldLeft > Self.rowReach {
        removed = min(chunkSize.chunk, oldLeft - Self.rowReach)
        reachesRows = removed == oldLeft - Self.rowReach
      } else {
        removed = min(chunkSize.chunk, oldLeft)
      }
      added = 0
      step.oldLimit -= removed
      position = step.count
    } else {
      removed = 0
      added = min(chunkSize.chunk, newLeft)
      position = step.newEnd
      step.newEnd += added
    }
    transition?.bounds = step
    core.count = step.count
    if removed > 0 || added > 0 {
      let started = ContinuousClock.now
      emit(position: position, removed: removed, added: added)
      chunkSize.adapt(took: ContinuousClock.now - started)
    }
    if reachesRows { chunkSize.restart(at: Self.firstChunk) }
    guard step.newEnd == elements.count, step.oldEnd == step.oldLimit else { return true }
    let old = transition.take()!.old
    core.count = elements.count
    if let freeReplacedElements { freeReplacedElements(consume old) }
    let waiting = afterReload
    afterReload = []
    for body in waiting { body() }
    return false
  }

  private func startStepping(pacedBy pacer: Widget?) {
    if let pacer, gtk_widget_get_mapped(pacer) != 0 {
      steps.start(on: pacer) { [weak self] in
        guard let self else { return false }
        let started = ContinuousClock.now
        while self.stepReloading() {
          if ContinuousClock.now - started >= self.chunkSize.budget { return true }
        }
        return false
      }
    } else {
      idleSteps = Idle.add { [weak self] in
        guard let self else { return false }
        if self.stepReloading() { return true }
        self.idleSteps = 0
        return false
      }
    }
  }

  /// Stops the steps' source (from outside it).
  private func stopStepping() {
    steps.stop()
    if idleSteps != 0 { g_source_remove(idleSteps) }
    idleSteps = 0
  }

  isolated deinit {
    stopStepping()
  }

  private func emit(position: Int, removed: Int, added: Int) {
    g_list_model_items_changed(listModel, guint(position), guint(removed), guint(added))
  }
}
