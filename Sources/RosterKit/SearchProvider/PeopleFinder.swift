import Directory
import FoundationEssentials
import Glibc
import PreparedImages
import SharedSupport

/// The people behind the shell's search: finds them in the search target
/// (a users.json searched in memory with ``SearchIndex``, a server searched
/// on the server with the window's escaped filter), at most ``maxResults``,
/// and remembers whom it found for the metas the shell asks next.
///
/// A users.json not shown in a window is loaded once and kept while the
/// file stays the same (a URL's for ``urlLifetime``); a server is opened
/// once and kept. Callers bound each answer in time (``SearchProvider``).
///
/// Threading: an actor, off the main thread; the loads and the server's
/// calls run on the global executor (and LDAP on its connection's queue).
actor PeopleFinder {
  /// The most results a search returns (the shell shows a few of them).
  static let maxResults = 20
  /// The most people remembered for metas.
  static let maxRemembered = 1_000
  /// The largest server photo read for the shell's icon.
  static let maxPhotoBytes = 100_000
  /// How long a server photo is waited for before the metas go without it.
  static let photoTimeLimit: Duration = .milliseconds(500)
  /// How long a users.json downloaded from a URL is searched before it is
  /// downloaded again.
  static let urlLifetime: Duration = .seconds(300)

  /// A users.json in memory with its index.
  private struct LocalPeople: Sendable {
    let table: UserTable
    let index: SearchIndex
    /// Where its avatars are relative to.
    let base: URL
  }

  /// A load of a users.json: under which key, and its task.
  private struct LocalLoad {
    let key: String
    let started: ContinuousClock.Instant
    let task: Task<LocalPeople?, Never>
  }

  private var local: LocalLoad?
  private var server: (key: String, directory: any RangedDirectory)?
  private var remembered: [SearchResultID: FoundPerson] = [:]

  /// The people matching every word of `terms` in `target`, in the
  /// directory's order; empty when nothing could be read.
  func search(_ terms: [String], in target: SearchTarget) async -> [FoundPerson] {
    let text = terms.joined(separator: " ").trimmed
    guard !text.isEmpty else { return [] }
    let found =
      target.directory.kind.isServer
      ? await searchServer(text, in: target) : await searchLocal(text, in: target)
    remember(found)
    return found
  }

  /// The metas of `ids`, in their order; only ids this finder returned
  /// (remembered, at most ``maxRemembered``) are answered, the others left
  /// out (the shell skips them): a caller cannot have Roster read any
  /// person, or their photo, by naming them.
  func metas(_ ids: [SearchResultID], in target: SearchTarget) async -> [ResultMeta] {
    let people = ids.compactMap { remembered[$0] }
    return await withTaskGroup(of: (Int, ResultMeta).self) { group in
      for (order, person) in people.enumerated() {
        group.addTask { (order, ResultMeta(person: person, icon: await Self.icon(of: person))) }
      }
      var metas: [(Int, ResultMeta)] = []
      for await meta in group { metas.append(meta) }
      return metas.sorted { $0.0 < $1.0 }.map(\.1)
    }
  }

  // MARK: - A users.json

  private func searchLocal(_ text: String, in target: SearchTarget) async -> [FoundPerson] {
    guard let people = await localPeople(target),
      let positions = people.index.firstMatches(text, limit: Self.maxResults)
    else { return [] }
    return positions.map { position in
      Self.person(at: position, of: people, in: target.directory)
    }
  }

  private static func person(
    at position: Int, of people: LocalPeople, in directory: RememberedDirectory
  )
    -> FoundPerson
  {
    let view = people.table[position]
    var picture = FoundPerson.Picture.none
    if case .success(.file(let path))? = ImageSource.resolve(view.avatar, relativeTo: people.base) {
      picture = .file(path)
    }
    return FoundPerson(
      id: SearchResultID(directory: directory.id, identity: view.identity), person: view,
      picture: picture)
  }

  /// The users.json of `target`: the window's, else the one loaded before
  /// while it is current, else loaded now.
  private func localPeople(_ target: SearchTarget) async -> LocalPeople? {
    let directory = target.directory
    guard !directory.kind.isServer,
      case .source(let source)? = try? directory.kind.make(
        location: directory.sourceArgument, secret: nil)
    else { return nil }
    if let loaded = target.loaded {
      let key = "window:\(ObjectIdentifier(loaded.viewModels).hashValue)"
      if local?.key != key {
        let table = loaded.viewModels
        local = LocalLoad(
          key: key, started: .now,
          task: Task.detached {
            LocalPeople(
              table: table, index: SearchIndex(table, region: .ofThisProcess), base: source.baseURL)
          })
      }
      return await local?.task.value
    }
    let key = Self.key(of: source)
    if let local, local.key == key, !Self.isStale(local, source) {
      return await local.task.value
    }
    let load = LocalLoad(
      key: key, started: .now,
      task: Task.detached {
        guard let contents = try? await DirectoryLoader().load(source) else { return nil }
        let table = contents.viewModels
        return LocalPeople(
          table: table, index: SearchIndex(table, region: .ofThisProcess), base: source.baseURL)
      })
    local = load
    return await load.task.value
  }

  /// What makes a loaded users.json current: a file's path, size and time
  /// of change; a URL's address (it ages instead, ``urlLifetime``).
  private static func key(of source: DirectorySource) -> String {
    guard case .file(let url, _) = source else { return "url:\(source.baseURL.absoluteString)" }
    var status = stat()
    guard stat(url.path, &status) == 0 else { return "file:\(url.path):-1:0" }
    let changed = "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    return "file:\(url.path):\(status.st_size):\(changed)"
  }

  private static func isStale(_ load: LocalLoad, _ source: DirectorySource) -> Bool {
    guard case .remote = source else { return false }
    return ContinuousClock.now - load.started > urlLifetime
  }

  // MARK: - A directory server

  /// The first matches of `text` on the server of `target`: read forward
  /// in the server's own order (Paged Results, one page), so the server
  /// stops at the first ``maxResults`` instead of sorting every match first
  /// (which takes seconds over a million people), then ordered here by
  /// name. A server that cannot be read so is asked for its first sorted
  /// window.
  private func searchServer(_ text: String, in target: SearchTarget) async -> [FoundPerson] {
    guard let directory = await serverDirectory(target) else { return [] }
    let view = directory.searching(text)
    var entries: [DirectoryEntry]
    var photosKnown = true
    if let forward = view as? any ForwardReadableDirectory,
      let first = await Self.firstPage(of: forward)
    {
      // In the user's locale's order (LC_COLLATE), as the shell's results are read.
      entries = first.sorted {
        let (left, right) = (
          $0.displayName.isEmpty ? $0.username : $0.displayName,
          $1.displayName.isEmpty ? $1.username : $1.displayName
        )
        return left.withCString { left in right.withCString { strcoll(left, $0) } } < 0
      }
      // Read forward, entries carry no photo versions: each may have one.
      photosKnown = false
    } else {
      guard let window = try? await view.rows(0..<Self.maxResults) else { return [] }
      entries = window.entries
    }
    return entries.prefix(Self.maxResults).map { entry in
      FoundPerson(
        id: SearchResultID(directory: target.directory.id, identity: entry.id),
        person: UserViewModel(entry: entry),
        picture: photosKnown && entry.photoVersion == nil
          ? .none : .photo(directory, identity: entry.id))
    }
  }

  /// The first page (``maxResults`` people) of `view` in the server's
  /// order; nil when it cannot be read forward or the read failed.
  private static func firstPage(of view: any ForwardReadableDirectory) async -> [DirectoryEntry]? {
    /// Thrown to stop after the first page.
    struct Enough: Error {}
    var found: [DirectoryEntry] = []
    do {
      let read = try await view.readForward(pageSize: maxResults, inServerOrder: true) { page in
        found = page
        throw Enough()
      }
      return read ? found : nil
    } catch is Enough {
      return found
    } catch {
      return nil
    }
  }

  /// The server of `target`: the window's, else the one opened before,
  /// else opened now (with its secret from the keyring when it needs one).
  private func serverDirectory(_ target: SearchTarget) async -> (any RangedDirectory)? {
    if let shown = target.server { return shown }
    let remembered = target.directory
    // Opened again when any of its options changed (who signs in, how).
    let options = remembered.options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let key = "\(remembered.id) \(remembered.sourceArgument) \(options.joined(separator: " "))"
    if let server, server.key == key { return server.directory }
    let secret = remembered.needsSecret ? await target.secret() : nil
    guard case .server(let directory)? = try? OpenedDirectory(remembered, secret: secret) else {
      return nil
    }
    server = (key, directory)
    return directory
  }

  // MARK: - Metas

  /// The icon of `person`: their avatar file or server photo (when it
  /// arrives and is small enough) decoded by Roster and sent as a small PNG
  /// of its own (``ShellIcon``), else the fallback.
  private static func icon(of person: FoundPerson) async -> ResultMeta.Icon {
    let png: [UInt8]?
    switch person.picture {
    case .file(let path):
      png = ShellIcon.png(ofFile: path)
    case .photo(let directory, let identity):
      // A photo late or missing leaves the generic avatar; the name shows.
      let bytes = await SearchDeadline.run(within: photoTimeLimit) {
        try? await directory.photo(of: identity, maxBytes: maxPhotoBytes)
      }
      png = bytes.flatMap(ShellIcon.png(of:))
    case .none:
      png = nil
    }
    return png.map { .png($0) } ?? .themed(ResultMeta.fallbackIcon)
  }

  private func remember(_ people: [FoundPerson]) {
    if remembered.count + people.count > Self.maxRemembered { remembered.removeAll() }
    for person in people { remembered[person.id] = person }
  }
}
