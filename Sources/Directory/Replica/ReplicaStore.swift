import FoundationEssentials
import Glibc
import SharedSupport

/// A directory server's people kept on this machine: the copy Content Sync
/// fills and keeps current, browsed at once at the next start and when the
/// server is away. It holds no secrets.
///
/// In its folder (mode 0700; files 0600), generation G of the copy is three
/// files: `people-G`, everyone as of the last fold, as the table's image
/// (``UserTable/init(image:)``: mapped, so a million people open at once);
/// `changes-G`, checksummed records of what changed since (``ReplicaFile``),
/// appended as it arrives; and `state-G`, the server's cookie for
/// `people-G`, a record written last
/// (a temporary file synced, then renamed), which makes generation G the
/// copy. Beside them, `links-G` (``ReplicaLinkNames``), when the server
/// names people otherwise than by identity where reports name their
/// manager (an LDAP DN), so a change naming a manager so is linked to them. Every step leaves a copy that opens: a crash before `state-G` is
/// written leaves generation G − 1, a torn end of `changes-G` is cut off
/// (the server sends those changes again from the cookie before them), and
/// files of other generations are removed when the copy opens.
///
/// Memory: the people are one ``UserTable`` (the compact columns, mapped
/// from `people-G`) plus the changes since the fold, by identity; a full
/// refresh streams records into `people-G.part` and keeps only a 64-bit
/// hash per person, then reads them into the table whose image becomes
/// `people-G`, the people's own text spooled to `people-G.text` as they
/// are read and mapped back.
///
/// Threading: owned by one thread or task at a time; every call blocks on
/// the file system.
public final class ReplicaStore {
  public let folder: URL
  /// The server's cookie for the copy as it stands (nil: no copy yet, or
  /// one whose refresh never finished).
  public private(set) var cookie: [UInt8]?
  /// The copy's lock, held while the store is open (``close()``).
  private var lock: ReplicaLock?
  /// The people as the copy holds them now; a person's `avatar` is their
  /// photo's version on the server ("" for none). Just opened, the people
  /// as of the last fold until ``catchUp()`` applies the changes logged
  /// since (``isBehind``).
  public private(set) var table: UserTable
  /// Whether ``table`` lacks changes the log holds (the copy just opened).
  public private(set) var isBehind = false
  /// The generation the copy is at; 0 when there is none.
  public private(set) var generation = 0
  private(set) var base: UserTable
  /// How `base`'s people are named where reports name their manager, when
  /// not by identity (`links-G`); nil when the copy keeps no such names.
  private(set) var links: ReplicaLinkNames?
  /// The same for the people changed since `people-G`: name → identity.
  private(set) var overlayLinks: [String: String] = [:]
  /// What changed since `people-G`, by identity (nil: deleted).
  private(set) var overlay: [String: DirectoryEntry?] = [:]
  /// The overlay's identities in the order they first changed: new people
  /// follow `base` in this order.
  private var overlayOrder: [String] = []
  private var log: ReplicaFile?
  private var refresh: FullRefresh?
  /// The changes the copy saw, kept beside it (nil when its file could
  /// not be opened: the copy goes on without).
  public private(set) var history: ChangeHistory?
  /// What the history's opening or writing said the user should hear of
  /// (a damaged file set aside, a write that failed); nil when nothing.
  public private(set) var historyNotice: String?

  /// A full refresh under way: the next generation's people, streamed.
  /// (A class: the set of hashes grows in place, never copied.)
  private final class FullRefresh {
    let file: ReplicaFile
    let generation: Int
    /// Everyone written, by a 64-bit hash of their identity.
    var written: Set<UInt64> = []
    /// Changes to people already written (a person changed during the
    /// refresh), applied after it.
    var late: [ReplicaRecord] = []

    init(file: ReplicaFile, generation: Int) {
      self.file = file
      self.generation = generation
    }
  }

