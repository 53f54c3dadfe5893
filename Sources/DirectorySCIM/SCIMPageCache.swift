import SharedSupport

/// The pages a server answered with an ETag, by query, so Refresh asks for
/// them again with If-None-Match and a 304 refills nothing. Bounded: past
/// `limit` queries it starts over.
///
/// Threading: `Sendable`; one lock.
final class SCIMPageCache: Sendable {
  static let limit = 256
  private let pages = Locked<[String: (etag: String, page: SCIMPage)]>([:])

  func cached(_ query: String) -> (etag: String, page: SCIMPage)? {
    pages.withLock { $0[query] }
  }

  func store(_ page: SCIMPage, etag: String, for query: String) {
    pages.withLock { pages in
      if pages.count >= Self.limit { pages = [:] }
      pages[query] = (etag, page)
    }
  }
}
