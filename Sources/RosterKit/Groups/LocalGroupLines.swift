import Directory
import GtkKit

/// A directory's own groups as the sidebar lists them: a line per group,
/// keyed by its number among the directory's groups, a group holding
/// groups opening to them (``Directory/DirectoryGroup/subgroups``), the
/// names searched off the main thread.
///
/// Threading: main-actor only; the search runs off the main thread.
@MainActor
final class LocalGroupLines: GroupLines {
  /// The groups listed.
  let groups: DirectoryGroups
  /// The number of the group chosen, nil for everyone.
  private(set) var chosen: Int?
  /// The search over the names running off the main thread, if any.
  private var searching: Task<Void, Never>?

  /// Lists `groups`; `choice`, the group chosen before, stays chosen when
  /// it was one of a directory's own groups (it has a number) and is among
  /// these, found by identity.
  init(_ groups: DirectoryGroups, keeping choice: GroupChoice? = nil) {
    self.groups = groups
    chosen = choice.flatMap { choice in
      choice.number == nil ? nil : groups.indices.first { groups[$0].id == choice.id }
    }
  }

  isolated deinit { searching?.cancel() }

  /// Every group's key, in the directory's order.
  var keys: [String] { groups.indices.map(String.init) }

  func children(of key: String) -> [String]? {
    guard let number = Int(key), groups.indices.contains(number),
      !groups[number].subgroups.isEmpty
    else { return nil }
    return groups[number].subgroups.map(String.init)
  }

  func line(forKey key: String) -> (name: String, people: Int?)? {
    guard let number = Int(key), groups.indices.contains(number) else { return nil }
    let group = groups[number]
    return (group.name, groups.membersKnown ? group.members.count : nil)
  }

  func name(forKey key: String) -> String? {
    guard let number = Int(key), groups.indices.contains(number) else { return nil }
    return groups[number].name
  }

  func number(forKey key: String) -> Int? { Int(key) }

  func key(ofNumber number: Int) -> String? { String(number) }

  func number(ofGroup id: String) -> Int? { groups.indices.first { groups[$0].id == id } }

  var choice: GroupChoice? {
    chosen.map { GroupChoice(number: $0, id: groups[$0].id, name: groups[$0].name) }
  }

  var chosenKey: String? { chosen.map(String.init) }

  func choose(key: String?) -> Bool {
    let number = key.flatMap { Int($0) }
    guard number != chosen else { return false }
    chosen = number
    return true
  }

  func search(_ text: String, show: @escaping @MainActor ([String]) -> Void) {
    searching?.cancel()
    let groups = groups
    let run = Task.detached(priority: .userInitiated) {
      groups.numbers(matching: text) { Task.isCancelled }
    }
    searching = Task { @MainActor [weak self] in
      let numbers = await withTaskCancellationHandler {
        await run.value
      } onCancel: {
        run.cancel()
      }
      guard let self, !Task.isCancelled, let numbers else { return }
      self.searching = nil
      show(numbers.map(String.init))
    }
  }

  /// Every line is there from the start: nothing to read.
  func look(at key: String, in tree: KeyedTreeModel, done: @escaping @MainActor () -> Void) {}

  var isBusy: Bool { searching != nil }

  /// A directory's own groups are never a server's.
  var serverGroups: [DirectoryGroupEntry] { [] }
}
