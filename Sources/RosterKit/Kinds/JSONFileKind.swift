import Directory
import FoundationEssentials
import SharedSupport

extension DirectoryKind {
  /// A users.json on this machine, loaded whole: a path (or a file:// URL).
  public static var jsonFile: DirectoryKind {
    DirectoryKind(
      id: "jsonFile", title: tr("JSON file"), schemes: ["file"], isServer: false, isFile: true,
      secret: .none,
      fields: [FieldRow(.location, tr("File"), placeholder: "/path/to/users.json")],
      validate: { directory in
        let location = directory.location.trimmed
        if location.isEmpty { return [.location: tr("Choose a users.json file")] }
        guard FileManager.default.isReadableFile(atPath: location) else {
          return [.location: tr("No readable file at this path")]
        }
        return [:]
      },
      argument: { $0.location.trimmed },
      open: { location, _, _ throws(DirectoryError) in
        .source(try DirectorySource(argument: location))
      },
      counters: { _ in nil })
  }
}
