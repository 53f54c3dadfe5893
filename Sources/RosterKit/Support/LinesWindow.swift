import CAdw
import CGtk
import GtkKit
import SharedSupport

/// A window beside the people that lists lines about them (the data
/// checks' findings, the offline copy's changes), made off the main thread
/// by its owner; activating a line opens that person in the main window.
/// With a search, only the lines holding its words show, found off the
/// main thread too. It keeps itself until it is closed.
///
///     AdwWindow
///     ├── header bar (the title, how many lines show)
///     ├── search entry (when it searches)
///     └── stack: working (spinner) │ nothing │ the lines
///
/// Threading: main-actor only.
@MainActor
final class LinesWindow<Line: ListedLine> {
  /// What a window says around its lines.
  struct Words {
    var title: String
    /// The list's name for screen readers.
    var listName: String
    /// The spinner's title while the lines are made.
    var working: String
    /// The page shown when there are no lines.
    var nothingIcon: String
    var nothingTitle: String
    var nothingText: String
    /// The subtitle for a number of lines.
    var count: @MainActor (Int) -> String
    /// The search entry's placeholder; nil: no search.
    var searchPlaceholder: String?
    /// What the lines may be narrowed to beside the search, the first
    /// (everything) chosen at first; none or one: no choice shown.
    var choices: [String] = []
    /// The choices' name for screen readers.
    var choicesName = ""
  }

  /// What a search asks for: the words typed and the choice made (its
  /// place in ``Words/choices``; 0 when there are none).
  struct Query: Sendable, Equatable {
    var text = ""
    var choice = 0
  }

  let window: Widget
  /// The lines shown, one a row.
  let model = ListModel<Line>()
  private let factory: ListFactory<LineRow<Line>>
  private let lines: SingleSelectionList
  private let stack: Widget
  private let title: Widget
  private let words: Words
  /// The search entry, when the window searches.
  let searchEntry: Widget?
  /// The choices' drop-down, when the window offers choices.
  let choiceMenu: Widget?
  /// Which of `all` a search shows (run off the main thread).
  private let matching: (@Sendable (Query, [Line]) -> [Line])?
  /// What the lines shown were searched for.
  private var query = Query()
  /// Every line, before a search.
  private var all: [Line] = []
  /// The making of the lines or a search, replaced by the next and
  /// cancelled when the window closes.
  private var work: Task<Void, Never>?

  /// A window over `parent`, transient for it, of `width` by `height`;
  /// `matching` picks the lines a search shows; activating a line calls
  /// `openPerson` with its identity. Call ``present(making:)``.
  init(
    words: Words, over parent: Widget, width: Int32 = 460, height: Int32 = 580,
    matching: (@Sendable (Query, [Line]) -> [Line])? = nil,
    openPerson: @escaping @MainActor (String) -> Void
  ) {
    self.words = words
    self.matching = matching
    window = AdwChrome.window(application: nil)
    gtk_window_set_title(cgtk_window(window), words.title)
    gtk_window_set_transient_for(cgtk_window(window), cgtk_window(parent))
    gtk_window_set_default_size(cgtk_window(window), width, height)
    gtk_window_set_destroy_with_parent(cgtk_window(window), 1)
    let model = model
    factory = ListFactory(
      makeRow: { LineRow<Line>() }, model: { $0 < model.count ? model[$0] : nil })
    lines = SingleSelectionList(model: model.object, factory: factory.object)
    gtk_list_view_set_single_click_activate(gtkObject(lines.listView), 1)
    RowAccessibility.setLabel(lines.listView, words.listName)
    Signals.connect(gobject(lines.listView), .activateItem) { position in
      guard Int(position) < model.count else { return }
      openPerson(model[Int(position)].identity)
    }
    stack = gtk_stack_new()!
    gtk_widget_set_vexpand(stack, 1)
    let spinner = StatusPage(icon: nil, title: words.working, spinner: true)
    let nothing = StatusPage(
      icon: words.nothingIcon, title: words.nothingTitle, description: words.nothingText)
    gtk_stack_add_named(gtkObject(stack), spinner.widget, "working")
    gtk_stack_add_named(gtkObject(stack), nothing.widget, "nothing")
    gtk_stack_add_named(gtkObject(stack), Gtk.scrolledWindow(lines.listView), "lines")
    let body = Gtk.box(GTK_ORIENTATION_VERTICAL)
    if let placeholder = words.searchPlaceholder {
      let bar = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
      gtk_widget_set_margin_start(bar, 12)
      gtk_widget_set_margin_end(bar, 12)
      gtk_widget_set_margin_top(bar, 6)
      gtk_widget_set_margin_bottom(bar, 6)
      let entry = gtk_search_entry_new()!
      Gtk.setProperty(entry, "placeholder-text", placeholder)
      gtk_widget_set_hexpand(entry, 1)
      Gtk.append(bar, entry)
      searchEntry = entry
      if words.choices.count > 1 {
        let names = gtk_string_list_new(nil)!
        for choice in words.choices { gtk_string_list_append(names, choice) }
        let menu = gtk_drop_down_new(names, nil)!
        RowAccessibility.setLabel(menu, words.choicesName)
        Gtk.append(bar, menu)
        choiceMenu = menu
      } else {
        choiceMenu = nil
      }
      Gtk.append(body, bar)
    } else {
      searchEntry = nil
      choiceMenu = nil
    }
    Gtk.append(body, stack)
    title = adw_window_title_new(words.title, "")!
    let header = AdwChrome.headerBar()
    adw_header_bar_set_title_widget(gtkObject(header), title)
    AdwChrome.setContent(of: window, header: header, body: body)
    if let entry = searchEntry {
      Signals.connect(gobject(entry), .searchChanged) { [weak self] in
        self?.query.text = String(cString: gtk_editable_get_text(gtkObject(entry)))
        self?.search()
      }
    }
    if let menu = choiceMenu {
      Signals.connect(gobject(menu), .notify("selected")) { [weak self] in
        self?.query.choice = Int(gtk_drop_down_get_selected(gtkObject(menu)))
        self?.search()
      }
    }
  }

