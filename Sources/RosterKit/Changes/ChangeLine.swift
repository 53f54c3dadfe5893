import Directory

/// One line of the Changes window: a change of the history
/// (``PersonChange``) with its words made off the main thread — what
/// happened, whom to, what changed and when — and the identity that opens
/// the person.
///
/// Threading: a plain value; `Sendable`.
struct ChangeLine: ListedLine, Identifiable, Equatable {
  /// Its place in the history, newest first.
  let id: Int
  /// Whom it is about: activating the line opens them.
  let identity: String
  let kind: String
  let person: String
  let detail: String
  /// What happened, as the line's heading.
  var heading: String { kind }
  /// The words a search looks in, folded to lower case.
  let searched: String

  /// The lines of `changes`, newest first.
  static func lines(_ changes: [PersonChange]) -> [ChangeLine] {
    changes.enumerated().map { index, change in
      let (person, detail) = (ChangeText.person(change), ChangeText.line(change))
      return ChangeLine(
        id: index, identity: change.identity, kind: ChangeText.kind(change), person: person,
        detail: detail, searched: (person + " " + detail).lowercased())
    }
  }

  /// The lines among `lines` whose words hold every word of `text`
  /// (without regard to case), of the people whose identities are `people`
  /// (nil: anyone's).
  static func matching(
    _ text: String, in lines: [ChangeLine], among people: Set<String>? = nil
  ) -> [ChangeLine] {
    let words = text.lowercased().split(whereSeparator: \.isWhitespace)
    guard !words.isEmpty || people != nil else { return lines }
    return lines.filter { line in
      (people?.contains(line.identity) ?? true)
        && words.allSatisfy { line.searched.contains($0) }
    }
  }
}
