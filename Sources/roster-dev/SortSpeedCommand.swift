import ArgumentParser
import Directory
import DirectoryGenerator
import Foundation
import SharedSupport

/// `roster-dev sort-speed`: times `UserTable.sortedPositions` on a generated
/// table, without a window: each run sorts a table of its own (its first
/// sort), then sorts it again (what a second click on the same order costs).
/// Prints the median and the range of each.
struct SortSpeedCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sort-speed",
    abstract: "Time sorting a generated table (release build): first and second sorts.")

  @Option(help: "Users in the generated table.") var users = 1_000_000
  @Option(help: "The order (FIELD[:desc],...).") var order = "department,displayName"
  @Option(help: "Runs; each builds its table again.") var runs = 5
  @Option(help: "The collation locale (LC_COLLATE).") var locale = "de_DE.utf8"
  @Flag(help: "Give everyone a display name of their own (a number appended).")
  var distinctNames = false

  func run() throws {
    guard setlocale(LC_COLLATE, locale) != nil else {
      throw ValidationError("the \(locale) locale is not installed")
    }
    let sort = try PersonSort(parsing: order)
    let avatars = (1...4_000).map { "avatars/avatar-\($0).png" }
    var people = UserGenerator.users(count: users, avatarFileNames: avatars, seed: 2026)
    if distinctNames {
      for k in people.indices {
        people[k].details.displayName = (people[k].details.displayName ?? "") + " \(k)"
      }
    }
    var first: [Duration] = []
    var second: [Duration] = []
    for _ in 0..<runs {
      let table = UserTable(people)
      let clock = ContinuousClock()
      var sorted: [Int]?
      first.append(
        clock.measure { sorted = table.sortedPositions(by: sort, isCancelled: { false }) })
      second.append(
        clock.measure { sorted = table.sortedPositions(by: sort, isCancelled: { false }) })
      precondition(sorted?.count == users)
    }
    func line(_ name: String, _ samples: [Duration]) -> String {
      let ms = Percentiles(samples.map { $0.inMilliseconds })
      return String(
        format: "%@: median %.1f ms (min %.1f, max %.1f, %d runs)", name, ms(0.5)!, ms(0)!,
        ms(1)!, samples.count)
    }
    print("sort \(users) people by \(sort)\(distinctNames ? ", distinct names" : ""), \(locale)")
    print(line("first sort", first))
    print(line("second sort", second))
  }
}
