import CGtk
import Directory
import GtkKit
import SharedSupport

/// What a row of a server directory shows: a person, or a skeleton while
/// the page holding its position is on its way.
///
/// Threading: a plain value; `Sendable`.
package enum ServerRowContent: Sendable, Equatable {
  case pending
  case person(UserViewModel)
}

/// A row of a directory read from a server: the same ``UserRow`` as a local
/// directory's, which shows a skeleton (a grey circle and two grey bars, no
/// invented initials; ``PersonView/showSkeleton(label:)``) while the row's
/// data has not arrived. Filling a row in place when its page arrives costs
/// what any bind costs.
///
/// Threading: main-actor only.
@MainActor
package final class ServerRow: ListRow {
  /// The person's row, a skeleton until the data is there.
  let person: UserRow
  /// Whether the skeleton shows now.
  private(set) var showsSkeleton = true

  init(avatars: AvatarService?) {
    person = UserRow(avatars: avatars)
    person.showSkeleton(label: tr("Loading"))
  }

  package var widget: Widget { person.widget }

  /// The identity the row shows, nil for a skeleton or an unbound row.
  var identity: String? { showsSkeleton ? nil : person.identity }

  package func bind(_ content: ServerRowContent, position: Int) {
    switch content {
    case .pending:
      showsSkeleton = true
      person.showSkeleton(label: tr("Loading"))
    case .person(let model):
      showsSkeleton = false
      person.bind(model, position: position)
    }
  }

  package func unbind() {
    person.unbind()
  }

  /// Raises the row's pending avatar while it is on screen.
  func setVisible(_ visible: Bool) {
    if !showsSkeleton { person.setVisible(visible) }
  }

  /// Whether the row shows a person whose avatar is still on its way.
  var isLoadingAvatar: Bool { !showsSkeleton && person.isLoadingAvatar }
}
