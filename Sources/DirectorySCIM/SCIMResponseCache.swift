import SharedSupport

/// The pages a server answered with an ETag, by query, so Refresh asks for
/// them again with If-None-Match and a 304 refills nothing. Bounded: past
/// `limit` queries it starts over.
///
/// Threading: `Sendable`; one lock.
final class SCIMResponseCache: Sendable {
  static let limit = 256
  private let pages = Locked<[String: (etag: String, page: SCIMResponsePage)]>([:])

  func cached(_ query: String) -> (etag: String, page: SCIMResponsePage)? {
    pages.withLock { $0[query] }
  }

  func store(_ page: SCIMResponsePage, etag: String, for query: String) {
    pages.withLock { pages in
      if pages.count >= Self.limit { pages = [:] }
      pages[query] = (etag, page)
    }
  }
}
