import ArgumentParser
import Directory
import DirectoryGenerator
import Foundation
import RosterBench
import SharedSupport

/// `roster-dev search-speed`: times ``SearchIndex`` over a generated
/// table, without a window, as the window's search runs each query (the
/// whole table, no refinement): names as typed, with accents, with a typo,
/// a telephone number's end. Each query runs exact only and with typos,
/// alternately; prints the index's build time and the resident memory it
/// added, then p50 and p99 of each way over every query and run, and each
/// query's median and matches.
struct SearchSpeedCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search-speed",
    abstract: "Time the search over a generated table (release build): exact and with typos.")

  @Option(help: "Users in the generated table.") var users = 1_000_000
  @Option(help: "Runs of each query.") var runs = 7
  @Option(help: "The telephone region national numbers are read in.") var region = "DE"

  /// Queries a user types: plain, folded, with a typo, short, a number.
  static let queries = [
    "anna", "reddy", "müller", "jurgen", "nakamura", "nakamora", "martni", "campbel",
    "ingrid obrien", "jose", "ss", "zzzzzz", "levi", "4203 2668", "+49 30 6065 5666",
  ]

  func run() throws {
    guard let region = PhoneRegion.named(region) else {
      throw ValidationError("unknown region \(region)")
    }
    let people = UserGenerator.users(count: users, avatarFileNames: [], seed: 2026)
    let table = UserTable(people)
    let clock = ContinuousClock()
    let before = Self.residentMB()
    var index: SearchIndex?
    let built = clock.measure { index = SearchIndex(table, region: region) }
    guard let index else { return }
    let after = Self.residentMB()
    print(String(format: "index of %d people built in %.1f ms", users, built.inMilliseconds))
    print(
      String(
        format: "index: %.1f MB over %d people (resident %.1f MB before, %.1f MB after)",
        after - before, users, before, after))
    var exact: [Double] = []
    var typos: [Double] = []
    var lines: [String] = []
    for query in Self.queries {
      var mine: [Double] = []
      var found = SearchMatches()
      for _ in 0..<runs {
        exact.append(
          clock.measure { _ = index.rankedMatches(query, typos: false, isCancelled: { false }) }
            .inMilliseconds)
        let time = clock.measure {
          found = index.rankedMatches(query, isCancelled: { false }) ?? SearchMatches()
        }.inMilliseconds
        typos.append(time)
        mine.append(time)
      }
      lines.append(
        String(
          format: "  %@: median %.1f ms, %d exact, %d with a typo", query,
          Percentiles(mine)(0.5)!, found.exact.count, found.near.count))
    }
    for (name, samples) in [("exact only", exact), ("with typos", typos)] {
      let ms = Percentiles(samples)
      print(
        String(
          format: "%@: p50 %.1f ms, p99 %.1f ms, max %.1f ms (%d queries × %d runs)", name,
          ms(0.5)!, ms(0.99)!, ms(1)!, Self.queries.count, runs))
    }
    for line in lines { print(line) }
    // The numbers' digits are made on the first query that is a number.
    print(
      String(
        format: "index after a number's search: %.1f MB over %d people", Self.residentMB() - before,
        users))
  }

  /// The resident memory kept now (``ResourceUsage/residentMiBKept``) in
  /// MB (10^6 bytes).
  static func residentMB() -> Double {
    ResourceUsage.residentMiBKept * 1_048_576 / 1_000_000
  }
}
