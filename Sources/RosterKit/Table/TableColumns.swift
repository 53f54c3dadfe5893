import Directory
import SharedSupport

/// The columns of the table view and their widths, ONE object that the
/// header and every row read, so a cell always sits under its title. The
/// row draws a 32 pt avatar in a leading gutter, then each column's text
/// ellipsized within its width less ``gap``; the header puts an empty
/// gutter first and one title button per column, each exactly as wide.
///
/// Observers (``observe(_:)``) hear of any change of the fields or widths:
/// the header rebuilds its buttons, the rows re-measure and redraw.
///
/// Threading: main-actor only.
@MainActor
final class TableColumns {
  /// The avatar's side in points.
  static let avatarSize: Int32 = 32
  /// Points between the avatar and the first column.
  static let avatarGap: Int32 = 12
  /// Points kept free at the end of each column, between its text and the next.
  static let gap: Int32 = 12
  /// The columns a new table shows.
  static let defaultFields: [PersonField] = [
    .displayName, .title, .department, .location, .email, .phone,
  ]

  /// The fields shown, in order.
  private(set) var fields: [PersonField]
  /// Each column's width in points, including its ``gap``.
  private(set) var widths: [Int32]
  private var observers: [@MainActor () -> Void] = []
  /// Counts the changes of the fields or widths (text shaped ahead for
  /// one layout is not used in another).
  private(set) var version = 0
  /// The width the rows were last drawn at: the one rows bound beyond the
  /// screen (which GTK leaves without a size) are shaped at ahead of time.
  var drawnWidth: Int32 = 0

  /// Columns for `fields` at their default widths.
  init(fields: [PersonField] = TableColumns.defaultFields) {
    self.fields = fields
    widths = fields.map(Self.defaultWidth)
  }

  /// The width a column of `field` starts at.
  static func defaultWidth(_ field: PersonField) -> Int32 {
    switch field {
    case .displayName, .email: 220
    case .phone, .role, .employeeNumber, .active: 130
    default: 170
    }
  }

  /// Where the first column starts, after the avatar's gutter.
  var leading: Int32 { Self.avatarSize + Self.avatarGap }

  /// The width of the avatar's gutter and every column.
  var totalWidth: Int32 { leading + widths.reduce(0, +) }

  /// Calls `observer` after every change of the fields or widths.
  func observe(_ observer: @escaping @MainActor () -> Void) { observers.append(observer) }

  /// Shows `fields`, in order; a field shown before keeps its width.
  func setFields(_ fields: [PersonField]) {
    guard fields != self.fields else { return }
    let old = Dictionary(uniqueKeysWithValues: zip(self.fields, widths))
    self.fields = fields
    widths = fields.map { old[$0] ?? Self.defaultWidth($0) }
    changed()
  }

  /// Sets the width of column `index`, at least a few characters' worth.
  func setWidth(_ width: Int32, of index: Int) {
    let width = max(48, width)
    guard widths.indices.contains(index), widths[index] != width else { return }
    widths[index] = width
    changed()
  }

  private func changed() {
    version += 1
    for observer in observers { observer() }
  }
}

extension PersonField {
  /// The column's title, translated.
  var label: String {
    switch self {
    case .username: tr("Username")
    case .role: tr("Role")
    case .active: tr("Account")
    default: detail?.label ?? rawValue
    }
  }

  /// What a table cell of this field shows for `person`: the display name
  /// (else the username) for the name, the role as rows show it, the
  /// manager's name, or the directory's value with controls made visible.
  func text(of person: UserViewModel) -> String {
    switch self {
    case .displayName: person.displayName
    case .username: DisplayText.of(person.username)
    case .role: person.roleText
    case .active: person.isActive ? tr("Active") : UserViewModel.disabledText
    case .manager: person.managerName.map(DisplayText.of) ?? ""
    default: detail.flatMap { person.details[keyPath: $0.keyPath] }.map(DisplayText.of) ?? ""
    }
  }
}
