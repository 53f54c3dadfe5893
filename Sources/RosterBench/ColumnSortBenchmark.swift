import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import SharedSupport

/// `roster-dev bench --source ldap://… --column-sort FIELD[:desc],…`: what a
/// click on a server table's column header costs before its first rows can
/// show. The directory is asked for everyone in the new order
/// (``Directory/RangedDirectory/querying(filter:sort:)``, a fresh
/// connection, so the server sorts everyone) and the time to its first
/// window is taken, alternately with ldapsearch reading the same sorted
/// window with the same sort control on a fresh connection: the server's own
/// cost. Prints one JSON line with the medians.
///
/// Threading: main-actor only; drives the GLib main context while it waits.
@MainActor
struct ColumnSortBenchmark {
  /// One line of figures.
  struct Report: ReportObject {
    let tool = "roster"
    let source = "ldap"
    let rows: Int
    let columnSort: String
    /// The sort control's keys the server took from Roster (and ldapsearch
    /// sends).
    let sortKeys: String
    let runs: Int
    /// Roster's first sorted window and ldapsearch's, medians in milliseconds.
    let firstRangeMs: Fixed?
    let ldapsearchFirstRangeMs: Fixed?
    let firstRangeOverLdapsearchMs: Fixed?
    /// Roster's requests over all runs: "busy" answers retried, sorted
    /// lists (contexts) the server opened, connections.
    let busyRetries, contextsOpened, connectionsOpened: Int
  }

  let url: String
  let order: PersonSort
  let runs: Int
  let open: @MainActor () throws(DirectoryError) -> any RangedDirectory

  /// The JSON line, or nil (and why, on stderr) when a window failed.
  func run() -> String? {
    let directory: any RangedDirectory
    do {
      directory = try open()
    } catch {
      return fail(error.localizedDescription)
    }
    var roster: [Double] = []
    var baseline: [Double] = []
    var rows = 0
    var keys = ""
    var totals = LDAPStatistics()
    for _ in 0..<runs {
      let sorted = directory.querying(filter: nil, sort: order)
      guard let ldap = sorted as? LDAPDirectory else { return fail("not an LDAP directory") }
      let started = ContinuousClock.now
      guard let window = firstRange(of: sorted) else { return nil }
      // As the server took them (Active Directory: the column's key alone).
      keys = ldap.sortKeysSent
      roster.append((ContinuousClock.now - started).inMilliseconds)
      let statistics = ldap.statistics
      totals.busyRetries += statistics.busyRetries
      totals.contextsOpened += statistics.contextsOpened
      totals.connectionsOpened += statistics.connectionsOpened
      rows = window.count
      if let time = LDAPSearchBaseline.firstRange(
        url: url, filter: ldap.filter, sortKeys: keys, access: LDAPSearchAccess(ldap.options))
      {
        baseline.append(time)
      }
    }
    let rosterMedian = Percentiles(roster)(0.5)
    let baselineMedian = Percentiles(baseline)(0.5)
    let difference = rosterMedian.flatMap { r in baselineMedian.map { r - $0 } }
    return
      (try? ReportLine.json(
        Report(
          rows: rows, columnSort: order.description, sortKeys: keys, runs: runs,
          firstRangeMs: rosterMedian.map { Fixed($0, 1) },
          ldapsearchFirstRangeMs: baselineMedian.map { Fixed($0, 1) },
          firstRangeOverLdapsearchMs: difference.map { Fixed($0, 1) },
          busyRetries: totals.busyRetries, contextsOpened: totals.contextsOpened,
          connectionsOpened: totals.connectionsOpened)))
  }

  /// The first window of `directory`, read off the main thread while the
  /// main context runs; nil (and why, on stderr) when it failed.
  private func firstRange(of directory: any RangedDirectory) -> RowRange? {
    var result: Result<RowRange, DirectoryError>?
    let task = Task.detached { () -> Result<RowRange, DirectoryError> in
      do throws(DirectoryError) {
        return .success(try await directory.rows(0..<LDAPSearchBaseline.pageSize))
      } catch {
        return .failure(error)
      }
    }
    Task { @MainActor in result = await task.value }
    guard MainContext.run(until: { result != nil }, timeout: .seconds(600)) else {
      return fail("the sorted window did not come in 10 minutes")
    }
    switch result {
    case .success(let window): return window
    case .failure(let error): return fail(error.localizedDescription)
    case nil: return nil
    }
  }

  private func fail<T>(_ message: String) -> T? {
    FileHandle.standardError.write(Data("roster-dev bench: \(message)\n".utf8))
    return nil
  }
}
