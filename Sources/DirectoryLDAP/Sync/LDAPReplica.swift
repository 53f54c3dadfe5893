import Directory
import FoundationEssentials
import SharedSupport

/// How a copy kept by ``LDAPReplica`` is doing.
///
/// Threading: a plain value; `Sendable`.
public enum LDAPReplicaStatus: Sendable, Equatable {
  /// A full refresh is filling the copy: `count` people so far.
  case filling(count: Int)
  /// The copy is complete and current; the refresh that made it so
  /// brought `received` people (everyone after a full refresh, only those
  /// changed since the cookie otherwise).
  case current(received: Int)
  /// The server is away; the copy stays as it is and the next try is
  /// after `retryIn`.
  case disconnected(DirectoryError, retryIn: Duration)
  /// The server's history no longer reached the copy's cookie: the copy is
  /// refreshed in full.
  case reloading
  /// The server refused the copy for good after `received` people of a
  /// full refresh (``LDAPChangeSource/isLasting(_:)``: a size limit meets a
  /// refresh of everyone and a read page by page alike, an account without
  /// the right to follow changes): the copy stays as it was, and nothing is
  /// tried again.
  case refused(DirectoryError, received: Int)
}

/// A directory server's people kept on this machine by Content Sync or,
/// on Active Directory, DirSync (``LDAPChangeSource``): the
/// ``ReplicaStore`` in `folder` filled by a full refresh the first time,
/// then resumed from its cookie at each start and on each reconnect, every
/// change written to the disk before it is shown.
///
///     let replica = try LDAPReplica(url: url, options: options, folder: folder)
///     try await replica.run { table in … } status: { … }   // until cancelled
///
/// Threading: `Sendable`. The store is used on the sync's thread only; the
/// callbacks run there, in order.
public final class LDAPReplica: Sendable {
  /// Where the changes come from.
  public let sync: any LDAPChangeSource
  public let folder: URL
  /// Changes folded into a new generation of the copy past this many.
  public let foldThreshold: Int
  /// The copy's lock, when the caller took it (``ReplicaLock``).
  public let lock: ReplicaLock?

  /// A copy of the people at `url` in `folder`.
  public init(url: String, options: LDAPOptions, folder: URL, foldThreshold: Int = 10_000)
    throws(DirectoryError)
  {
    sync = try LDAPContentSync(url: url, options: options)
    self.folder = folder
    self.foldThreshold = foldThreshold
    lock = nil
  }

  /// A copy of the people at `servers` (one directory's, tried in turn
  /// for each connection) in `folder` by Content Sync, held by `lock`
  /// (taken when the copy opens when nil).
  public convenience init(
    servers: [LDAPURL], options: LDAPOptions, folder: URL, foldThreshold: Int = 10_000,
    lock: ReplicaLock? = nil
  ) {
    self.init(
      sync: LDAPContentSync(servers: servers, options: options), folder: folder,
      foldThreshold: foldThreshold, lock: lock)
  }

  /// A copy of the people `sync` follows in `folder`, held by `lock`
  /// (taken when the copy opens when nil).
  public init(
    sync: any LDAPChangeSource, folder: URL, foldThreshold: Int = 10_000,
    lock: ReplicaLock? = nil
  ) {
    self.sync = sync
    self.folder = folder
    self.foldThreshold = foldThreshold
    self.lock = lock
  }

  /// Opens the copy and keeps it current until the task is cancelled (or
  /// the disk fails: throws). `update` gets the people after each change
  /// (and at once when a complete copy opens), with how they changed from
  /// the people it got last when a patch made them; `status` how the copy
  /// is doing. A complete copy's people go to `update` at once; the
  /// changes logged since its fold, and the server, wait until `shown`
  /// returns (a window's first rows on screen: they need both cores more).
  /// Once it returns (or throws), the copy is closed and its lock let go.
  public func run(
    backoff: ClosedRange<Duration> = LDAPContentSync.defaultBackoff,
    update: @escaping @Sendable (UserTable, TablePatch?) -> Void,
    shown: @Sendable () async -> Void = {},
    status: @escaping @Sendable (LDAPReplicaStatus) -> Void
  ) async throws(ReplicaError) {
    let feed = ReplicaFeed(
      store: try ReplicaStore(folder: folder, lock: lock), foldThreshold: foldThreshold,
      update: update,
      status: status)
    // A damaged history set aside is said where the copy's other troubles are.
    if let notice = feed.store.historyNotice { StandardError.write("roster: \(notice)\n") }
    if feed.store.isComplete {
      // The people as of the last fold at once, then with the changes since.
      update(feed.store.table, nil)
      await shown()
      if let patch = feed.store.catchUp() { update(patch.table, patch) }
      // Without it, the next start sorts everyone before its first rows;
      // a copy without it still opens, so a disk that refuses it stops
      // nothing (the log's own writes say so if the disk is failing).
      try? feed.store.keepOrder()
    }
    let first = try feed.begin()
    let following = Task {
      await sync.follow(
        from: first, backoff: backoff,
        resume: { feed.beginAgain() },
        status: { syncStatus in
          switch syncStatus {
          case .disconnected(let error, let retryIn):
            status(.disconnected(error, retryIn: retryIn))
          case .refused(let error):
            status(.refused(error, received: feed.refreshed))
          }
        },
        { change in feed.handle(change) })
    }
    feed.onFailure.withLock { $0 = { following.cancel() } }
    // A failure before the line above stops the sync here.
    if feed.failed { following.cancel() }
    await withTaskCancellationHandler {
      await following.value
    } onCancel: {
      following.cancel()
    }
    // The sync has ended, but its thread may not have let go of the feed
    // yet: the copy is closed here, so a run started once this one returns
    // finds it free.
    feed.store.close()
    if let failure = feed.failure.withLock({ $0 }) { throw failure }
  }
}

