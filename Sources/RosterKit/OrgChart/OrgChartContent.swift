import Directory

/// What an org chart's boxes say, made off the main thread from the table:
/// each box's name, title and initials, with the directory's text made safe
/// to show (``DisplayText``) and cut to a length a box holds.
///
/// Threading: a plain value; `Sendable`.
package struct OrgChartContent: Sendable {
  /// One box's words.
  package struct Card: Sendable, Equatable {
    package let name: String
    package let title: String
    package let initials: String
    /// The placeholder colour, in `0..<UserViewModel.placeholderPaletteCount`.
    package let color: Int
  }

  package let layout: OrgChartLayout
  /// The cards, one a box, in the layout's order.
  package let cards: [Card]

  /// The chart of `root` and `levels` below them in `table`.
  package init(
    root: Int, levels: Int, in table: UserTable,
    metrics: OrgChartLayout.Metrics = OrgChartLayout.Metrics()
  ) {
    layout = OrgChartLayout(root: root, levels: levels, in: table, metrics: metrics)
    cards = layout.boxes.map { box in
      let model = table[box.person]
      return Card(
        name: Self.cut(DisplayText.of(model.displayName)),
        title: Self.cut(DisplayText.of(model.details.title ?? "")), initials: model.initials,
        color: model.placeholderColorIndex)
    }
  }

  /// `text` at most 120 characters: a box shows less, and a hostile value
  /// of ten kilobytes must not make a page of it.
  private static func cut(_ text: String) -> String {
    text.count > 120 ? String(text.prefix(119)) + "…" : text
  }
}