  /// Opens the copy in `folder` (made, mode 0700, when missing), held
  /// by `lock` (taken here when nil) until ``close()``, with its change
  /// history kept within `historyLimits` and dated by `clock`; throws
  /// ``ReplicaError/isInUse`` when another store holds it.
  public init(
    folder: URL, lock: ReplicaLock? = nil,
    historyLimits: ChangeHistoryLimits = ChangeHistoryLimits(),
    clock: @escaping @Sendable () -> Date = { Date() }
  ) throws(ReplicaError) {
    self.folder = folder
    table = UserTable([User]())
    base = table
    if let lock {
      self.lock = lock
    } else {
      self.lock = try ReplicaLock(folder: folder.path)
    }
    try open()
    do {
      let history = try ChangeHistory(folder: folder, limits: historyLimits, clock: clock)
      self.history = history
      historyNotice = history.notice
    } catch {
      historyNotice = Self.historyFailure(error)
    }
  }

  /// Lets go of the copy: its change log is closed and its lock let go
  /// (unless another holds it too), so another store may open it. Nothing
  /// is written after.
  public func close() {
    refresh = nil
    log = nil
    history = nil
    lock = nil
  }

  /// Applies the changes logged since the last fold to ``table``; returns
  /// how it changed (nil when nothing was behind), so a list showing the
  /// people as of the fold follows the patch rather than sorting and
  /// comparing everyone.
  @discardableResult
  public func catchUp() -> TablePatch? {
    guard isBehind else { return nil }
    isBehind = false
    let patch = caughtUp()
    table = patch?.table ?? base
    return patch
  }

  /// Whether ``table`` knows its people's order by username, as kept
  /// beside the copy (``ReplicaOrderFile``), in the current collation.
  public var showsKeptOrder: Bool {
    table.knownPositions(in: Self.keptOrder) != nil
  }

  /// The order the copy keeps its people in beside them (by username):
  /// a table opened from the copy knows it (``UserTable/knownPositions(in:)``).
  public static let keptOrder = ReplicaOrderFile.order

  /// Writes the order by username of the people as of the fold beside
  /// them when the copy lacks it in the current collation (a copy written
  /// before orders were kept, a damaged file, another language since): the
  /// next opening shows them at once. Sorts everyone: call it off the
  /// main thread, after the people are shown.
  public func keepOrder() throws(ReplicaError) {
    guard isComplete,
      base.knownPositions(in: Self.keptOrder) == nil
    else { return }
    try ReplicaOrderFile.write(base, to: path("order-\(generation)"))
  }

  /// Whether the copy holds a complete refresh (it can be browsed).
  public var isComplete: Bool { generation > 0 }

  /// Whether the copy holds `entry` as it is (the same person, nothing of
  /// theirs changed): a read of everyone need not write it again.
  public func holds(_ entry: DirectoryEntry) -> Bool {
    guard let position = table.position(ofIdentity: entry.id) else { return false }
    return table.user(at: position) == Self.user(linkingManager(of: entry))
  }

  /// How many changes wait to be folded into the next generation.
  public var unfoldedChanges: Int { overlay.count }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Reads the newest complete generation in the folder, then removes
  /// the files of any other. Only a file that is missing or fails its
  /// checksum means "no copy" (and a generation whose people fail their
  /// checks is no copy: the server fills it again); any other failure
  /// (no descriptor left, a read error, something in a file's place)
  /// stops the open with its reason and deletes nothing.
  private func open() throws(ReplicaError) {
    let names = try Self.names(in: folder.path)
    var chosen: (generation: Int, cookie: [UInt8])?
    for name in names where name.hasPrefix("state-") {
      guard let number = Int(name.dropFirst("state-".count)), number > (chosen?.generation ?? 0),
        let cookie = try Self.readCookie(path(name))
      else { continue }
      chosen = (number, cookie)
    }
    var keep = [ReplicaLock.fileName, ChangeHistory.fileName, ChangeHistory.damagedName]
    if let chosen {
      keep += try read(generation: chosen.generation, cookie: chosen.cookie)
    }
    for name in names where !keep.contains(name) { unlink(path(name)) }
    guard isComplete else { return }
    log = try ReplicaFile.append(to: path("changes-\(generation)"), validLength: logLength)
    // The people as of the fold show at once; the changes since follow as
    // a patch (``catchUp()``).
    table = base
    isBehind = !overlay.isEmpty
  }

