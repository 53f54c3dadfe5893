import CGtk
import GtkKit

/// One result as GetResultMetas answers it: id, name, description and a
/// serialized GIcon (a GBytesIcon of a PNG Roster encoded from the decoded
/// avatar, ``ShellIcon``, else the themed "avatar-default"). Never a file
/// or a server's own bytes: the shell decodes what it gets with every
/// loader gdk-pixbuf has.
///
/// Threading: a `Sendable` value; ``variant`` is made on any thread (GIcon
/// and GVariant are safe off the main thread).
struct ResultMeta: Sendable {
  /// The picture, resolved.
  enum Icon: Sendable {
    /// A PNG Roster encoded (``ShellIcon``).
    case png([UInt8])
    /// A themed icon's name.
    case themed(String)
  }

  /// The themed icon shown for a person without a picture.
  static let fallbackIcon = "avatar-default"

  let person: FoundPerson
  let icon: Icon

  /// The floating `a{sv}` of this result.
  var variant: OpaquePointer {
    let icon = serializedIcon
    defer { if let icon { g_variant_unref(icon) } }
    var entries: [(key: String, value: OpaquePointer)] = [
      ("id", g_variant_new_string(person.id.text)),
      ("name", g_variant_new_string(person.name)),
      ("description", g_variant_new_string(person.description)),
    ]
    if let icon { entries.append(("icon", icon)) }
    return DBusValues.dictionary(entries)
  }

  /// `g_icon_serialize` of the picture (a full reference), nil when GIO
  /// cannot make one.
  private var serializedIcon: OpaquePointer? {
    switch icon {
    case .png(let bytes):
      let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count))! }
      defer { g_bytes_unref(data) }
      return ObjectSlot.withAdopted(g_bytes_icon_new(data)!) { g_icon_serialize($0) }
    case .themed(let name):
      return ObjectSlot.withAdopted(g_themed_icon_new(name)!) { g_icon_serialize($0) }
    }
  }
}
