import Directory

/// How a page narrows the people it shows: by the filter bar's filter, by a
/// group of the sidebar or of a link, or to a manager's direct reports.
/// A filter narrows further whatever the others show.
///
/// Threading: a plain value; `Sendable`.
package enum Narrowing: Sendable {
  /// Only the people `filter` matches among those shown otherwise (nil:
  /// no filter); the subtitle counts them ("312 of 1,000,000 people").
  case filter(PersonFilter?)
  /// Only the people of the group numbered so among the groups the page
  /// told of (``PageNotice/groups(_:everyone:)``); nil for everyone.
  case group(Int?)
  /// Only the people of the group whose identity is `id` (a link on a
  /// person's page), named `name` in the subtitle.
  case namedGroup(id: String, name: String)
  /// Only the direct reports of the person `identity`, named `name` in
  /// the subtitle.
  case reports(of: String, name: String)
}

/// A reader that narrows by each kind of ``Narrowing`` in its own method;
/// ``narrow(_:)`` picks the one.
///
/// Threading: main-actor only.
@MainActor
package protocol NarrowingEach {
  /// ``Narrowing/filter(_:)``.
  func showOnly(_ filter: PersonFilter?)
  /// ``Narrowing/group(_:)``.
  func showGroup(_ number: Int?)
  /// ``Narrowing/namedGroup(id:name:)``.
  func showGroup(id: String, name: String)
  /// ``Narrowing/reports(of:name:)``.
  func showReports(of identity: String, name: String)
}

extension NarrowingEach {
  /// Narrows the people shown by `narrowing`.
  package func narrow(_ narrowing: Narrowing) {
    switch narrowing {
    case .filter(let filter): showOnly(filter)
    case .group(let number): showGroup(number)
    case .namedGroup(let id, let name): showGroup(id: id, name: name)
    case .reports(let identity, let name): showReports(of: identity, name: name)
    }
  }
}