  /// How much of the change log the copy opened with is whole.
  private var logLength = 0

  /// Reads generation `number` (its people, order and change log);
  /// returns the names of its files, or none when its people are not
  /// whole (the generation is then no copy).
  private func read(generation number: Int, cookie: [UInt8]) throws(ReplicaError) -> [String] {
    guard let people = try UserTable.readImage(path("people-\(number)")) else { return [] }
    var overlay: [String: DirectoryEntry?] = [:]
    var order: [String] = []
    var last = cookie
    let valid = try ReplicaFile.read(path("changes-\(number)")) { record in
      switch record {
      case .person(let entry):
        if overlay.updateValue(entry, forKey: entry.id) == nil { order.append(entry.id) }
      case .deleted(let id):
        if overlay.updateValue(nil, forKey: id) == nil { order.append(id) }
      case .cookie(let bytes): last = bytes
      }
    }
    ReplicaOrderFile.read(path("order-\(number)"), into: people)
    links = ReplicaLinkNames(path: path("links-\(number)"))
    overlayLinks = Self.linkNames(of: overlay)
    generation = number
    self.cookie = last
    base = people
    self.overlay = overlay
    overlayOrder = order
    logLength = valid
    return [
      "state-\(number)", "people-\(number)", "changes-\(number)", "order-\(number)",
      "links-\(number)",
    ]
  }

  /// The names in the folder at `path`.
  private static func names(in path: String) throws(ReplicaError) -> [String] {
    guard let directory = opendir(path) else { throw .system("list", path, errno: errno) }
    defer { closedir(directory) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        if errno != 0 { throw .system("list", path, errno: errno) }
        return names
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { names.append(name) }
    }
  }

  /// The cookie a state file holds.
  private static func readCookie(_ path: String) throws(ReplicaError) -> [UInt8]? {
    var found: [UInt8]?
    try ReplicaFile.read(path) { record in
      if case .cookie(let bytes) = record { found = bytes }
    }
    return found
  }

  /// A table of the people in the file of records at `path`. Their own
  /// text, most of the table, is written to `spool` as it is read, and
  /// the table reads it from there, mapped: a million people are read in
  /// with about 35 bytes of each in memory, not 170. `spool` is gone
  /// when this returns (a crash leaves it, and the copy's opening removes
  /// it).
  private static func loadRecords(_ path: String, spool: String, people: Int)
    throws(ReplicaError)
    -> (UserTable, LinkNameList)
  {
    let file = try OutputFile(create: spool)
    defer { unlink(spool) }
    var builder = UserTableBuilder()
    var names = LinkNameList()
    names.expected = people
    try ReplicaFile.read(path) { record throws(ReplicaError) in
      guard case .person(let entry) = record else { return }
      if let name = entry.linkName { names.append(name, at: builder.count) }
      do {
        try builder.append(Self.user(entry))
      } catch {
        throw ReplicaError("the copy is larger than a table holds: \(error)")
      }
      if builder.unspooledTextBytes >= Self.spoolChunk { try builder.spoolText(file.write) }
    }
    try builder.spoolText(file.write)
    let mapping = try file.mapped()
    let table = UserTable(builder.finish(spooledText: mapping))
    // Managers named otherwise than by identity (a DN), linked by name.
    names.sort()
    if !names.names.isEmpty { ManagerLinks.resolve(in: table, named: { names.position(of: $0) }) }
    return (table, names)
  }

