import Directory

/// How a directory's table was left, as the preferences remember it under
/// the directory's location (``Preferences/tables``): the columns shown
/// (field names), their widths in points, and the order (``PersonSort``'s
/// text, "" for the directory's own). A name Roster does not know, or a
/// width missing, is dropped when read back.
///
/// Threading: a plain `Sendable` value.
public struct TableSettings: Codable, Equatable, Sendable {
  /// The fields shown, by their names (``PersonField``'s raw values).
  public var columns: [String]
  /// Each column's width in points, in the same order.
  public var widths: [Int]
  /// The order as ``PersonSort`` writes it ("department,displayName:desc"); "" for none.
  public var sort: String

  /// A table's state as it should be remembered.
  public init(columns: [String], widths: [Int], sort: String) {
    self.columns = columns
    self.widths = widths
    self.sort = sort
  }
}

extension TableSettings {
  /// The order to restore, if one was remembered and can be read.
  var order: PersonSort? {
    sort.isEmpty ? nil : try? PersonSort(parsing: sort)
  }
}

extension TablePage {
  /// The columns, widths and order, as the preferences keep them.
  var settings: TableSettings {
    TableSettings(
      columns: columns.fields.map(\.rawValue), widths: columns.widths.map { Int($0) },
      sort: order.sort?.description ?? "")
  }

  /// Shows the columns and widths of `settings` (names it cannot read are
  /// dropped, and a list it cannot read at all leaves the columns as they
  /// are), and the order, when one was remembered.
  func restore(_ settings: TableSettings) {
    columns.restore(settings)
    if let order = settings.order { self.order.sort(by: order) }
  }
}

extension TableColumns {
  /// Shows the columns and widths of `settings`; names it cannot read are
  /// dropped, and a list it cannot read at all leaves the columns as they are.
  fileprivate func restore(_ settings: TableSettings) {
    let pairs = zip(settings.columns, settings.widths).compactMap { name, width in
      PersonField(rawValue: name).map { ($0, width) }
    }
    guard !pairs.isEmpty, Set(pairs.map(\.0)).count == pairs.count else { return }
    setFields(pairs.map(\.0))
    for (index, pair) in pairs.enumerated() {
      setWidth(Int32(clamping: pair.1), of: index)
    }
  }
}
