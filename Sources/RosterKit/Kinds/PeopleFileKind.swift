import Directory
import DirectoryFileFormats
import FoundationEssentials
import SharedSupport

extension DirectoryKind {
  /// A file of people another program wrote, loaded whole: a spreadsheet's
  /// CSV (comma, semicolon or tab separated) or a contacts app's vCards,
  /// Roster's own exports among them. The extension says which.
  public static var peopleFile: DirectoryKind {
    DirectoryKind(
      id: "peopleFile", title: tr("CSV or vCard file"), schemes: [], isServer: false, isFile: true,
      secret: .none,
      fields: [FieldRow(.location, tr("File"), placeholder: "/path/to/people.csv")],
      fileExtensions: ["csv", "tsv", "vcf", "vcard"],
      validate: { directory in
        let location = directory.location.trimmed
        if location.isEmpty { return [.location: tr("Choose a CSV or vCard file")] }
        guard FileManager.default.isReadableFile(atPath: location) else {
          return [.location: tr("No readable file at this path")]
        }
        guard peopleFileFormat(of: location) != nil else {
          return [.location: tr("Not a .csv, .tsv, .vcf or .vcard file")]
        }
        return [:]
      },
      argument: { $0.location.trimmed },
      open: { location, _, _ throws(DirectoryError) in
        .source(
          try DirectorySource(argument: location, format: peopleFileFormat(of: location) ?? .csv))
      },
      counters: { _ in nil })
  }

  /// The format a file named `location` is read as, by its extension; nil
  /// for an extension the kind does not read.
  static func peopleFileFormat(of location: String) -> PeopleFileFormat? {
    switch fileExtension(of: location) {
    case "csv", "tsv": return .csv
    case "vcf", "vcard": return .vCard
    default: return nil
    }
  }
}
