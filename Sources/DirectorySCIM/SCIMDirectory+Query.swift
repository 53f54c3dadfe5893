import Directory
import SharedSupport

/// A filter and an order run on the service: the filter compiled to SCIM's
/// syntax over its attribute paths (``SCIMFilter/compile(_:)``) and ANDed
/// with the search, the order as `sortBy` (the first key's path) and
/// `sortOrder`.
extension SCIMDirectory {
  public func querying(filter: PersonFilter?, sort: PersonSort?) -> any RangedDirectory {
    var query = query
    query.filter = filter
    query.sort = sort
    return SCIMDirectory(client: client, query: query)
  }

  /// Every field, when the service does not sort; else each field the
  /// service answers an error for when asked for one user sorted by it.
  public func sortRefusals() async throws(DirectoryError) -> [PersonField: String] {
    guard try await client.capabilities().sorts else {
      let reason = tr("The SCIM server does not sort")
      return Dictionary(uniqueKeysWithValues: PersonField.allCases.map { ($0, reason) })
    }
    var refusals: [PersonField: String] = [:]
    for field in PersonField.allCases {
      guard SCIMFilter.path(of: field) != nil else {
        refusals[field] = tr("The directory keeps no city apart from the location")
        continue
      }
      let probe = SCIMDirectory(client: client, query: Query(sort: PersonSort([.init(field)])))
      do {
        _ = try await probe.page(from: 0, count: 1, sorted: true, attributes: "id")
      } catch {
        guard case .httpStatus(let status) = error, (400..<500).contains(status) else {
          throw error
        }
        refusals[field] = error.sentence
      }
    }
    return refusals
  }

  /// The value the position of the person `username` is counted by: the
  /// username itself when the order starts with it, else their value of
  /// the first sort key (one lookup); nil when they are gone or have none.
  func anchorValue(_ username: String) async throws(DirectoryError) -> String? {
    guard let first = query.sort?.keys.first, first.field != .username else { return username }
    let lookup = "userName eq \(SCIMFilter.literal(username))"
    let found = try await page(from: 0, count: 1, sorted: false, filter: lookup)
    return found.users.first?.entry.text(of: first.field)
  }
}
