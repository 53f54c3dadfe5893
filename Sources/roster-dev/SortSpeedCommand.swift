import ArgumentParser
import Directory
import DirectoryGenerator
import Foundation
import SharedSupport

/// `roster-dev sort-speed`: times `UserTable.sortedPositions` on a generated
/// table, without a window: each run sorts a table of its own (its first
/// sort), then sorts it again (what a second click on the same order costs).
/// With `--filter`, each run also times that filter over the whole table
/// (``TableFilter``, as the filter bar runs it). With `--image`, each run
/// opens that table image (an offline copy's `people-G`) mapped, in place
/// of a generated table. Prints the median and the range of each.
struct SortSpeedCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sort-speed",
    abstract:
      "Time sorting a generated table (release build): first and second sorts, and a filter.")

  @Option(help: "Users in the generated table.") var users = 1_000_000
  @Option(help: "The order (FIELD[:desc],...).") var order = "department,displayName"
  @Option(help: "Runs; each builds its table again.") var runs = 5
  @Option(help: "The collation locale (LC_COLLATE).") var locale = "de_DE.utf8"
  @Flag(help: "Give everyone a display name of their own (a number appended).")
  var distinctNames = false
  @Option(help: "Also time this filter over the whole table (Roster's filter language).")
  var filter: String?
  @Option(help: "Sort this table image (an offline copy's people-G file), mapped, instead.")
  var image: String?

  func run() throws {
    guard setlocale(LC_COLLATE, locale) != nil else {
      throw ValidationError("the \(locale) locale is not installed")
    }
    let sort = try PersonSort(parsing: order)
    let personFilter = try filter.map { try PersonFilter(parsing: $0) }
    let avatars = (1...4_000).map { "avatars/avatar-\($0).png" }
    var people =
      image == nil ? UserGenerator.users(count: users, avatarFileNames: avatars, seed: 2026) : []
    if distinctNames {
      for k in people.indices {
        people[k].details.displayName = (people[k].details.displayName ?? "") + " \(k)"
      }
    }
    var first: [Duration] = []
    var second: [Duration] = []
    var filtered: [Duration] = []
    var matches = 0
    var count = users
    for _ in 0..<runs {
      let table: UserTable
      if let image {
        guard let mapped = UserTable(image: image) else {
          throw ValidationError("\(image) is not a table's image")
        }
        table = mapped
      } else {
        table = UserTable(people)
      }
      count = table.userCount
      let clock = ContinuousClock()
      var sorted: [Int]?
      first.append(
        clock.measure { sorted = table.sortedPositions(by: sort, isCancelled: { false }) })
      second.append(
        clock.measure { sorted = table.sortedPositions(by: sort, isCancelled: { false }) })
      precondition(sorted?.count == count)
      if let personFilter {
        let scan = TableFilter(personFilter, over: table)
        filtered.append(
          clock.measure { matches = scan.positions(isCancelled: { false })?.count ?? 0 })
      }
    }
    func line(_ name: String, _ samples: [Duration]) -> String {
      let ms = Percentiles(samples.map { $0.inMilliseconds })
      return String(
        format: "%@: median %.1f ms (min %.1f, max %.1f, %d runs)", name, ms(0.5)!, ms(0)!,
        ms(1)!, samples.count)
    }
    let what = image.map { "the image \($0)" } ?? (distinctNames ? "distinct names" : "generated")
    print("sort \(count) people by \(sort) (\(what)), \(locale)")
    print(line("first sort", first))
    print(line("second sort", second))
    if let filter, !filtered.isEmpty {
      print(line("filter \(filter) (\(matches) people)", filtered))
    }
  }
}
