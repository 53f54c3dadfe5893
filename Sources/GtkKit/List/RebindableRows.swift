/// Rows that can be bound again in place to what is now at their positions:
/// how a model whose data arrives after its rows (``RangedListModel``)
/// fills them without announcing a change, which would make GTK rebuild them.
///
/// Threading: main-actor only.
@MainActor
public protocol RebindableRows: AnyObject {
  /// Re-binds, now, the bound rows whose position satisfies `predicate`
  /// (see ``ListFactory/rebind(where:)``).
  @discardableResult
  func rebind(where predicate: (Int) -> Bool) -> Int

  /// Re-binds the bound rows whose position satisfies `predicate`; the ones
  /// `deferring` accepts a few per frame of `pacer` when there is one
  /// (see ``ListFactory/rebind(where:deferring:pacedBy:perFrame:)``).
  @discardableResult
  func rebind(
    where predicate: (Int) -> Bool, deferring deferred: (Int) -> Bool,
    pacedBy pacer: Widget?, perFrame: Int
  ) -> Int
}

extension ListFactory: RebindableRows {}