  /// How much of the people's text a full refresh holds before it is spooled.
  private static let spoolChunk = 4 << 20

  static func user(_ entry: DirectoryEntry) -> User {
    User(
      id: entry.id, username: entry.username, avatar: entry.photoVersion ?? "", role: entry.role,
      isActive: entry.isActive, details: entry.details)
  }

  // MARK: Full refresh

  /// Starts a refresh of everyone (the first, or one the server requires):
  /// the next generation is written beside the copy, which stays as it is
  /// until ``finishFullRefresh(cookie:)``.
  public func beginFullRefresh() throws(ReplicaError) {
    let next = generation + 1
    refresh = FullRefresh(
      file: try ReplicaFile.create(path("people-\(next).part")), generation: next)
  }

  /// Whether a full refresh is under way.
  public var isRefreshingFully: Bool { refresh != nil }

  /// A record of the full refresh: a person is written out (a person sent
  /// twice, changed meanwhile, is applied after the refresh), the rest
  /// kept for after it.
  public func refreshed(_ record: ReplicaRecord) throws(ReplicaError) {
    guard let current = refresh else { return }
    if case .person(let entry) = record,
      current.written.insert(StableHash.fnv1a(entry.id)).inserted
    {
      try current.file.append(record)
      if current.file.pendingBytes > 1 << 20 { try current.file.flush(sync: false) }
    } else if case .cookie = record {
      // The cookie that counts comes with the end of the refresh.
    } else {
      current.late.append(record)
    }
  }

  /// Ends the full refresh with the server's `cookie`: the new generation
  /// becomes the copy, the old one goes.
  public func finishFullRefresh(cookie: [UInt8]) throws(ReplicaError) {
    guard let current = refresh else { return }
    try ReplicaRecord.check(cookie: cookie)
    refresh = nil
    try current.file.flush(sync: true)
    let next = current.generation
    let part = path("people-\(next).part")
    // The hashes are done with: let them go before the people are read.
    let written = current.written.count
    current.written = []
    // The copy is then browsed as a later start browses it, its image
    // mapped: the people built go before everyone is sorted for the order.
    // The copy before, as shown: what the refresh changed goes to the history.
    let before = isComplete ? (isBehind ? (caughtUp()?.table ?? base) : table) : nil
    let (people, names) = try imageOfRecords(in: part, generation: next, people: written)
    unlink(part)
    // The order is of use, not of need: a copy without it opens and sorts.
    try? ReplicaOrderFile.write(people, to: path("order-\(next)"))
    try commit(generation: next, cookie: cookie, people: people)
    // Kept once the refresh is the copy: a refresh cut short is compared again.
    if let before, let history {
      keep(history) {
        PeopleChanges.between(before, people, at: history.now) { reference in
          PeopleChanges.manager(reference, in: people) { names.position(of: Array($0.utf8)) }
        }
      }
    }
    if !current.late.isEmpty { try apply(current.late) }
  }

  /// The people in the records at `part` written as generation
  /// `generation`'s image, and that image opened (the table built in
  /// memory, should it not open).
  private func imageOfRecords(in part: String, generation: Int, people: Int)
    throws(ReplicaError)
    -> (UserTable, LinkNameList)
  {
    let (built, names) = try Self.loadRecords(
      part, spool: path("people-\(generation).text"), people: people)
    try Self.writeImage(of: built, to: path("people-\(generation)"))
    // None (people named by identity alone): no file, nor one left by a try before.
    unlink(path("links-\(generation)"))
    if !names.names.isEmpty {
      try ReplicaLinkNames.write(names.names, to: path("links-\(generation)"))
    }
    return (UserTable(image: path("people-\(generation)")) ?? built, names)
  }

  // MARK: Changes

