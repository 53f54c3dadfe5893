import Directory
import DirectoryLDAP
import FoundationEssentials
import SharedSupport

/// A directory server's people kept on this machine by Content Sync or
/// DirSync (``LDAPReplica``), followed from the main thread: the copy's people
/// reach ``onPeople`` after each change, how the copy is doing reaches
/// ``onStatus``. The sync, the disk and the materializing of the people
/// run on the sync's own thread; only the results hop to the main actor,
/// the latest one only when several are waiting.
///
///     let copy = OfflineCopy(directory: ldap, folder: OfflineCopy.folder(for: ldap)!)
///     copy.onPeople = { table in … }
///     copy.start()
///
/// Threading: main-actor only; the sync runs on its own thread.
@MainActor
package final class OfflineCopy {
  /// The server whose people are copied.
  package let directory: LDAPDirectory
  /// The server the copy is of, as the person page changes people there
  /// (the copy then follows by its sync).
  package var editable: any EditableDirectory { directory }
  /// The username of the person signed in, as the server said when the
  /// copy first was current this session (nil before, or when it holds
  /// no such person): whose team "My Team" is.
  package private(set) var signedInUsername: String?
  /// Asking the server whom the copy signed in as, once.
  private var askedWhoSignedIn = false

  /// Asks the server, once, whom the copy signed in as
  /// (``signedInUsername``), off the main thread.
  func learnWhoSignedIn() {
    guard !askedWhoSignedIn else { return }
    askedWhoSignedIn = true
    let directory = directory
    Task { @MainActor [weak self] in
      let username = try? await directory.signedInUsername()
      self?.signedInUsername = username ?? nil
    }
  }
  /// The server read by the copy's identities (``LDAPOptions/Identity/uniqueID``): the photos of
  /// the people the copy shows.
  let photoDirectory: LDAPDirectory
  /// Where the copy lives (mode 0700).
  package let folder: URL
  /// Called with the people after each change the copy took (and at once
  /// when a complete copy opens), their rows made off the main thread.
  var onPeople: (@MainActor (DirectoryContents) -> Void)?
  /// Called with each status of the copy.
  var onStatus: (@MainActor (LDAPReplicaStatus) -> Void)?
  /// The people as last delivered; nil before the first.
  package private(set) var people: DirectoryContents?
  /// The last status of the sync running now; nil before its first (a
  /// Retry starts a sync that has said nothing yet).
  package private(set) var status: LDAPReplicaStatus?
  /// When the copy last took a change or a refresh from the server.
  package private(set) var lastSynced: Date?
  /// Why the copy stopped for good (its disk failed), if it did.
  package private(set) var failure: ReplicaError?
  /// The people waiting for the main thread, newest only.
  private let waiting = PeopleMailbox()
  private var running: Task<Void, Never>?
  /// Which run of the sync is the current one: what an older run (stopped,
  /// its last words still on their way to the main thread) says is dropped,
  /// so nothing reaches a window closed meanwhile.
  private var runs = 0
  /// The sync last stopped, until it has let go of the folder: the next
  /// one waits for it, so two never write the copy at once.
  private var stopping: Task<Void, Never>?
  private let backoff: ClosedRange<Duration>
  /// How often a copy kept by DirSync asks the server what changed.
  private let pollInterval: Duration
  /// Opens when the window shows the copy's first rows (``rowsShown()``):
  /// the copy's catch-up with its log and its connection wait for it, at
  /// most ``shownWait``, so the first frame has both cores.
  private let shown = Gate()
  /// The longest the catch-up and the connection wait for the first rows.
  private let shownWait: Duration
  /// The copy's lock, from ``claim()`` until ``stop()`` (the sync holds
  /// it too while it runs).
  private var lock: ReplicaLock?
  /// Whether another Roster window or process holds the copy: this one
  /// does not use it, and its window reads the server directly.
  package private(set) var isInUseElsewhere = false
  /// The folders of this process's copies stopped whose sync has not let
  /// go of them yet (a window closed, another opening on the same copy).
  private static var stoppingHere: [String: Int] = [:]

  /// A copy of `directory`'s people in `folder`; nothing runs before
  /// ``start()``. A complete copy's catch-up and connection wait for its
  /// first rows on screen (``rowsShown()``) at most `shownWait`; a copy
  /// of Active Directory asks for changes every `pollInterval`.
  package init(
    directory: LDAPDirectory, folder: URL,
    backoff: ClosedRange<Duration> = LDAPContentSync.defaultBackoff,
    shownWait: Duration = .milliseconds(500), pollInterval: Duration = .milliseconds(500)
  ) {
    self.pollInterval = pollInterval
    self.shownWait = shownWait
    self.directory = directory
    var options = directory.options
    options.identity = .uniqueID
    photoDirectory = LDAPDirectory(url: directory.url, options: options)
    self.folder = folder
    self.backoff = backoff
    lastSynced = ReplicaStore.lastSynced(folder: folder)
  }

  /// Whether the folder holds a complete copy to browse now.
  package var isComplete: Bool { ReplicaStore.holdsCopy(folder: folder) }

  /// Takes the copy for this window (``ReplicaLock``) unless another
  /// Roster window or process holds it (``isInUseElsewhere``; this one
  /// then leaves the copy alone). True when the copy is this one's (or
  /// its folder fails otherwise: the sync says why when it starts).
  package func claim() -> Bool {
    guard lock == nil else { return true }
    // A copy of this process just closed lets go as soon as its sync ends.
    let waiting: Duration = Self.stoppingHere[folder.path, default: 0] > 0 ? .seconds(2) : .zero
    do {
      lock = try ReplicaLock(folder: folder.path, waiting: waiting)
      isInUseElsewhere = false
      return true
    } catch {
      isInUseElsewhere = error.isInUse
      return !error.isInUse
    }
  }

  /// Opens the copy and keeps it current until ``stop()``; does nothing
  /// when another Roster holds it (``claim()``).
  package func start() {
    guard running == nil, claim() else { return }
    failure = nil
    status = nil
    let replica = LDAPReplica(
      sync: directory.changeSource(pollInterval: pollInterval), folder: folder, lock: lock)
    let waiting = waiting
    let backoff = backoff
    let source = DirectorySource.file(folder)
    let previous = stopping
    let (shown, shownWait) = (shown, shownWait)
    runs += 1
    let run = runs
    running = Task.detached(priority: .utility) { [weak self] in
      await previous?.value
      do throws(ReplicaError) {
        try await replica.run(
          backoff: backoff,
          update: { table, patch in
            var contents = DirectoryContents(source: source, users: table)
            // Of use only to a list showing the table patched: the one
            // before, when it was taken.
            contents.patch = patch
            // The people as the copy kept them, in the order a copy's page
            // opens in: their rows made here, not on the main thread.
            let order = ReplicaStore.keptOrder
            if patch == nil, let known = table.knownPositions(in: order) {
              contents.sortedRows = (order, known.map { UserRef(table: table, index: $0) })
            }
            guard waiting.put(contents) else { return }
            Task { @MainActor in self?.deliverPeople() }
          },
          shown: { await shown.wait(atMost: shownWait) },
          status: { status in Task { @MainActor in self?.report(status, of: run) } })
      } catch {
        Task { @MainActor in self?.failed(error, in: run) }
      }
    }
  }

  /// The window shows the copy's first rows: what waited for them goes on.
  package func rowsShown() { shown.open() }

  /// Stops the sync (the copy stays on disk) and lets go of the copy
  /// once it has ended.
  package func stop() {
    if let running {
      let path = folder.path
      Self.stoppingHere[path, default: 0] += 1
      Task { @MainActor in
        await running.value
        Self.stoppingHere[path, default: 1] -= 1
      }
    }
    halt()
    lock = nil
  }

  /// Connects again now rather than after the backoff (Retry), holding
  /// the copy throughout.
  package func retry() {
    halt()
    start()
  }

  private func halt() {
    running?.cancel()
    if let running { stopping = running }
    running = nil
  }

  /// Whether `run` is the sync running now (not stopped, not replaced).
  private func isCurrent(_ run: Int) -> Bool { run == runs && running != nil }

  private func deliverPeople() {
    // Taken even when stopped: the mailbox is the copy's, and a full one
    // would keep the next run's people from being sent for.
    guard var contents = waiting.take(), running != nil else { return }
    lastSynced = Date()
    onPeople?(contents)
    // Kept without the patch: the table before is the list's to let go.
    contents.patch = nil
    people = contents
  }

  private func report(_ status: LDAPReplicaStatus, of run: Int) {
    guard isCurrent(run) else { return }
    self.status = status
    if case .current = status { lastSynced = Date() }
    onStatus?(status)
  }

  private func failed(_ error: ReplicaError, in run: Int) {
    guard isCurrent(run) else { return }
    failure = error
    report(
      .disconnected(.unreadable(path: folder.path, reason: error.description), retryIn: .zero),
      of: run)
    running = nil
  }
}

/// The newest people from the sync's thread, waiting for the main thread:
/// a change that arrives before the last was shown replaces it.
///
/// Threading: `Sendable`; a lock guards the slot.
private final class PeopleMailbox: Sendable {
  private let slot = Locked<DirectoryContents?>(nil)

  /// Leaves `contents`; true when the slot was empty (the main thread must
  /// be told), false when it replaced one not taken yet.
  func put(_ contents: DirectoryContents) -> Bool {
    slot.withLock { slot in
      defer { slot = contents }
      return slot == nil
    }
  }

  func take() -> DirectoryContents? {
    slot.withLock { slot in
      defer { slot = nil }
      return slot
    }
  }
}
