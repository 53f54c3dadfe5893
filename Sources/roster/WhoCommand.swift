import ArgumentParser
import Directory
import FoundationEssentials
import RosterArguments
import RosterKit

/// `roster who`: finds people as the window's search does — a name as it
/// is typed (case, accents, width and one typo in a long word set aside)
/// or a telephone number in any format (compared in E.164 form, national
/// numbers read in `--default-region`'s way, else the locale's). One match
/// is printed as `roster person` prints a person; several as a short list,
/// exact matches first; none is a failure. A directory server searches
/// with its own search.
struct WhoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "who",
    abstract: "Find a person by name, username, email or telephone number.",
    discussion: """
      Examples: roster who Müller; roster who +49 30 1000123; roster who 030 1000123.
      """)

  /// The most people a list of matches shows.
  static let maxListed = 20

  @OptionGroup var sourceOption: PeopleSourceOption
  /// The people's source (nil: the embedded directory).
  var source: String? { sourceOption.source }

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  @OptionGroup var output: ListingOptions

  @Option(
    name: .customLong("default-region"),
    help: """
      The country national telephone numbers are read in, as an ISO code \
      (\(PhoneRegion.all.map(\.code).joined(separator: ", "))); default: the locale's.
      """)
  var defaultRegion: String?

  @Argument(help: "A name, username, email or telephone number (words may be apart).")
  var query: [String] = []

  func validate() throws {
    if query.joined().allSatisfy(\.isWhitespace) {
      throw ValidationError("say whom to find: a name, username, email or telephone number")
    }
    if let defaultRegion, PhoneRegion.named(defaultRegion) == nil {
      throw ValidationError(
        "--default-region takes one of \(PhoneRegion.all.map(\.code).joined(separator: ", "))")
    }
  }

  /// The region national numbers are read in.
  private var region: PhoneRegion? {
    defaultRegion.flatMap(PhoneRegion.named) ?? PhoneRegion.ofThisProcess
  }

  func run() throws {
    let listing = try output.listing()
    let text = query.joined(separator: " ")
    if let source, ServerOptions.isServerURL(source) {
      return try ServerWho(listing: listing).run(text, source: source, options: server.options)
    }
    let contents = try LocalDirectory.load(source, for: "who")
    let table = contents.viewModels
    let found = SearchIndex(table, region: region).rankedMatches(text, isCancelled: { false })
    let ranked = found?.ranked ?? []
    switch ranked.count {
    case 0:
      LocalDirectory.fail("no one matches “\(text)”", command: "who")
    case 1:
      PersonCommand.print(ranked[0], in: contents, listing: listing, command: "who")
    default:
      if let header = listing.header { print(header) }
      for index in ranked.prefix(Self.maxListed) { print(listing.line(table, at: index)) }
      if ranked.count > Self.maxListed {
        LocalDirectory.warn(
          "\(ranked.count) people match; the first \(Self.maxListed) are shown", command: "who")
      }
    }
  }
}
