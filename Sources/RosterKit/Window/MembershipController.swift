import Directory
import GtkKit
import SharedSupport

/// Putting the selected people in a group and taking them out, from the
/// people's context menu on a server that takes changes
/// (``MainWindow/editableDirectory``) and keeps groups: Add to Group…
/// opens a ``GroupPickerDialog`` over the server's groups (those the
/// sidebar read at once, then the server's search); Remove from
/// Group takes them out of the group the page shows (the sidebar's
/// choice). Each person is one ``Directory/EditableDirectory/setMember(_:username:group:)``,
/// off the main thread, one after another; then a toast says how many
/// were changed, what failed shows in the dialog (or, for a removal, in a
/// toast), and a page that shows a group reads it again at once.
///
/// Threading: main-actor only; the server is read and written off the main
/// thread.
@MainActor
final class MembershipController {
  /// The most people one change takes (the selection beyond is refused).
  static let maxPeople = 1_000
  /// The groups the dialog lists for a search.
  static let listedGroups = 200

  private unowned let window: MainWindow
  /// The Add to Group dialog while it shows.
  private(set) var dialog: GroupPickerDialog?
  /// Bumped by every search of the dialog: an older one's groups are dropped.
  private var searches = 0
  /// True while people are being put in or taken out.
  private(set) var isChanging = false

  init(window: MainWindow) {
    self.window = window
  }

  /// The server the people are changed on, with its groups; nil when the
  /// page is not a server's that takes changes and keeps groups.
  private var directory: (any EditableDirectory & OrganisedDirectory)? {
    guard case .server = window.page.people.held else { return nil }
    return window.editableDirectory as? any EditableDirectory & OrganisedDirectory
  }

  /// The group the page shows, if any.
  private var shownGroup: GroupChoice? { window.sidebar.lines.choice }

  /// The menu entries offered now: Add to Group… on a server that takes
  /// changes, and Remove from Group when the page shows one group.
  var entries: [(String, WindowAction)] {
    guard directory != nil else { return [] }
    var entries = [(tr("Add to Group…"), WindowAction.addToGroup)]
    if shownGroup != nil { entries.append((tr("Remove from Group"), .removeFromGroup)) }
    return entries
  }

  /// Offers the entries on the menus of `page`.
  func offer(on page: any DirectoryPage) {
    for menu in page.views.contextMenus {
      menu.groupEntries = { [weak self] in self?.entries ?? [] }
    }
  }

  /// Add to Group…: the dialog over the server's groups, for the people
  /// selected.
  func addSelected() {
    guard directory != nil, !isChanging, let count = selectedCount() else { return }
    dialog?.close()
    let dialog = GroupPickerDialog(parent: window.window, people: NumberText.people(count))
    self.dialog = dialog
    dialog.onSearch = { [weak self] text in self?.listGroups(matching: text) }
    dialog.onAdd = { [weak self] group in self?.change(true, group: group) }
    Signals.connect(gobject(dialog.window), .destroy) { [weak self, weak dialog] in
      if let self, self.dialog === dialog { self.dialog = nil }
    }
    // The groups the sidebar read, at once; the server's answer follows.
    dialog.show(Array(window.sidebar.lines.serverGroups.prefix(Self.listedGroups)))
    listGroups(matching: "")
    dialog.present()
  }

  /// Remove from Group: the people selected out of the group shown.
  func removeSelected() {
    guard directory != nil, !isChanging, let group = shownGroup, selectedCount() != nil else {
      return
    }
    change(false, group: DirectoryGroupEntry(id: group.id, name: group.name))
  }

  /// How many people are selected; nil (said in a toast when too many)
  /// when none can be changed.
  private func selectedCount() -> Int? {
    let count = window.page.views.selection.count
    guard count > 0 else { return nil }
    guard count <= Self.maxPeople else {
      window.showToast(
        String(
          filling: tr("Select at most %@ to change their groups"),
          NumberText.people(Self.maxPeople)))
      return nil
    }
    return count
  }

