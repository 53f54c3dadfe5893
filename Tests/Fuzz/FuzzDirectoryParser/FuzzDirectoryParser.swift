import FuzzSupport

@testable import Directory

/// Fuzzes users.json reading: the whole-file parse, the preview of a file's
/// first bytes, and the view models and search index every load builds.
/// Besides crashes it checks what the parser promises: the preview of a
/// file that parses is the start of the same users, and every view model
/// has initials and a placeholder colour in range.
///
/// Threading: libFuzzer's worker thread only.
@main
enum FuzzDirectoryParser {
  static func main() {
    Fuzzing.run { bytes in
      let preview = DirectoryParser.parsePrefix(bytes, limit: 50)
      guard let parsed = try? DirectoryParser.parse(bytes) else { return }
      precondition(
        preview.users == Array(parsed.users.prefix(preview.userCount)),
        "the preview disagrees with the full parse")
      precondition(
        parsed.warnings.count
          <= min(parsed.skipped + parsed.cut + parsed.groupProblems, DirectoryParser.maxWarnings),
        "one warning at most per skipped or cut entry or group")
      // Loops, not closures: a closure here would be checked against the
      // main actor on libFuzzer's thread.
      for group in parsed.groups {
        for member in group.members {
          precondition(Int(member) < parsed.users.count, "a member is someone")
        }
        for inner in group.subgroups {
          precondition(inner >= 0 && inner < parsed.groups.count, "a group is one")
        }
        precondition(Set(group.members).count == group.members.count, "each member once")
      }
      let viewModels = parsed.users.map(UserViewModel.init(user:))
      for model in viewModels {
        precondition(!model.initials.isEmpty, "initials are never empty")
        precondition(
          (0..<UserViewModel.placeholderPaletteCount).contains(model.placeholderColorIndex))
        _ = model.accessibleText
      }
      let index = SearchIndex(viewModels)
      if let first = viewModels.first {
        let found = index.matches(first.username, isCancelled: { false }) ?? []
        precondition(found.contains(0), "a user is found by their own username")
      }
    }
  }
}
