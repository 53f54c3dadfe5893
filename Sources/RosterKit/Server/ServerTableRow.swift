import GtkKit
import SharedSupport

/// A table row of a directory read from a server: the same ``TableRow`` as
/// a local directory's, which shows a skeleton (a grey circle and a grey
/// bar in each column) while the page holding its position is on its way,
/// and fills in place when it arrives.
///
/// Threading: main-actor only.
@MainActor
final class ServerTableRow: TablePageRow {
  let cells: TableRow

  /// A row drawing `columns`, loading 32 pt avatars through `avatars`.
  init(columns: TableColumns, avatars: AvatarService?) {
    cells = TableRow(columns: columns, avatars: avatars)
    cells.showSkeleton(label: tr("Loading"))
  }

  var widget: Widget { cells.widget }

  /// The identity the row shows, nil for a skeleton or an unbound row.
  var identity: String? { cells.showsSkeleton ? nil : cells.identity }

  func bind(_ content: RowContent, position: Int) {
    switch content {
    case .pending: cells.showSkeleton(label: tr("Loading"))
    case .person(let model): cells.bind(model, position: position)
    }
  }

  func unbind() { cells.unbind() }
}
