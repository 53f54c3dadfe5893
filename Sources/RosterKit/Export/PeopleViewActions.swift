import GtkKit

/// One view of people (a list, a grid, a table) as its drag source and
/// its context menu reach it: the view, the row a picked widget belongs
/// to, and the widget of a bound row.
///
/// Threading: main-actor only.
@MainActor
struct PeopleViewActions {
  let view: Widget
  let position: @MainActor (Widget) -> Int?
  let rowWidget: @MainActor (Int) -> Widget?

  /// `view`, whose rows `factory` makes.
  init<Row: ListRow>(_ view: Widget, rows factory: ListFactory<Row>) {
    self.view = view
    position = factory.position(ofWidgetIn:)
    rowWidget = factory.widget(ofRowAt:)
  }

  /// A drag source and a context menu on each of `views` over
  /// `selection`, the people shown coming from `people`.
  static func attach(
    to views: [PeopleViewActions], selection: RangeSelection,
    people: @escaping @MainActor () -> ExportSource?
  ) -> (drags: [PeopleDragSource], menus: [PeopleContextMenu]) {
    let drags = views.map {
      PeopleDragSource(
        view: $0.view, selection: selection, position: $0.position, people: people)
    }
    let menus = views.map {
      PeopleContextMenu(
        view: $0.view, selection: selection, position: $0.position, rowWidget: $0.rowWidget)
    }
    return (drags, menus)
  }
}
