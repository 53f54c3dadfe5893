import DirectoryLDAP
import Foundation
import GtkKit
import SharedSupport

/// One run of ``ServerBenchmark`` as a JSON line: run-floor's frame fields
/// first, then what a directory server adds.
///
/// Threading: a value, made on the main actor.
struct ServerBenchmarkReport: ReportObject {
  /// Fill times after a jump of the scrollbar, in milliseconds.
  struct Fills: ReportObject {
    let p50, p99, max: Fixed?
    let jumps: Int
  }

  /// The server's own cost (ldapsearch), in milliseconds.
  struct Server: ReportObject {
    let firstPage, page: Fixed
  }

  /// What the LDAP client did: each context is a sort of the whole
  /// directory on the server.
  struct Connection: ReportObject {
    let ranges, busyRetries, reconnects, failovers, connections, contexts: Int
  }

  /// What happened to the list's pages.
  struct Ranges: ReportObject {
    let requested, arrived, droppedBeforeSending, cancelled, discardedLate, failed: Int
  }

  let tool = "roster"
  /// "ldap" or "scim": the kind of server read.
  let source: String
  let rows: Int
  let speedPxS, seconds: Fixed
  let frames: Int
  let fps, maxIntervalMs, hitchMsPerS: Fixed
  let frameWorkMs: BenchmarkReport.Work
  let binds: Int
  let bindUs: BenchmarkReport.Spread
  let skeletonRatio: Fixed
  let jumpFillMs: Fills
  let firstRowsMs: Fixed
  let ldapsearchMs: Server?
  let ranges: Ranges
  let ldap: Connection?
  let ldapMainThreadCalls: Int
  let peakRssMib: Fixed

  @MainActor
  init(
    source: String, rows: Int, speed: Double, seconds: Double, frames statistics: FrameStatistics,
    skeletonRatio: Double, jumpFills: [Double], firstRows: Duration,
    baseline: LDAPSearchBaseline?, ranges counters: RangedListStatistics,
    client: LDAPStatistics?, mainThreadCalls: Int
  ) {
    self.source = source
    self.rows = rows
    speedPxS = Fixed(speed, 0)
    self.seconds = Fixed(seconds, 1)
    frames = statistics.frames
    fps = Fixed(statistics.fps)
    maxIntervalMs = Fixed(statistics.maxIntervalMilliseconds, 1)
    hitchMsPerS = Fixed(statistics.hitchMillisecondsPerSecond)
    frameWorkMs = BenchmarkReport.Work(Percentiles(statistics.work))
    binds = statistics.binds.count
    bindUs = BenchmarkReport.Spread(Percentiles(statistics.binds))
    self.skeletonRatio = Fixed(skeletonRatio, 4)
    let fills = Percentiles(jumpFills)
    jumpFillMs = Fills(
      p50: fills(0.5).map { Fixed($0, 1) }, p99: fills(0.99).map { Fixed($0, 1) },
      max: fills(1).map { Fixed($0, 1) }, jumps: fills.count)
    firstRowsMs = Fixed(firstRows.inMilliseconds, 1)
    ldapsearchMs = baseline.map {
      Server(firstPage: Fixed($0.firstPageMs, 1), page: Fixed($0.pageMs, 1))
    }
    ranges = Ranges(
      requested: counters.requested, arrived: counters.arrived,
      droppedBeforeSending: counters.droppedBeforeSending, cancelled: counters.cancelled,
      discardedLate: counters.discardedLate, failed: counters.failed)
    ldap = client.map {
      Connection(
        ranges: $0.rangesRead, busyRetries: $0.busyRetries, reconnects: $0.reconnects,
        failovers: $0.failovers, connections: $0.connectionsOpened, contexts: $0.contextsOpened)
    }
    ldapMainThreadCalls = mainThreadCalls
    peakRssMib = Fixed(ResourceUsage.peakResidentMiB, 1)
  }

  /// The JSON line.
  var json: String { (try? ReportLine.json(self)) ?? #"{"tool":"roster","error":"encoding"}"# }
}