  /// Applies `records` in order (people changed or gone, the cookie after
  /// them): written to the change log and synced before the copy shows
  /// them, so a change shown is never lost. Returns how ``table`` changed
  /// when it was patched (nil when nobody changed, or when the copy just
  /// opened took every change logged since its fold at once).
  @discardableResult
  public func apply(_ records: [ReplicaRecord]) throws(ReplicaError) -> TablePatch? {
    guard isComplete, let log else { throw ReplicaError("the copy has no complete refresh yet") }
    // A manager named by DN is kept as the identity of the person the copy
    // holds, so the change links them as the refresh did.
    var batch = ChangedBefore()
    let records = records.map { record -> ReplicaRecord in
      switch record {
      case .person(let entry):
        let linked = linkingManager(of: entry, after: batch)
        batch.entries[entry.id] = linked
        if let name = entry.linkName { batch.names[name] = entry.id }
        return .person(linked)
      case .deleted(let id):
        batch.entries[id] = .some(nil)
        return record
      case .cookie: return record
      }
    }
    // All or none: a record past the reader's limit is refused before
    // anything is written.
    try log.append(records)
    try log.flush(sync: true)
    var seen: [PersonChange] = []
    for record in records {
      if let history { seen += changes(by: record, at: history.now) }
      remember(record)
    }
    if let history { keep(history) { seen } }
    let changes = records.compactMap { record -> (identity: String, user: User?)? in
      switch record {
      case .person(let entry): (entry.id, Self.user(entry))
      case .deleted(let id): (id, nil)
      case .cookie: nil
      }
    }
    guard !changes.isEmpty else { return nil }
    guard !isBehind else { return catchUp() }
    do {
      let patch = try table.patched(changes)
      table = patch.table
      return patch
    } catch {
      throw ReplicaError("the copy is larger than a table holds: \(error)")
    }
  }

  /// Folds the changes into a new generation of the copy (everyone written
  /// anew), so the change log starts empty.
  public func fold() throws(ReplicaError) {
    guard isComplete, let cookie else { return }
    catchUp()
    let next = generation + 1
    try Self.writeImage(of: table, to: path("people-\(next)"))
    try? ReplicaOrderFile.write(table, to: path("order-\(next)"))
    let names = foldedLinkNames()
    unlink(path("links-\(next)"))
    if !names.isEmpty { try? ReplicaLinkNames.write(names, to: path("links-\(next)")) }
    try commit(generation: next, cookie: cookie, people: table)
  }

  /// Makes generation `next` (its people already on disk) the copy: an
  /// empty change log, then its state, then the old generation's files go.
  private func commit(generation next: Int, cookie: [UInt8], people: UserTable) throws(ReplicaError)
  {
    let newLog = try ReplicaFile.create(path("changes-\(next)"))
    try newLog.flush(sync: true)
    let temporary = path(".state-\(next)")
    let state = try ReplicaFile.create(temporary)
    try state.append(.cookie(cookie))
    try state.flush(sync: true)
    guard rename(temporary, path("state-\(next)")) == 0 else {
      throw .system("rename", temporary, errno: errno)
    }
    try Self.syncFolder(folder.path)
    let old = generation
    generation = next
    self.cookie = cookie
    log = newLog
    base = people
    links = ReplicaLinkNames(path: path("links-\(next)"))
    overlay = [:]
    overlayLinks = [:]
    isBehind = false
    overlayOrder = []
    table = people
    if old > 0 {
      for name in [
        "state-\(old)", "people-\(old)", "changes-\(old)", "order-\(old)", "links-\(old)",
      ] {
        unlink(path(name))
      }
    }
  }

  // MARK: History

  /// How `record` changes the person it names, from what the copy holds
  /// now (before it is remembered).
  private func changes(by record: ReplicaRecord, at seconds: Int64) -> [PersonChange] {
    let identity: String
    let after: User?
    switch record {
    case .person(let entry): (identity, after) = (entry.id, Self.user(entry))
    case .deleted(let id): (identity, after) = (id, nil)
    case .cookie: return []
    }
    let before: User? =
      if let changed = overlay[identity] {
        changed.map(Self.user)
      } else {
        base.position(ofIdentity: identity).map(base.user(at:))
      }
    return PeopleChanges.of(
      identity, from: before, to: after, at: seconds,
      manager: { [base] in PeopleChanges.manager($0, in: base) })
  }

