import Directory

/// A copy kept by reading everyone with Paged Results (RFC 2696), for a
/// server whose size limit stops Content Sync's refresh of everyone but
/// lets a paged read go to the end (slapd: `sizelimit size.soft=500
/// size.prtotal=unlimited`). The first read fills the copy; then everyone
/// is read again every ``interval`` and compared with the copy: a person
/// changed comes as ``LDAPSyncChange/upserted(_:)``, everyone as a present
/// phase, so the people a read no longer finds are deleted from the copy
/// (``LDAPSyncChange/refreshBegins``). Without a cookie from the server,
/// the copy's cookie is ``cookie``, which says only that the copy is kept
/// this way.
///
/// Threading: used on the sync's thread only, with its session.
struct PagedRereads: Sendable {
  /// The cookie of a copy kept by paged reads: not a server's.
  static let cookie = Array("roster-paged-rereads".utf8)

  /// How long the copy waits between two reads of everyone.
  let interval: Duration
  let mapper: LDAPEntryMapper

  /// Reads everyone from `cookie` (nil: into an empty copy; else compared
  /// with the copy), then again every ``interval``, until `flag` is raised
  /// (returns) or the server fails or refuses (throws).
  func run(
    session: LDAPSession, from cookie: [UInt8]?, flag: CancellationFlag,
    _ handler: @Sendable (LDAPSyncChange) -> Void
  ) throws(DirectoryError) {
    var cookie = cookie
    while !flag.isCancelled {
      let everyone = cookie == nil
      if !everyone { handler(.refreshBegins) }
      let started = ContinuousClock.now
      try readEveryone(session: session, flag: flag, handler)
      let took = ContinuousClock.now - started
      if !everyone { handler(.presentPhaseEnded) }
      if cookie != Self.cookie { handler(.cookie(Self.cookie)) }
      handler(.refreshDone)
      cookie = Self.cookie
      try flag.sleep(for: Self.pause(after: took, interval: interval))
    }
  }

  /// The wait after a read of everyone that took `took`: `interval`, or
  /// nine times the read where that is longer, so a server is busy with a
  /// copy's reads at most a tenth of the time however many people it holds.
  static func pause(after took: Duration, interval: Duration) -> Duration {
    max(interval, took * 9)
  }

  /// One read of everyone under the URL's base and filter, a page at a
  /// time, each person handed on as they come.
  private func readEveryone(
    session: LDAPSession, flag: CancellationFlag, _ handler: @Sendable (LDAPSyncChange) -> Void
  ) throws(DirectoryError) {
    let url = session.url
    var request = LDAPSearchRequest(
      base: url.baseDN, scope: url.scope, filter: session.options.schema.peopleFilter(of: url),
      attributes: mapper.windowAttributes)
    var page: [UInt8] = []
    repeat {
      request.page = (session.options.pageSize, page)
      let (_, response) = try session.search(request, cancel: flag) { message in
        let raw = session.readEntry(message).entry
        if mapper.uniqueID(raw) != nil { handler(.upserted(mapper.entry(raw))) }
        return ((), 0)
      }
      page = response.pageCookie ?? []
    } while !page.isEmpty && !flag.isCancelled
    // A read cut short names only some: the rest must not read as gone.
    if flag.isCancelled { throw .cancelled }
  }
}
