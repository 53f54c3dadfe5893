/// What a ``SCIMDirectory`` (with its `searching` views) did, so tests and
/// `--stats` can see pages, conditional refreshes and throttling.
///
/// Threading: a plain value; `Sendable`.
public struct SCIMStatistics: Sendable, Equatable, CustomStringConvertible {
  /// HTTP requests sent (retries included).
  public var requests = 0
  /// List pages decoded (a 304 is not one).
  public var pagesFetched = 0
  /// Pages the server answered 304 Not Modified to an If-None-Match.
  public var notModified = 0
  /// Waits for Retry-After after a 429 or 503.
  public var throttledRetries = 0
  /// Photos fetched with the token (from the SCIM server itself).
  public var photosWithToken = 0
  /// Photos fetched without it (from another host).
  public var photosWithoutToken = 0

  public init() {}

  /// The counters as `roster --stats` prints them, one subject a line.
  public var description: String {
    """
      requests      \(requests) (\(pagesFetched) pages, \(notModified) not modified, \(throttledRetries) throttled retries)
      photos        \(photosWithToken) from the server, \(photosWithoutToken) from other hosts
    """
  }
}
