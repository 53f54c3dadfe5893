import Directory
import GtkKit
import SharedSupport

/// A directory server's groups as the sidebar lists them: ordered by name
/// on the server, searched there, read ``window`` at a time as their lines
/// show. A list of groups starts as the first window the page read when
/// the directory opened (or, for a search, one skeleton line) and ends with
/// a skeleton line while the server has more; the sidebar reads the window
/// of a skeleton line that comes on screen (``read(at:into:)``), so a
/// directory of 100,000 groups costs the windows scrolled through. Their
/// member counts are shown where the server tells them without reading
/// every member. Groups inside groups are not shown from a server. The
/// group chosen is kept whole, so it stays chosen when a search lists
/// other groups.
///
/// Threading: main-actor only; the server is read off the main thread.
@MainActor
final class ServerGroupLines: GroupLines {
  /// Groups read in one request.
  static let window = 500

  /// Where the groups are read.
  let directory: any OrganisedDirectory
  /// The search whose groups are listed ("" for every group).
  private(set) var text = ""
  /// The groups read, by their position in the listing.
  private var groups: [Int: DirectoryGroupEntry] = [:]
  /// The offsets of the windows being read.
  private var reading: Set<Int> = []
  /// Bumped by a search: the windows of an older one are dropped.
  private var generation = 0
  /// The group whose people the main view shows, nil for everyone.
  private(set) var choice: GroupChoice?

  /// Lists the groups of `directory`; `choice`, the group chosen before,
  /// stays chosen when it was a server's (its line is found by identity
  /// once read).
  init(directory: any OrganisedDirectory, keeping choice: GroupChoice? = nil) {
    self.directory = directory
    self.choice = choice?.number == nil ? choice : nil
  }

  /// The key of a group's line (its position in the listing).
  private static func key(_ position: Int) -> String { "s\(position)" }

  /// The key of the skeleton line that reads the window at `offset`.
  static func placeholder(_ offset: Int) -> String { "\u{1}\(offset)" }

  /// The offset a skeleton line reads from; nil for another line.
  static func placeholderOffset(_ key: String) -> Int? {
    key.first == "\u{1}" ? Int(key.dropFirst()) : nil
  }

  /// The group on the line `key`, once read.
  func group(forKey key: String) -> DirectoryGroupEntry? {
    guard key.first == "s", let position = Int(key.dropFirst()) else { return nil }
    return groups[position]
  }

  /// The key of the line of group `id`, if it was read.
  func key(ofGroup id: String) -> String? {
    groups.first { $0.value.id == id }.map { Self.key($0.key) }
  }

  /// The key of the line of the group at `position` of every group's
  /// listing, if it was read (a search lists others).
  func key(ofNumber position: Int) -> String? {
    text.isEmpty && groups[position] != nil ? Self.key(position) : nil
  }

  /// A group's number is its position among every group, once read; a
  /// search's groups have none.
  func number(ofGroup id: String) -> Int? {
    key(ofGroup: id).flatMap { text.isEmpty ? number(forKey: $0) : nil }
  }

  /// The position a line's key names (a skeleton line's: the window it reads).
  func number(forKey key: String) -> Int? { Int(key.dropFirst()) }

  /// Groups inside groups are not shown from a server.
  func children(of key: String) -> [String]? { nil }

  /// A line whose group is not read yet is a skeleton.
  func line(forKey key: String) -> (name: String, people: Int?)? {
    guard let group = group(forKey: key) else { return (tr("Loading"), nil) }
    return (group.name, group.memberCount)
  }

  func name(forKey key: String) -> String? { group(forKey: key)?.name }

  var chosenKey: String? { choice.flatMap { key(ofGroup: $0.id) } }

  /// A skeleton line chooses nothing; the group already chosen changes nothing.
  func choose(key: String?) -> Bool {
    if let key, Self.placeholderOffset(key) != nil { return false }
    let group = key.flatMap(group(forKey:))
    guard group?.id != choice?.id else { return false }
    choice = group.map { GroupChoice(number: nil, id: $0.id, name: $0.name) }
    return true
  }

  /// Whether a window is being read.
  var isReading: Bool { !reading.isEmpty }

  /// Keeps `window` (read at its offset) and returns its lines' keys, with
  /// a skeleton line after them while the server has more.
  func keys(for window: GroupRange) -> [String] {
    var keys: [String] = []
    keys.reserveCapacity(window.groups.count + 1)
    for (index, group) in window.groups.enumerated() {
      groups[window.offset + index] = group
      keys.append(Self.key(window.offset + index))
    }
    let next = window.offset + window.groups.count
    if !window.groups.isEmpty, next < window.count { keys.append(Self.placeholder(next)) }
    return keys
  }

  /// Starts listing the groups whose name contains `text` (the server
  /// searches): one skeleton line, read once it shows. The same search
  /// again lists nothing new.
  func search(_ text: String, show: @escaping @MainActor ([String]) -> Void) {
    guard text != self.text else { return }
    self.text = text
    generation += 1
    groups = [:]
    reading = []
    show([Self.placeholder(0)])
  }

  /// A skeleton line on screen reads its window into the top lines of `tree`.
  func look(at key: String, in tree: KeyedTreeModel, done: @escaping @MainActor () -> Void) {
    guard let offset = Self.placeholderOffset(key), let roots = tree.children(of: nil) else {
      return
    }
    read(at: offset, into: roots, done: done)
  }

  var isBusy: Bool { isReading }

  /// The groups read, in the listing's order; none while a search lists
  /// others.
  var serverGroups: [DirectoryGroupEntry] {
    guard text.isEmpty else { return [] }
    return groups.keys.sorted().compactMap { groups[$0] }
  }

  /// Reads the window at `offset` and puts its lines in place of the
  /// skeleton line in `list`; a failure takes the skeleton away. `done`
  /// runs once they are in.
  func read(at offset: Int, into list: KeyList, done: @escaping @MainActor () -> Void) {
    guard reading.insert(offset).inserted else { return }
    let generation = generation
    let directory = directory
    let text = text
    Task { @MainActor [weak self] in
      let window = try? await directory.groups(offset..<(offset + Self.window), matching: text)
      guard let self, self.generation == generation else { return }
      self.reading.remove(offset)
      list.replace(Self.placeholder(offset), with: window.map { self.keys(for: $0) } ?? [])
      done()
    }
  }
}
