/// How many list item objects (the items of every ``ListModel`` and
/// ``WindowedListModel``) are alive in this process: counted when made and
/// when finalized, so a soak can tell item objects that GTK drops from ones
/// that pile up.
///
/// Threading: main thread only, like the item objects it counts.
public enum ItemObjectCensus {
  nonisolated(unsafe) static var count = 0

  /// Item objects made and not yet finalized.
  @MainActor public static var alive: Int { count }
}
