import CGtk
import Directory
import GtkKit

/// GNOME Shell's search provider (org.gnome.Shell.SearchProvider2) at
/// ``objectPath``: the shell sends what is typed in the overview, Roster
/// answers with the people of the remembered directory shown last
/// (``PeopleFinder``), their metas (name, description, avatar) and opens a
/// person it activates.
///
/// Off until the person turns it on (the main menu's Search From the
/// Overview, ``Preferences/searchFromOverview``): off, every call is
/// answered with nothing. Any program on the session bus may call, so the
/// calls are bounded (``SearchLimits``): terms over 1 KiB or under three
/// characters search nothing, GetResultMetas reads at most 256 ids and
/// answers only those this process returned.
///
/// Each call is answered asynchronously: the search runs off the main
/// thread and the answer is sent from there, within ``timeLimit`` (empty
/// results after it: the shell waits on its providers, and a server that is
/// down must not hold it). The application is held while a call runs, so a
/// D-Bus-activated Roster does not quit in the middle of one.
///
/// Threading: main-actor only; the finder is an actor off the main thread.
@MainActor
final class SearchProvider {
  nonisolated static let objectPath = "/org/roster/Roster/SearchProvider"
  nonisolated static let interfaceName = "org.gnome.Shell.SearchProvider2"
  /// The longest a search or the metas are waited for.
  static let timeLimit: Duration = .seconds(1)

  static let introspection = """
    <node>
      <interface name='org.gnome.Shell.SearchProvider2'>
        <method name='GetInitialResultSet'>
          <arg type='as' name='terms' direction='in'/>
          <arg type='as' name='results' direction='out'/>
        </method>
        <method name='GetSubsearchResultSet'>
          <arg type='as' name='previous_results' direction='in'/>
          <arg type='as' name='terms' direction='in'/>
          <arg type='as' name='results' direction='out'/>
        </method>
        <method name='GetResultMetas'>
          <arg type='as' name='identifiers' direction='in'/>
          <arg type='aa{sv}' name='metas' direction='out'/>
        </method>
        <method name='ActivateResult'>
          <arg type='s' name='identifier' direction='in'/>
          <arg type='as' name='terms' direction='in'/>
          <arg type='u' name='timestamp' direction='in'/>
        </method>
        <method name='LaunchSearch'>
          <arg type='as' name='terms' direction='in'/>
          <arg type='u' name='timestamp' direction='in'/>
        </method>
      </interface>
    </node>
    """

  /// What the provider asks of the application.
  struct Host {
    /// Whether the person turned the search from the overview on.
    let isOn: @MainActor () -> Bool
    /// The directory searched now, nil when none is remembered.
    let target: @MainActor () -> SearchTarget?
    /// Opens the person of a result in the window.
    let activate: @MainActor (SearchResultID) -> Void
    /// Opens the window with the search typed in the shell.
    let launchSearch: @MainActor (String) -> Void
    /// Keeps the application running while a call is answered (true) and
    /// lets it go again (false).
    let hold: @MainActor (Bool) -> Void
  }

  private let host: Host
  private let finder = PeopleFinder()
  private var export: DBusExport?

  /// Exports the provider on `connection`; nil when GDBus refuses.
  init?(connection: OpaquePointer, host: Host) {
    self.host = host
    var handle: ((DBusMethodCall) -> Void)?
    export = DBusExport(
      connection: connection, path: Self.objectPath, xml: Self.introspection,
      interface: Self.interfaceName
    ) { call in handle?(call) }
    guard export != nil else { return nil }
    handle = { [weak self] call in self?.handle(call) }
  }

  private func handle(_ call: DBusMethodCall) {
    let isOn = host.isOn()
    switch call.method {
    case "GetInitialResultSet", "GetSubsearchResultSet":
      // The shell narrows as the user types; a fresh search is as fast.
      let index = call.method == "GetInitialResultSet" ? 0 : 1
      guard isOn, let terms = DBusValues.withChild(call.parameters, index, SearchLimits.terms)
      else {
        call.reply(DBusValues.tuple([DBusValues.stringArray([])]))
        return
      }
      answer(call) { finder, target in await Self.results(terms, finder, target) }
    case "GetResultMetas":
      guard isOn else {
        call.reply(DBusValues.tuple([DBusValues.array(of: "a{sv}", [])]))
        return
      }
      let ids = DBusValues.withChild(call.parameters, 0, SearchLimits.ids)
        .compactMap(SearchResultID.init)
      answer(call) { finder, target in
        let metas = await finder.metas(ids, in: target)
        return DBusValues.tuple([DBusValues.array(of: "a{sv}", metas.map(\.variant))])
      }
    case "ActivateResult":
      let id = DBusValues.withChild(call.parameters, 0, DBusValues.string)
      call.reply(nil)
      if isOn, let id = SearchResultID(id) { host.activate(id) }
    case "LaunchSearch":
      let terms = DBusValues.withChild(call.parameters, 0, SearchLimits.terms)
      call.reply(nil)
      if isOn, let terms { host.launchSearch(terms.joined(separator: " ")) }
    default:
      call.fail("No method \(call.method)")
    }
  }

  nonisolated private static func results(
    _ terms: [String], _ finder: PeopleFinder, _ target: SearchTarget
  )
    async -> OpaquePointer
  {
    let found = await finder.search(terms, in: target)
    return DBusValues.tuple([DBusValues.stringArray(found.map(\.id.text))])
  }

  /// Answers `call` with what `work` makes off the main thread, or with the
  /// empty answer when it takes longer than ``timeLimit`` or nothing is
  /// remembered to search.
  private func answer(
    _ call: DBusMethodCall,
    _ work: @escaping @Sendable (PeopleFinder, SearchTarget) async -> OpaquePointer
  ) {
    let empty: @Sendable () -> OpaquePointer = {
      DBusValues.tuple([
        call.method == "GetResultMetas"
          ? DBusValues.array(of: "a{sv}", []) : DBusValues.stringArray([])
      ])
    }
    guard let target = host.target() else {
      call.reply(empty())
      return
    }
    host.hold(true)
    let finder = finder
    Task.detached { [host] in
      // The variant is made inside the bound, so it crosses no task.
      let sent = await SearchDeadline.run(within: Self.timeLimit) { () -> Bool? in
        call.reply(await work(finder, target))
      }
      if sent == nil { call.reply(empty()) }
      await MainActor.run { host.hold(false) }
    }
  }
}
