/// A directory read a range at a time from a server that sorts and counts
/// (LDAP with server-side sort and virtual list view; SCIM paging): the list
/// sizes itself from the count and asks only for the entries on screen, so
/// memory and start-up do not grow with the directory.
///
/// Every method runs off the main thread (network and blocking client
/// libraries); all are cancellable through the calling task.
///
/// Threading: `Sendable`; conformers own their connections.
public protocol RangedDirectory: Sendable {
  /// Where the directory lives, as the window's subtitle names it
  /// ("127.0.0.1").
  var location: String { get }

  /// A name for the directory that stays the same across runs and
  /// failovers, under which its settings are remembered (the table's
  /// columns and order): its first server's URL, without credentials.
  var settingsKey: String { get }

  /// What names the people it shows, for the caches kept of them (its
  /// first screen, an offline copy): where and how it searches and whom it
  /// reads as, never a secret.
  var peopleKey: String { get }

  /// The entries at `range` (positions from 0, in the server's sort order)
  /// and the count the server reported with them. The range may be shorter
  /// than asked near the end, or when the directory shrank.
  func rows(_ range: Range<Int>) async throws(DirectoryError) -> RowRange

  /// The same directory narrowed on the server to the entries whose
  /// username or display name contains `text` (escaped by the conformer),
  /// in the same order; "" is the whole directory.
  func searching(_ text: String) -> any RangedDirectory

  /// The same directory narrowed on the server to the people `filter`
  /// matches (nil: everybody; ANDed with any search, and a later
  /// `searching` keeps it) and ordered by `sort` (nil: by username), people
  /// equal in its keys ordered by username where the server can say so.
  /// The server compiles nothing it is not sent: values are escaped by the
  /// conformer.
  func querying(filter: PersonFilter?, sort: PersonSort?) -> any RangedDirectory

  /// The fields the server refuses to order by, each with the reason it
  /// gave (fields absent from the answer sort); asked of the server once
  /// per directory.
  func sortRefusals() async throws(DirectoryError) -> [PersonField: String]

  /// The position of the first entry at or after the person whose username
  /// is `sortKey`, with the count: how Refresh keeps the person at the top
  /// in place when people were added or removed above them. Ordered by
  /// username, that is the first username at or after `sortKey`; ordered by
  /// another field, it is the first person sharing that person's value of
  /// the first sort key (the top when they are gone or have no value).
  func position(ofFirstAtOrAfter sortKey: String) async throws(DirectoryError) -> RowRange

  /// The bytes of an entry's photo, at most `maxBytes`; nil when it has none.
  /// Asked for separately from the range, only for rows that show or are
  /// about to, so the text of a page arrives first.
  func photo(of identity: String, maxBytes: Int) async throws(DirectoryError) -> [UInt8]?

  /// Every attribute of one entry (photos left out), for the details panel.
  func attributes(of identity: String) async throws(DirectoryError) -> [DirectoryAttribute]

  /// Calls `handler` (on any thread) each time the directory, or a search
  /// of it, loses the server it reads and continues on another of its
  /// servers; replaces the handler set before. A directory with one server
  /// never calls it.
  func observeFailovers(_ handler: @escaping @Sendable (DirectoryFailover) -> Void)
}

extension RangedDirectory {
  /// The location, for a directory with nothing more stable to go by.
  public var settingsKey: String { location }

  /// The settings key, for a directory whose people depend on nothing more.
  public var peopleKey: String { settingsKey }

  /// One server, nothing to switch to: the handler is never called.
  public func observeFailovers(_ handler: @escaping @Sendable (DirectoryFailover) -> Void) {}
}

/// A range of a ``RangedDirectory``: entries from `offset` and the
/// server's count at the time.
///
/// Threading: a plain value; `Sendable`.
public struct RowRange: Sendable, Equatable {
  /// The position of the first entry.
  public var offset: Int
  /// The entries, in order from `offset`.
  public var entries: [DirectoryEntry]
  /// The number of entries in the whole (searched) directory.
  public var count: Int
  /// False while the count is still growing (a server without virtual list
  /// view pages forward, and the count grows as pages come).
  public var isCountFinal: Bool

  /// A range of `entries` starting at `offset` in a directory of `count`.
  public init(offset: Int, entries: [DirectoryEntry], count: Int, isCountFinal: Bool = true) {
    self.offset = offset
    self.entries = entries
    self.count = count
    self.isCountFinal = isCountFinal
  }
}

/// One person of a server directory, mapped from the server's attributes.
///
/// Threading: a plain value; `Sendable`.
public struct DirectoryEntry: Sendable, Hashable, Identifiable {
  /// The server's identity for the entry (an LDAP DN or entryUUID, a SCIM id).
  public var id: String
  /// The sort key, and the row's first line when the person has no display
  /// name.
  public var username: String
  /// Their name, contact and place in the organisation, as the server holds
  /// them.
  public var details: PersonDetails
  /// The person's name as the server spells it ("" when it has none).
  public var displayName: String { details.displayName ?? "" }
  public var role: Role
  /// Whether the account is active (``User/isActive``).
  public var isActive: Bool
  /// Changes whenever the photo may have changed (LDAP entryCSN or
  /// modifyTimestamp, a SCIM ETag); nil when the entry has no photo. Photos
  /// are cached under identity + version, so an updated one is never served
  /// stale.
  public var photoVersion: String?
  /// How other entries name this person where they refer to them (an LDAP
  /// entry's DN, which a report's `manager` holds) when that is not its
  /// ``id``; nil when it is.
  public var linkName: String?

  /// An entry with the given values.
  public init(
    id: String, username: String, details: PersonDetails = PersonDetails(),
    role: Role = .unknown, isActive: Bool = true, photoVersion: String? = nil,
    linkName: String? = nil
  ) {
    self.id = id
    self.username = username
    self.details = details
    self.role = role
    self.isActive = isActive
    self.photoVersion = photoVersion
    self.linkName = linkName
  }
}

/// One attribute of an entry with its values, for the details panel.
///
/// Threading: a plain value; `Sendable`.
public struct DirectoryAttribute: Sendable, Hashable {
  public var name: String
  public var values: [String]

  /// An attribute `name` with `values`.
  public init(name: String, values: [String]) {
    self.name = name
    self.values = values
  }
}
