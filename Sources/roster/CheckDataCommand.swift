import ArgumentParser
import Directory
import FoundationEssentials

/// `roster check-data`: what an administrator should fix in a directory's
/// data (``DataCheck``), found over a users.json, CSV or vCard source read
/// as the window reads it, one finding a line (``DataFindingListing``).
/// Exits 1 when anything is found, so a script or a scheduled job can tell.
struct CheckDataCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check-data",
    abstract:
      "Find what to fix in a directory's data: unknown managers, manager loops, disabled managers, missing email or phone, duplicate email.",
    discussion: """
      Checks: \(DataCheck.allCases.map(\.rawValue).joined(separator: ", ")) (all by default). \
      Missing email and phone count active people only. Exit status: 0 when nothing is \
      found, 1 when something is (or the source cannot be read).
      """)

  @OptionGroup var sourceOption: FileSourceOption
  /// The people's source (nil: the embedded directory).
  var source: String? { sourceOption.source }

  @Option(name: .long, help: "Run only this check (repeat for more).")
  var check: [String] = []

  @Option(name: .long, help: "tsv (the default, with a header) or jsonl.")
  var format: String = PeopleListing.Format.tsv.rawValue

  func validate() throws {
    _ = try checks()
    _ = try listingFormat()
  }

  func run() throws {
    let listing = DataFindingListing(format: try listingFormat())
    let contents = try LocalDirectory.load(source, for: "check-data")
    let table = contents.viewModels
    let findings = table.dataFindings(checks: try checks())
    if let header = listing.header { print(header) }
    for finding in findings { print(listing.line(finding, in: table)) }
    if !findings.isEmpty { throw ExitCode.failure }
  }

  /// The checks asked for (every check when none is named).
  private func checks() throws -> Set<DataCheck> {
    guard !check.isEmpty else { return Set(DataCheck.allCases) }
    return Set(
      try check.map { name in
        guard let check = DataCheck(named: name) else {
          throw ValidationError(
            "--check: no check named “\(name)” (checks: "
              + DataCheck.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        return check
      })
  }

  private func listingFormat() throws -> PeopleListing.Format {
    guard let format = PeopleListing.Format(rawValue: format) else {
      throw ValidationError("--format takes tsv or jsonl")
    }
    return format
  }
}
