/// Counts the list item objects (the items of a ``ListModel`` or a
/// ``RangedListModel``) alive while it is alive: counted when made and when
/// finalized, so a test or a soak can tell item objects that GTK drops from
/// ones that pile up. Whoever builds the models passes one in
/// (``ListModel/init(_:census:)``, ``RangedListModel/init(count:configuration:census:fetch:)``);
/// several models may share it.
///
/// Threading: main thread only, like the item objects it counts (GTK
/// finalizes them there); `@unchecked Sendable` so their finalizer can reach it.
public final class ItemCensus: @unchecked Sendable {
  /// Item objects made and not yet finalized.
  public private(set) var alive = 0

  /// A census of no items.
  public init() {}

  func added() { alive += 1 }

  func removed() { alive -= 1 }
}
