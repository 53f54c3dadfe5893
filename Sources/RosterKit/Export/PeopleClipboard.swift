import CGtk
import Directory
import Foundation
import GtkKit

/// People put on the clipboard: as plain text, "Display Name <email>" a
/// line (a person without an email address is their name alone), and as vCard 4.0
/// (`text/vcard`, with the photo inline, capped) for a contacts app. A
/// name is made single-line and stripped of angle brackets, so a hostile
/// name cannot add a line or an address of its own.
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

  /// The vCards of `people`, their photos from `photo`.
  nonisolated static func vCards(
    of people: [DirectoryEntry], photo: (DirectoryEntry) -> ExportPhoto? = { _ in nil }
  ) -> [UInt8] {
    PersonExport(format: .vcard).bytes(of: people, photo: photo)
  }

  /// Puts `text` and, when given, `vCards` on `widget`'s clipboard.
  static func set(text: String, vCards: [UInt8]? = nil, on widget: Widget) {
    let clipboard = gdk_display_get_clipboard(gtk_widget_get_display(widget))
    var value = GValue()
    g_value_init(&value, cgtk_type_string())
    g_value_set_string(&value, text)
    var providers: [UnsafeMutablePointer<GdkContentProvider>?] = [
      gdk_content_provider_new_for_value(&value)
    ]
    g_value_unset(&value)
    if let vCards {
      let bytes = vCards.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
      providers.append(gdk_content_provider_new_for_bytes("text/vcard", bytes))
      g_bytes_unref(bytes)
    }
    let union = providers.withUnsafeMutableBufferPointer {
      gdk_content_provider_new_union($0.baseAddress, gsize($0.count))
    }
    _ = ObjectSlot.withAdopted(union!) { gdk_clipboard_set_content(clipboard, $0) }
  }
}
