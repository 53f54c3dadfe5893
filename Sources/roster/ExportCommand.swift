import ArgumentParser
import Directory
import FoundationEssentials
import Glibc
import RosterArguments
import RosterKit
import SharedSupport

/// `roster export`: the people of a view (``ViewOptions``: the source, a
/// group or a manager's reports, the filter and the order) written to a
/// file as CSV, vCard, LDIF or users.json by ``PersonExporter``; the file
/// appears complete or not at all. Progress goes to standard error when it
/// is a terminal.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write the people of a directory to a file: CSV, vCard, LDIF or users.json.",
    discussion: """
      The people are those `roster list` prints with the same options, in the same order. \
      csv: RFC 4180, UTF-8, a header of field names; a cell a spreadsheet would run as a \
      formula starts with a single quote. vcard: vCard 4.0, photos inline (up to 256 KiB). \
      ldif: inetOrgPerson entries under --ldif-base. json: users.json, as Roster reads it. \
      Fields: \(PersonField.allCases.map(\.rawValue).joined(separator: ", ")).
      """)

  @OptionGroup var view: ViewOptions

  @Option(
    name: .long,
    help: "The fields written, comma-separated (default: every field).")
  var columns: String?

  @Option(
    name: .long,
    help: "\(PersonExportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
  var format: String

  @Option(name: [.customShort("o"), .long], help: "The file written (replaced if it exists).")
  var output: String

  @Flag(
    name: .customLong("server-order"),
    help: """
      From a directory server: the people in the server's own order, read as fast as it \
      sends them (no order asked of it; not with --sort).
      """)
  var serverOrder = false

  @Option(
    name: .customLong("ldif-base"),
    help: "With --format ldif: the DN the entries go under (default: ou=people,dc=example,dc=org).")
  var ldifBase: String?

  func validate() throws {
    guard PersonExportFormat(rawValue: format.lowercased()) != nil else {
      throw ValidationError(
        "--format takes "
          + PersonExportFormat.allCases.map(\.rawValue).joined(separator: ", "))
    }
    if let columns {
      do { _ = try PeopleListing.columns(parsing: columns) } catch {
        throw ValidationError("--columns: \(error)")
      }
    }
    if serverOrder, !view.isServer {
      throw ValidationError("--server-order: only for a directory server")
    }
    if serverOrder, view.sort != nil {
      throw ValidationError("--server-order: the server's own order, not --sort's")
    }
    if view.isServer, view.allLevels {
      throw ValidationError("--all-levels: export reads one level of a server's group or reports")
    }
  }

  func run() throws {
    let destination = URL(fileURLWithPath: output)
    let folder = destination.deletingLastPathComponent().path
    // Before reading a directory that may take a while: a folder that
    // cannot take the file fails now.
    var isFolder = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder),
      isFolder, access(folder, W_OK) == 0
    else {
      LocalDirectory.fail("cannot write in the folder “\(folder)”", command: "export")
    }
    let export = try self.export()
    let progress = ExportProgressLine.make()
    if let source = view.source, view.isServer {
      let selection = view.serverSelection
      let filter = try view.parsedFilter()
      let sort = try view.parsedSort()
      let serverOrder = serverOrder
      try ServerTask.run(
        "export", source: source, options: view.server.options, interruptible: true
      ) {
        directory throws(DirectoryError) in
        let people: any RangedDirectory
        switch selection {
        case .everyone:
          people = directory
        case .group(let name, _):
          let organised = try ServerTask.organised(directory)
          guard let group = try await organised.group(named: name) else {
            return "the directory has no group named “\(name)”"
          }
          people = organised.members(of: group)
        case .reports(let username, _):
          let organised = try ServerTask.organised(directory)
          guard let manager = try await organised.person(username: username) else {
            return "no one in the directory has the username “\(username)”"
          }
          people = organised.reports(to: manager.id)
        }
        do {
          _ = try await PersonExporter.export(
            people.querying(filter: filter, sort: sort), inServerOrder: serverOrder, as: export,
            to: destination, progress: progress.report)
        } catch let error as DirectoryError {
          throw error
        } catch {
          return "\(error)"
        }
        progress.end()
        return nil
      }
      return
    }
    let contents = try LocalDirectory.load(view.source, for: "export")
    let positions = try view.positions(in: contents, for: "export")
    let photos = AvatarPhotos(base: contents.source.baseURL, limit: export.photoLimit)
    let result = BlockingTask.run(interruptible: true) {
      try await PersonExporter.export(
        contents.viewModels, positions: positions, as: export, to: destination,
        photo: photos.photo(of:), progress: progress.report)
    }
    progress.end()
    if case .failure(let error) = result {
      if error is CancellationError { Interrupted.exit("export") }
      LocalDirectory.fail("\(error)", command: "export")
    }
  }

  /// The export the options ask for (validated).
  private func export() throws -> PersonExport {
    var export = PersonExport(
      format: PersonExportFormat(rawValue: format.lowercased())!,
      columns: try columns.map(PeopleListing.columns(parsing:)) ?? PersonExport.defaultColumns)
    if let ldifBase { export.ldifBase = ldifBase }
    return export
  }
}
