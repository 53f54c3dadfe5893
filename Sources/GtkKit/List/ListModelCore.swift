import CGtk

/// The Swift side of one model instance, reachable from the C vtable.
///
/// Holds the item count, how to get the identity of a position, and the
/// identity cache that keeps one live item object per identity: a changed row
/// keeps its item, so GTK reconfigures it instead of rebuilding it.
///
/// Threading: main thread only (GTK calls the vtable there).
final class ListModelCore: @unchecked Sendable {
  var count = 0
  /// Counts this model's item objects while they live, when given.
  let census: ItemCensus?
  var identityAt: (Int) -> AnyHashable? = { _ in nil }
  /// Live item objects by identity, unretained: an item removes itself here
  /// when it is finalized.
  var liveItems: [AnyHashable: UnsafeMutableRawPointer] = [:]
  private(set) var itemsCreated = 0

  init(census: ItemCensus?) {
    self.census = census
  }

  /// Returns a new reference to the item at `position` (transfer full).
  func item(at position: Int) -> UnsafeMutableRawPointer? {
    guard position >= 0, position < count, let identity = identityAt(position) else { return nil }
    if let existing = liveItems[identity] {
      g_object_ref(existing)
      return existing
    }
    let item = ListItemObject.make(identity: identity, core: self)
    liveItems[identity] = item
    itemsCreated += 1
    return item
  }

  func itemFinalized(identity: AnyHashable, pointer: UnsafeMutableRawPointer) {
    if liveItems[identity] == pointer { liveItems[identity] = nil }
  }

  /// Forgets every live item, whose rows are about to be re-bound in place to
  /// whatever is now at their positions: no later lookup may hand one out
  /// for an identity again, or GTK would reuse its row for that element
  /// without binding it.
  func detachLiveItems() {
    for item in liveItems.values { ListItemObject.detach(item) }
    liveItems = [:]
  }
}

/// What an item object carries: its identity (nil once detached), a weak
/// way home and the census that counts it (held: the item may outlive its model).
final class ListItemPayload {
  var identity: AnyHashable?
  weak var core: ListModelCore?
  let census: ItemCensus?

  init(identity: AnyHashable, core: ListModelCore) {
    self.identity = identity
    self.core = core
    census = core.census
  }
}
