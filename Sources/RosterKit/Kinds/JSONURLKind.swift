import Directory
import FoundationEssentials
import SharedSupport

extension DirectoryKind {
  /// A users.json on a web server, loaded whole: an http:// or https:// URL.
  public static var jsonURL: DirectoryKind {
    DirectoryKind(
      id: "jsonURL", title: tr("JSON URL"), schemes: ["http", "https"], isServer: false,
      isFile: false, secret: .none,
      fields: [FieldRow(.location, tr("URL"), placeholder: "https://example.org/users.json")],
      validate: { directory in
        let location = directory.location.trimmed
        guard let url = URL(string: location), let scheme = url.scheme?.lowercased(),
          scheme == "http" || scheme == "https", !(url.host ?? "").isEmpty
        else { return [.location: tr("Enter an http:// or https:// URL")] }
        return [:]
      },
      argument: { $0.location.trimmed },
      open: { location, _, _ throws(DirectoryError) in
        .source(try DirectorySource(argument: location))
      },
      counters: { _ in nil })
  }
}