  /// Lists the server's groups whose name contains `text` in the dialog.
  private func listGroups(matching text: String) {
    guard let directory else { return }
    searches += 1
    let search = searches
    Task { @MainActor [weak self] in
      let groups = await Self.groups(of: directory, matching: text)
      guard let self, self.searches == search else { return }
      self.dialog?.show(groups)
    }
  }

  /// Off the main thread; a failure lists none.
  nonisolated private static func groups(
    of directory: any OrganisedDirectory, matching text: String
  ) async -> [DirectoryGroupEntry] {
    (try? await directory.groups(0..<listedGroups, matching: text).groups) ?? []
  }

  /// Puts the people selected in `group` (`member`) or takes them out.
  private func change(_ member: Bool, group: DirectoryGroupEntry) {
    guard let directory, !isChanging,
      let source = window.page.people.exportSource?.only(
        window.page.views.selection.ranges.ranges)
    else { return }
    isChanging = true
    dialog?.setBusy(true)
    dialog?.say("")
    Task { @MainActor [weak self] in
      let ended = await Self.setMember(member, of: source, group: group, on: directory)
      guard let self else { return }
      self.isChanging = false
      self.ended(ended, member: member, group: group)
    }
  }

  /// How a change of the people's membership ended.
  private struct Ended: Sendable {
    var changed = 0
    /// What failed, a sentence each ("ada: …").
    var failures: [String] = []
  }

  /// Off the main thread: the people of `source` read, then each put in
  /// or taken out of `group` in turn; a server that fails stops it.
  nonisolated private static func setMember(
    _ member: Bool, of source: ExportSource, group: DirectoryGroupEntry,
    on directory: any EditableDirectory
  ) async -> Ended {
    var ended = Ended()
    let people: [String]
    do {
      people = try await source.people(limit: maxPeople).map(\.entry.username)
    } catch {
      ended.failures.append(error.sentence)
      return ended
    }
    for username in people {
      do {
        switch try await directory.setMember(member, username: username, group: group.id) {
        case .changed: ended.changed += 1
        case .alreadySo: break
        case .changedMeanwhile:
          ended.failures.append(
            String(filling: tr("%@: someone changed it meanwhile"), username))
        case .refused(let reason):
          ended.failures.append("\(username): \(reason)")
        case .noSuchPerson:
          ended.failures.append(
            String(filling: tr("No one in the directory has the username “%@”"), username))
        case .noSuchGroup:
          ended.failures.append(
            String(filling: tr("The directory has no group named “%@”"), group.name))
          return ended
        }
      } catch {
        ended.failures.append(error.sentence)
        return ended
      }
    }
    return ended
  }

  /// Says how the change ended, and reads the group shown again.
  private func ended(_ ended: Ended, member: Bool, group: DirectoryGroupEntry) {
    let people = NumberText.people(ended.changed)
    if ended.changed > 0 {
      window.showToast(
        String(
          filling: member ? tr("Added %1$@ to %2$@") : tr("Removed %1$@ from %2$@"), people,
          group.name))
    } else if ended.failures.isEmpty {
      window.showToast(
        String(
          filling: member
            ? tr("Everyone selected already is in %@") : tr("No one selected is in %@"),
          group.name))
    }
    if let dialog {
      dialog.setBusy(false)
      if ended.failures.isEmpty { dialog.close() } else { dialog.say(Self.text(ended.failures)) }
    } else if !ended.failures.isEmpty {
      window.showToast(Self.text(ended.failures))
    }
    if ended.changed > 0, let shown = shownGroup {
      window.page.narrow(
        shown.number.map { .group($0) } ?? .namedGroup(id: shown.id, name: shown.name))
    }
  }

  /// The failures as the dialog shows them: the first few, a line each.
  private static func text(_ failures: [String]) -> String {
    let shown = failures.prefix(5).joined(separator: "\n")
    guard failures.count > 5 else { return shown }
    return shown + "\n" + String(filling: tr("and %@ more"), String(failures.count - 5))
  }
}
