import ArgumentParser
import Directory

/// How `roster list` and `roster person` print people: the fields and the
/// format (``PeopleListing``).
struct ListingOptions: ParsableArguments {
  @Option(
    name: .long,
    help:
      "The fields printed, comma-separated (default: \(PeopleListing.defaultColumns.map(\.rawValue).joined(separator: ",")))."
  )
  var columns: String?

  @Option(name: .long, help: "tsv (a header, then tab-separated values) or jsonl.")
  var format: String = "tsv"

  func validate() throws {
    if let columns {
      do { _ = try PeopleListing.columns(parsing: columns) } catch {
        throw ValidationError("--columns: \(error)")
      }
    }
    guard PeopleListing.Format(rawValue: format) != nil else {
      throw ValidationError("--format takes tsv or jsonl")
    }
  }

  /// The listing these options ask for (validated).
  func listing() throws -> PeopleListing {
    PeopleListing(
      columns: try columns.map(PeopleListing.columns(parsing:)) ?? PeopleListing.defaultColumns,
      format: PeopleListing.Format(rawValue: format)!)
  }
}