  /// Shows the window, its lines made off the main thread by `make`.
  func present(making make: @escaping @Sendable () -> [Line]) {
    OpenLinesWindows.keep(self, window: window) { [weak self] in
      self?.isClosed = true
      self?.work?.cancel()
    }
    gtk_stack_set_visible_child_name(gtkObject(stack), "working")
    work = Task { @MainActor [weak self] in
      let made = await Task.detached(priority: .userInitiated) { make() }.value
      guard let self, !Task.isCancelled else { return }
      self.all = made
      if self.query == Query() { self.show(made) } else { self.search() }
    }
    gtk_window_present(cgtk_window(window))
  }

  /// Shows the lines the query matches, found off the main thread.
  private func search() {
    guard let matching else { return }
    work?.cancel()
    let (all, query) = (all, query)
    work = Task { @MainActor [weak self] in
      let found = await Task.detached(priority: .userInitiated) { matching(query, all) }.value
      guard let self, !Task.isCancelled else { return }
      self.show(found)
    }
  }

  private func show(_ found: [Line]) {
    model.replaceAll(with: found)
    adw_window_title_set_subtitle(gtkObject(title), words.count(found.count))
    gtk_stack_set_visible_child_name(gtkObject(stack), found.isEmpty ? "nothing" : "lines")
  }

  /// The windows of these lines open now, oldest first (tests).
  static var shown: [LinesWindow] { OpenLinesWindows.shown.compactMap { $0 as? LinesWindow } }

  /// Which page shows: "working", "nothing" or "lines".
  var shownPage: String {
    String(cString: gtk_stack_get_visible_child_name(gtkObject(stack)))
  }

  /// Makes choice `index` of ``Words/choices``, as a pick in the
  /// drop-down does.
  func choose(_ index: Int) {
    guard let menu = choiceMenu else { return }
    gtk_drop_down_set_selected(gtkObject(menu), guint(index))
  }

  /// The lines' list view.
  var listView: Widget { lines.listView }

  /// What the lines bound now show, by position (tests).
  var shownLines: [Int: [String]] {
    var shown: [Int: [String]] = [:]
    factory.forEachBoundRow { row, position in shown[position] = row.texts }
    return shown
  }

  /// The subtitle: how many lines show.
  var subtitle: String {
    String(cString: adw_window_title_get_subtitle(gtkObject(title)))
  }

  /// Whether the window was destroyed (closed by the user or ``close()``).
  private(set) var isClosed = false

  /// Closes the window; nothing once it is closed.
  func close() {
    guard !isClosed else { return }
    gtk_window_destroy(cgtk_window(window))
  }
}

/// The ``LinesWindow``s open now, each kept until its window is destroyed.
///
/// Threading: main-actor only.
@MainActor
enum OpenLinesWindows {
  private static var open: [(id: ObjectIdentifier, window: AnyObject)] = []

  /// Every window open, oldest first.
  static var shown: [AnyObject] { open.map(\.window) }

  /// Keeps `owner` until `window` is destroyed, then calls `closed`.
  static func keep(
    _ owner: AnyObject, window: Widget, closed: @escaping @MainActor () -> Void
  ) {
    let id = ObjectIdentifier(owner)
    open.append((id, owner))
    Signals.connect(gobject(window), .destroy) {
      closed()
      open.removeAll { $0.id == id }
    }
  }
}