/// Turns the sync's changes into the store's records: a full refresh
/// streamed into the next generation; an incremental one gathered and
/// applied at its end (with the entries a present phase did not name
/// deleted); a change after the refresh applied at once.
///
/// Threading: used on the sync's thread only (one connection at a time,
/// its callbacks in order); `@unchecked Sendable` for the closures that
/// carry it there.
private final class ReplicaFeed: @unchecked Sendable {
  enum Mode {
    case full
    case incremental
  }

  let store: ReplicaStore
  let foldThreshold: Int
  let update: @Sendable (UserTable, TablePatch?) -> Void
  let status: @Sendable (LDAPReplicaStatus) -> Void
  /// Stops the sync after a failure of the disk (set once the sync runs).
  let onFailure = Locked<(@Sendable () -> Void)?>(nil)
  let failure = Locked<ReplicaError?>(nil)

  var failed: Bool { failure.withLock { $0 != nil } }
  /// The people the refresh under way (or the last one) brought so far.
  var refreshed: Int { received }
  private var mode = Mode.full
  private var inRefresh = true
  private var pending: [ReplicaRecord] = []
  /// The identities named present or sent during an incremental refresh.
  private var seen = Set<String>()
  private var received = 0
  private var lastCookie: [UInt8]?

  init(
    store: ReplicaStore, foldThreshold: Int,
    update: @escaping @Sendable (UserTable, TablePatch?) -> Void,
    status: @escaping @Sendable (LDAPReplicaStatus) -> Void
  ) {
    self.store = store
    self.foldThreshold = foldThreshold
    self.update = update
    self.status = status
  }

  /// Prepares a connection's refresh; the cookie it starts from (nil: a
  /// full refresh, which `full` asks for whatever the copy holds).
  func begin(full: Bool = false) throws(ReplicaError) -> [UInt8]? {
    pending = []
    seen = []
    inRefresh = true
    received = 0
    lastCookie = nil
    guard !full, store.isComplete, let cookie = store.cookie else {
      mode = .full
      try store.beginFullRefresh()
      return nil
    }
    mode = .incremental
    return cookie
  }

  /// ``begin()`` for a reconnect (a failure stops the sync).
  func beginAgain() -> [UInt8]? {
    guard !failed else { return nil }
    do {
      return try begin()
    } catch {
      fail(error)
      return nil
    }
  }

  func handle(_ change: LDAPSyncChange) {
    guard !failed else { return }
    do {
      try apply(change)
    } catch {
      fail(error)
    }
  }

  private func fail(_ error: ReplicaError) {
    failure.withLock { $0 = error }
    onFailure.withLock { $0 }?()
  }

  private func apply(_ change: LDAPSyncChange) throws(ReplicaError) {
    switch (change, mode) {
    case (.reloadRequired, _):
      // The search starts again without a cookie: everyone comes, and the
      // people not among them are gone, so the copy is made anew.
      status(.reloading)
      _ = try begin(full: true)
    case (.cookie(let cookie), .full):
      // Refused as it arrives, not once the whole refresh is in.
      try ReplicaRecord.check(cookie: cookie)
      lastCookie = cookie
    case (.upserted(let entry), .full):
      try store.refreshed(.person(entry))
      received += 1
      if received % 10_000 == 0 { status(.filling(count: received)) }
    case (.deleted(let id), .full):
      try store.refreshed(.deleted(id))
    case (.refreshBegins, .full):
      // Everyone comes again from the start: what came is dropped.
      _ = try begin(full: true)
    case (.refreshBegins, .incremental):
      try commit()
      inRefresh = true
      seen = []
      received = 0
    case (.refreshDone, .full):
      try store.finishFullRefresh(cookie: lastCookie ?? [])
      mode = .incremental
      inRefresh = false
      status(.current(received: received))
      update(store.table, nil)
    case (.present(let id), .incremental):
      seen.insert(id)
    case (.presentPhaseEnded, .incremental):
      guard inRefresh else { return }
      let table = store.table
      for index in 0..<table.userCount where !seen.contains(table.identity(at: index)) {
        pending.append(.deleted(table.identity(at: index)))
      }
    case (.refreshDone, .incremental):
      inRefresh = false
      try commit()
      status(.current(received: received))
    default:
      try record(change)
    }
  }

  /// A change of an incremental refresh (kept for its end) or after it
  /// (applied now).
  private func record(_ change: LDAPSyncChange) throws(ReplicaError) {
    let record: ReplicaRecord
    switch change {
    case .upserted(let entry):
      seen.insert(entry.id)
      // A refresh may send people as they are (a read of everyone):
      // nothing to write.
      if inRefresh && store.holds(entry) { return }
      record = .person(entry)
      received += 1
    case .deleted(let id): record = .deleted(id)
    case .cookie(let cookie): record = .cookie(cookie)
    default: return
    }
    pending.append(record)
    if !inRefresh { try commit() }
  }

  /// Applies what is pending; shows the people when someone changed.
  private func commit() throws(ReplicaError) {
    guard !pending.isEmpty else { return }
    let records = pending
    pending = []
    let patch = try store.apply(records)
    if store.unfoldedChanges > foldThreshold { try store.fold() }
    if records.contains(where: { if case .cookie = $0 { false } else { true } }) {
      update(store.table, patch)
    }
  }
}
