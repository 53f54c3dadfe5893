import Directory
import GtkKit

/// A directory server's groups as the sidebar lists them: ordered by name
/// on the server, searched there, read ``window`` at a time as their lines
/// show. A list of groups starts as the first window the page read when
/// the directory opened (or, for a search, one skeleton line) and ends with
/// a skeleton line while the server has more; the sidebar reads the window
/// of a skeleton line that comes on screen (``read(at:into:)``), so a
/// directory of 100,000 groups costs the windows scrolled through. Their
/// member counts are shown where the server tells them without reading
/// every member. Groups inside groups are not shown from a server.
///
/// Threading: main-actor only; the server is read off the main thread.
@MainActor
final class ServerGroupLines {
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

  init(directory: any OrganisedDirectory) {
    self.directory = directory
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
  func key(atPosition position: Int) -> String? {
    text.isEmpty && groups[position] != nil ? Self.key(position) : nil
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

  /// Starts listing the groups whose name contains `text`: one skeleton
  /// line, read once it shows.
  func search(_ text: String) -> [String] {
    self.text = text
    generation += 1
    groups = [:]
    reading = []
    return [Self.placeholder(0)]
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
