/// How a ``SCIMDirectory`` talks to its server: limits, timeouts and whom
/// TLS trusts.
///
/// Threading: a plain value; `Sendable`.
public struct SCIMOptions: Sendable {
  /// Users asked for per request, lowered to the server's
  /// `filter.maxResults` when it says less.
  public var pageSize = 200
  /// The most bytes of any one answer (a page, the configuration, an
  /// entry); a photo has the caller's limit.
  public var maxResponseBytes = 8 << 20
  /// How long one request may take until its answer starts.
  public var timeout = Duration.seconds(15)
  /// The longest Retry-After honoured; a longer one is waited this long.
  public var maxRetryAfter = Duration.seconds(5)
  /// Retries of a 429 or 503 before its status is the error.
  public var maxRetries = 3
  /// Users remembered while read forward from a server that cannot sort
  /// (the latest read); a range before them reads from the start again.
  public var forwardCacheLimit = 20_000
  /// Trust the certificate authorities in this PEM file instead of the
  /// system's, for the service (a directory behind a company's own CA).
  /// Photos on other hosts keep the system's authorities and gain these.
  public var caFile: String?
  /// Accept any certificate (test servers only; verified otherwise).
  public var insecureTLS = false
  /// Where every change made on the service is appended.
  public var changeLog = SCIMChangeLog()

  /// The defaults.
  public init() {}
}
