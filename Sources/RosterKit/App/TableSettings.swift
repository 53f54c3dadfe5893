import Directory

/// How a directory's table was left, as settings.json remembers it under
/// the directory's location (``WindowSettings/tables``): the columns shown
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

extension LocalDirectoryPage {
  /// The table's columns, widths and order, to remember.
  package var tableSettings: TableSettings {
    TableSettings(
      columns: table.columns.fields.map(\.rawValue), widths: table.columns.widths.map { Int($0) },
      sort: sortOrder?.description ?? "")
  }

  /// Shows the table as `settings` left it; what it cannot read is left as it is.
  package func restore(_ settings: TableSettings) {
    let pairs = zip(settings.columns, settings.widths).compactMap { name, width in
      PersonField(rawValue: name).map { ($0, width) }
    }
    if !pairs.isEmpty, Set(pairs.map(\.0)).count == pairs.count {
      table.columns.setFields(pairs.map(\.0))
      for (index, pair) in pairs.enumerated() {
        table.columns.setWidth(Int32(clamping: pair.1), of: index)
      }
    }
    if !settings.sort.isEmpty, let order = try? PersonSort(parsing: settings.sort) {
      sort(by: order)
    }
  }
}
