/// Which people, in which order, and how many: a filter, an order and a
/// limit, run over a local table as the window runs them (the same
/// ``TableFilter`` and ``UserTable/sortedPositions(by:within:isCancelled:)``).
///
/// Threading: a plain value; `Sendable`; run it off the main thread.
public struct PeopleQuery: Sendable {
  public var filter: PersonFilter?
  public var sort: PersonSort
  public var limit: Int?

  /// A query; with no filter everybody matches.
  public init(filter: PersonFilter? = nil, sort: PersonSort, limit: Int? = nil) {
    self.filter = filter
    self.sort = sort
    self.limit = limit
  }

  /// The positions of the people of `table` the query selects, in order.
  public func positions(in table: UserTable) -> [Int] {
    let matches = filter.map {
      TableFilter($0, over: table).positions(isCancelled: { false }) ?? []
    }
    let sorted = table.sortedPositions(by: sort, within: matches, isCancelled: { false }) ?? []
    return limit.map { Array(sorted.prefix($0)) } ?? sorted
  }
}
