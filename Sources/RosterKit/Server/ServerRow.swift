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
/// directory's, and a skeleton (a grey circle and two grey bars, no invented
/// initials) while the row's data has not arrived. Both are built once in
/// setup; bind switches between them with a stack, so filling a row in place
/// when its page arrives costs what any bind costs.
///
/// Threading: main-actor only.
@MainActor
package final class ServerRow: ListRow {
  package let widget: UnsafeMutableRawPointer
  private let root: ObjectRef
  /// The person's row, shown once the data is there.
  let person: UserRow
  private let skeleton: Widget
  /// The person's row as the stack holds it.
  private let personWidget: Widget
  /// Whether the skeleton shows now.
  private(set) var showsSkeleton = true

  init(avatars: AvatarService?) {
    person = UserRow(avatars: avatars)
    skeleton = SkeletonRow.make()
    personWidget = cgtk_widget(person.widget)
    let stack = gtk_stack_new()!
    gtk_stack_set_transition_type(gtkObject(stack), GTK_STACK_TRANSITION_TYPE_NONE)
    gtk_stack_add_child(gtkObject(stack), skeleton)
    gtk_stack_add_child(gtkObject(stack), personWidget)
    gtk_stack_set_visible_child(gtkObject(stack), skeleton)
    widget = gobject(stack)
    // The row owns its tree until GTK puts it in a list item.
    root = ObjectRef(widget)
  }

  /// Drops the tree's reference on the main thread.
  isolated deinit {}

  /// The identity the row shows, nil for a skeleton or an unbound row.
  var identity: String? { showsSkeleton ? nil : person.identity }

  package func bind(_ content: ServerRowContent, position: Int) {
    switch content {
    case .pending:
      if !showsSkeleton {
        person.unbind()
        setSkeleton(true)
      }
      RowAccessibility.setLabel(widget, tr("Loading"))
    case .person(let model):
      person.bind(model, position: position)
      if showsSkeleton { setSkeleton(false) }
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

  private func setSkeleton(_ shown: Bool) {
    showsSkeleton = shown
    gtk_stack_set_visible_child(gtkObject(widget), shown ? skeleton : personWidget)
  }
}

/// The skeleton a server row shows while its data is on its way: a grey
/// circle where the avatar goes and two grey bars where the name and role
/// go, sized like a ``UserRow`` so nothing moves when the data arrives.
///
/// Threading: main-actor only.
@MainActor
enum SkeletonRow {
  static func make() -> Widget {
    let row = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["user-row", "skeleton"])
    let circle = Gtk.box(GTK_ORIENTATION_HORIZONTAL, classes: ["skeleton-circle"])
    gtk_widget_set_size_request(circle, UserRow.avatarSize, UserRow.avatarSize)
    gtk_widget_set_valign(circle, GTK_ALIGN_CENTER)
    let name = Gtk.box(GTK_ORIENTATION_HORIZONTAL, classes: ["skeleton-bar", "skeleton-name"])
    let role = Gtk.box(GTK_ORIENTATION_HORIZONTAL, classes: ["skeleton-bar", "skeleton-role"])
    for bar in [name, role] { gtk_widget_set_halign(bar, GTK_ALIGN_START) }
    let text = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
    gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
    gtk_widget_set_hexpand(text, 1)
    Gtk.append(text, name, role)
    Gtk.append(row, circle, text)
    RowAccessibility.hide(gobject(circle))
    return row
  }
}