  /// Appends the changes `made` makes to `history`; a failure ends the
  /// history (the copy goes on) and says why in ``historyNotice``.
  private func keep(_ history: ChangeHistory, _ made: () -> [PersonChange]) {
    do {
      try history.record(made())
    } catch {
      self.history = nil
      historyNotice = Self.historyFailure(error)
    }
  }

  private static func historyFailure(_ error: ReplicaError) -> String {
    String(filling: tr("The change history stopped: %@"), error.description)
  }

  /// Records `record` in memory (the log holds it already).
  private func remember(_ record: ReplicaRecord) {
    switch record {
    case .person(let entry): change(entry.id, to: entry)
    case .deleted(let id): change(id, to: nil)
    case .cookie(let bytes): cookie = bytes
    }
  }

  private func change(_ identity: String, to entry: DirectoryEntry?) {
    if let name = entry?.linkName { overlayLinks[name] = identity }
    if overlay.updateValue(entry, forKey: identity) == nil { overlayOrder.append(identity) }
  }

  /// `base` patched with the changes logged: the people it held in its
  /// order, changed or removed, then the people it did not hold. Nil when
  /// none changed, or past the arenas' 4 GiB (the copy then shows the
  /// people as of the fold; the log keeps the changes).
  private func caughtUp() -> TablePatch? {
    guard !overlay.isEmpty else { return nil }
    let changes = overlayOrder.map { identity in
      (identity: identity, user: (overlay[identity] ?? nil).map(Self.user))
    }
    // The fold's people shared, not copied: the changes take rows of their own.
    return try? base.patched(changes)
  }

  // MARK: Files

  /// Whether `folder` holds a complete copy, without reading it: a state
  /// file names a generation.
  public static func holdsCopy(folder: URL) -> Bool {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.contains { $0.hasPrefix("state-") }
  }

  /// When the copy in `folder` last took a change or a refresh from the
  /// server (the newest of its files); nil without a copy.
  public static func lastSynced(folder: URL) -> Date? {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var newest: Date?
    for name in names where name.hasPrefix("state-") || name.hasPrefix("changes-") {
      var status = stat()
      guard stat(folder.appendingPathComponent(name).path, &status) == 0 else { continue }
      let date = Date(
        timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
      )
      newest = max(newest ?? date, date)
    }
    return newest
  }

  /// Deletes the copy in `folder` (Forget This Directory).
  public static func forget(folder: URL) throws(ReplicaError) {
    do {
      try FileManager.default.removeItem(at: folder)
    } catch let error as CocoaError where error.code == .fileNoSuchFile {
      return
    } catch {
      throw ReplicaError("could not remove \(folder.path): \(error.sentence)")
    }
  }

  /// Makes the folder at `path` (and those above it), mode 0700.
  static func makePrivateFolder(_ path: String) throws(ReplicaError) {
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw ReplicaError("could not create \(path): \(error.sentence)")
    }
    guard chmod(path, 0o700) == 0 else { throw .system("protect", path, errno: errno) }
  }

  /// Writes `table`'s image to a new file at `path`, synced.
  private static func writeImage(of table: UserTable, to path: String) throws(ReplicaError) {
    let file = try OutputFile(create: path)
    do {
      try table.writeImage(file.write)
    } catch let error as ReplicaError {
      throw error
    } catch {
      throw ReplicaError("could not write \(path): \(error)")
    }
    try file.sync()
  }

  private static func syncFolder(_ path: String) throws(ReplicaError) {
    let fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw .system("open", path, errno: errno) }
    defer { Glibc.close(fd) }
    guard fsync(fd) == 0 else { throw .system("sync", path, errno: errno) }
  }
}
