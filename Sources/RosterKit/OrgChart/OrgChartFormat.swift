import FoundationEssentials

/// The files an org chart is written as.
///
/// Threading: a plain value; `Sendable`.
package enum OrgChartFormat: String, CaseIterable, Sendable {
  /// Vector pages, the text real text (it can be searched and copied).
  case pdf
  /// Vector drawing for the web and editors: boxes as `rect`, names as `text`.
  case svg
  /// A picture, at twice the chart's size in points.
  case png

  /// The format a file name's extension names, if any.
  package init?(fileExtension url: URL) {
    self.init(rawValue: url.pathExtension.lowercased())
  }
}
