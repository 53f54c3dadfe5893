/// Which people, in which order, and how many: a filter, an order and a
/// limit, run over a local table as the window runs them (the same
/// ``TableFilter`` and ``UserTable/sortedPositions(by:within:isCancelled:)``),
/// over everyone or over some people (a manager's reports).
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

  /// The positions of the people of `table` the query selects, in order,
  /// among the people at `candidates` (everyone when nil).
  public func positions(in table: UserTable, among candidates: [Int]? = nil) -> [Int] {
    var matches: [Int]?
    if let candidates {
      let tested = filter.map { TableFilter($0, over: table) }
      matches = tested.map { filter in candidates.filter { filter.matches(at: $0) } } ?? candidates
    } else if let filter {
      matches = TableFilter(filter, over: table).positions(isCancelled: { false }) ?? []
    }
    let sorted = table.sortedPositions(by: sort, within: matches, isCancelled: { false }) ?? []
    return limit.map { Array(sorted.prefix($0)) } ?? sorted
  }
}
