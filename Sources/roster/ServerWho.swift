import Directory
import FoundationEssentials
import RosterKit

/// `roster who` for a directory server: the server's own search
/// (``RangedDirectory/searching(_:)``, what the window sends, folded as
/// the server folds), one match printed as `roster person` prints it,
/// several as a short list.
///
/// Threading: `run` blocks the calling thread while a task reads the
/// server (``ServerTask``).
struct ServerWho {
  var listing: PeopleListing

  func run(_ text: String, source: String, options: ServerOptions) throws {
    try ServerTask.run("who", source: source, options: options) {
      [listing] directory throws(DirectoryError) in
      let found = try await directory.searching(text).rows(0..<(WhoCommand.maxListed + 1))
      switch found.entries.count {
      case 0:
        return "no one matches “\(text)”"
      case 1:
        let organised = try ServerTask.organised(directory)
        try await ServerPerson.print(
          found.entries[0], in: organised, listing: listing, command: "who")
      default:
        if let header = listing.header { print(header) }
        for entry in found.entries.prefix(WhoCommand.maxListed) { print(listing.line(entry)) }
        if found.entries.count > WhoCommand.maxListed {
          LocalDirectory.warn(
            "more than \(WhoCommand.maxListed) people match; the first \(WhoCommand.maxListed) are shown",
            command: "who")
        }
      }
      return nil
    }
  }
}
