import CGtk

/// The rows a ``ListFactory`` re-binds a few per frame after a reload, and
/// the tick that does it.
///
/// Threading: main-actor only, owned by its factory.
@MainActor
final class DeferredRebinds {
  /// Rows in the order they were queued; `queued` says which are still due.
  private var order: [UnsafeMutableRawPointer] = []
  private var queued: Set<UnsafeMutableRawPointer> = []
  private let tick = OwnedTick()

  /// How many rows are still due.
  var count: Int { queued.count }

  /// Queues `items`; each tick of `pacer` hands up to `perFrame` of them
  /// to `rebind`, until none are left.
  func add(
    _ items: [UnsafeMutableRawPointer], pacedBy pacer: UnsafeMutableRawPointer, perFrame: Int,
    rebind: @escaping @MainActor (UnsafeMutableRawPointer) -> Void
  ) {
    for item in items where queued.insert(item).inserted { order.append(item) }
    guard !tick.isRunning, !queued.isEmpty else { return }
    tick.start(on: pacer) { [weak self] in
      self?.step(perFrame: perFrame, rebind: rebind) ?? false
    }
  }

  /// Forgets `item` (GTK bound, unbound or tore it down).
  func drop(_ item: UnsafeMutableRawPointer) {
    queued.remove(item)
  }

  /// Stops the tick and forgets every row.
  func stop() {
    tick.stop()
    order = []
    queued = []
  }

  /// One frame's share; returns whether rows remain (the tick goes on).
  private func step(
    perFrame: Int, rebind: @MainActor (UnsafeMutableRawPointer) -> Void
  ) -> Bool {
    var done = 0
    while done < perFrame, let item = order.popLast() {
      guard queued.remove(item) != nil else { continue }
      rebind(item)
      done += 1
    }
    if queued.isEmpty { order = [] }
    return !queued.isEmpty
  }
}
