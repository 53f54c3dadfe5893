import CGtk
import Directory
import FoundationEssentials
import GtkKit

/// People put on the clipboard or dragged out: as plain text, "Display
/// Name <email>" a line (a person without an email address is their name
/// alone), and as vCard 4.0 (`text/vcard`, the first ``photoCount`` with
/// their photo inline, capped) for a contacts app, each made only when an
/// app asks for it (``LazyContent``). A name is made single-line and
/// stripped of angle brackets, so a hostile name cannot add a line or an
/// address of its own.
///
/// Threading: main-actor only for the clipboard; the texts are made
/// anywhere.
@MainActor
enum PeopleClipboard {
  /// The plain text of `people`: a line each.
  nonisolated static func text(of people: [DirectoryEntry]) -> String {
    people.map(line(of:)).joined(separator: "\n")
  }

  /// "Display Name <email>", or the name alone.
  nonisolated static func line(of person: DirectoryEntry) -> String {
    let name = clean(
      person.details.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? person.username)
    guard let email = person.details.email, ContactLinks.isAddress(email) else { return name }
    return "\(name) <\(email)>"
  }

  /// `text` on one line: control characters, line and paragraph
  /// separators become spaces, angle brackets are dropped.
  nonisolated static func clean(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
          switch scalar.properties.generalCategory {
          case .control, .lineSeparator, .paragraphSeparator: " "
          default: scalar == "<" || scalar == ">" ? nil : scalar
          }
        }))
  }

  /// The formats people are offered in, most preferred first.
  static let mimeTypes = ["text/plain;charset=utf-8", "text/plain", "text/vcard", "text/x-vcard"]
  /// The most people one copy or drag carries (Export writes any number).
  static let limit = 100_000
  /// How many of them carry their photo in the vCards (each at most
  /// ``PersonExport/photoLimit`` bytes).
  static let photoCount = 100

  /// The people of `source`, made into text or vCards only when an app
  /// asks (a paste, a drop), read off the main thread.
  static func content(of source: ExportSource) -> LazyContent {
    LazyContent(mimeTypes: mimeTypes) { mimeType in
      let vCards = PersonExport(format: .vcard)
      let isVCard = mimeType.hasSuffix("vcard")
      let people = try await source.people(
        limit: limit, photos: isVCard ? (vCards.photoLimit, photoCount) : nil)
      return isVCard ? vCards.bytes(of: people) : Array(text(of: people.map(\.entry)).utf8)
    }
  }

  /// `person` (with `photo`), made into text or a vCard when an app asks.
  static func content(of person: DirectoryEntry, photo: @escaping @Sendable () -> ExportPhoto?)
    -> LazyContent
  {
    LazyContent(mimeTypes: mimeTypes) { mimeType in
      guard mimeType.hasSuffix("vcard") else { return Array(text(of: [person]).utf8) }
      return PersonExport(format: .vcard).bytes(of: [(person, photo())])
    }
  }

  /// Puts `content` on `widget`'s clipboard.
  static func set(_ content: LazyContent, on widget: Widget) {
    let clipboard = gdk_display_get_clipboard(gtk_widget_get_display(widget))
    gdk_clipboard_set_content(clipboard, content.pointer)
  }

  /// Puts `text` on `widget`'s clipboard (an address, a username).
  static func set(text: String, on widget: Widget) {
    let clipboard = gdk_display_get_clipboard(gtk_widget_get_display(widget))
    gdk_clipboard_set_text(clipboard, text)
  }
}
