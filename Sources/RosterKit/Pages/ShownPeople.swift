import Directory

/// The people a page shows, as the window's features read them: the person
/// page and its links, an export, the contact actions and the shell's
/// search. A loaded directory's reader reads them from its table; a server's from
/// its rows and, off the main thread, from the server.
///
/// Threading: main-actor only; the `async` reads run off the main thread.
@MainActor
package protocol ShownPeople: AnyObject {
  /// How many people are shown (a server's count for a server's list).
  var count: Int { get }
  /// What the page holds of its directory.
  var held: HeldDirectory { get }
  /// The person at `position`, if the page has them.
  func person(at position: Int) -> UserViewModel?
  /// What the person page shows of the person at `position` (their
  /// managers, reports and groups where the page knows them), gathered off
  /// the main thread; nil when nobody is there.
  func facts(at position: Int) async -> PersonFacts?
  /// What the person page shows of the person `identity` (a link on a
  /// person's page); nil when the page cannot find them.
  func facts(ofIdentity identity: String) async -> PersonFacts?
  /// Every attribute of the entry `identity`, read off the main thread, or
  /// nil when the directory has no more to say than the row.
  func attributes(of identity: String) async -> [DirectoryAttribute]?
  /// The people shown now, in their order, for an export (nil before
  /// the directory opened).
  var exportSource: ExportSource? { get }
}

/// What a page holds of its directory: nothing yet (a users.json not
/// loaded), a loaded directory's people, or a directory server that is
/// read a range of rows at a time.
///
/// Threading: a plain value, made and read on the main thread.
package enum HeldDirectory {
  /// Nothing is loaded yet.
  case nothing
  /// A directory loaded whole: a users.json, a CSV or vCard file, an
  /// offline copy.
  case loaded(DirectoryContents)
  /// A directory server.
  case server(any RangedDirectory)
}
