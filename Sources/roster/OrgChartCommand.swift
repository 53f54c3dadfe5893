import ArgumentParser
import Directory
import FoundationEssentials
import RosterKit

/// `roster org-chart`: a person and the people under them, `--levels`
/// deep, drawn as an org chart for paper (``OrgChartLayout``) and written
/// as PDF, SVG or PNG, chosen by the output's extension or `--format`.
struct OrgChartCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "org-chart",
    abstract: "Write an org chart of a person and the people under them as PDF, SVG or PNG.")

  @OptionGroup var sourceOption: FileSourceOption
  /// The people's source (nil: the embedded directory).
  var source: String? { sourceOption.source }

  @Option(name: .long, help: "The username of the person at the top.")
  var root: String

  @Option(name: .long, help: "How many levels below them (default 3).")
  var levels = 3

  @Option(name: .long, help: "The file to write (.pdf, .svg or .png).")
  var output: String

  @Option(name: .long, help: "pdf, svg or png (default: the output's extension).")
  var format: String?

  func validate() throws {
    guard (0...OrgChartLayout.maxLevels).contains(levels) else {
      throw ValidationError("--levels takes 0 to \(OrgChartLayout.maxLevels)")
    }
    _ = try chosenFormat()
  }

  func run() throws {
    let contents = try LocalDirectory.load(source, for: "org-chart")
    let table = contents.viewModels
    let person = try LocalDirectory.person(root, in: table, for: "org-chart")
    let chart = OrgChartContent(root: person, levels: levels, in: table)
    let format = try chosenFormat()
    do throws(ExportError) {
      try OrgChartWriter.write(chart, as: format, to: URL(fileURLWithPath: output))
    } catch {
      LocalDirectory.fail(error.description, command: "org-chart")
    }
    print("\(chart.layout.boxes.count) people written to \(output)")
  }

  private func chosenFormat() throws -> OrgChartFormat {
    if let format {
      guard let chosen = OrgChartFormat(rawValue: format.lowercased()) else {
        throw ValidationError("--format takes pdf, svg or png")
      }
      return chosen
    }
    guard let chosen = OrgChartFormat(fileExtension: URL(fileURLWithPath: output)) else {
      throw ValidationError("--output ends in .pdf, .svg or .png, or --format says which")
    }
    return chosen
  }
}
