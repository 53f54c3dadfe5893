import ArgumentParser
import Directory
import Foundation
import RosterKit

/// What `roster-dev bench` measures.
///
/// Threading: `Sendable` value.
public struct BenchmarkOptions: Sendable {
  /// Which avatar path the rows use (`--pipeline`; --help lists the cases).
  public enum Pipeline: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// Off-main decode, prepared textures, caches (the app).
    case prepared
    /// Synchronous decode in bind on the main thread (the "before").
    case naive
  }

  /// Whether caches start empty (`--cache`; --help lists the cases).
  public enum Cache: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// Memory and disk caches start empty.
    case cold
    /// One unmeasured pass fills the caches first.
    case warm
  }

  /// Which of the window's views scrolls (`--view`; --help lists the cases).
  public enum View: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// One person a row (480 px wide, beside run-floor's list).
    case list
    /// Cells of larger avatars.
    case grid
    /// The table of six columns (900 px wide, beside `run-floor --table 6`).
    case table

    /// The window's view mode.
    var mode: ViewMode {
      switch self {
      case .list: .list
      case .grid: .grid
      case .table: .table
      }
    }

    /// The window's width: run-floor's for the same kind of view.
    var windowWidth: Int32 { self == .table ? 900 : 480 }
  }

  /// Users in the generated directory.
  public var users = 1_000_000
  /// Distinct avatar images in the generated directory.
  public var avatars = 4_000
  /// Scroll speeds in px/s, one run each.
  public var speeds: [Double] = [6_000]
  /// Seconds of scrolling per run.
  public var seconds = 8.0
  /// Whether caches start empty.
  public var cache = Cache.cold
  /// Which view scrolls.
  public var view = View.list
  /// Sorts the people by this order a third of the way into each measured
  /// scroll, and reports the frames painted while it ran (``SortDuringScroll``).
  public var sortDuringScroll: PersonSort?
  /// Export the people shown in this format a third of the way into each
  /// run (`--export-during-scroll`), as Export… does.
  public var exportDuringScroll: PersonExportFormat?
  /// Select everyone, then copy this many and paste them from another X
  /// client, a third of the way into each run (`--copy-during-scroll`).
  public var copyDuringScroll: Int?
  /// With an LDAP `source`: instead of scrolling, time the first window of
  /// everyone in this order beside ldapsearch's (``ColumnSortBenchmark``).
  public var columnSort: PersonSort?
  /// Which avatar path the rows use.
  public var pipeline = Pipeline.prepared
  /// A users.json to use instead of a generated directory, or an ldap://
  /// or ldaps:// URL of a directory server (``ServerBenchmark``).
  public var source: String?
  /// How to reach the server when `source` is an LDAP URL.
  public var server = ServerOptions()
  /// Added to every avatar load (as `--simulate-latency`).
  public var simulatedLatency: ClosedRange<Duration>?
  /// Instead of scrolling: type a sequence of searches and report frame intervals.
  public var search = false
  /// Scroll the people of the group with this name (or id) instead of
  /// everyone; the report says which and how many. With an LDAP `source`:
  /// instead of scrolling, time choosing it in the sidebar beside
  /// ldapsearch's same sorted window (``NarrowingBenchmark``).
  public var group: String?
  /// With an LDAP `source`: instead of scrolling, time showing the reports
  /// of the person with this username beside ldapsearch's same sorted
  /// window (``NarrowingBenchmark``).
  public var reportsTo: String?
  /// Instead of scrolling: choose groups and open org-tree managers in a
  /// row, and report their first rows and the peak memory (``GroupsBenchmark``).
  public var browseGroups = false
  /// Measure a refresh of this many users with 1% changed instead of scrolling.
  public var refreshUsers: Int?
  /// Decode worker threads (the pipeline's default when nil).
  public var decoders: Int?
  /// The longest a decode waits for the gap between frames (the pipeline's default when nil;
  /// zero decodes whenever work waits).
  public var decodeHold: Duration?
  /// Whether the list shapes the text of rows about to scroll in between frames.
  public var shapeAhead = true
  /// Show the frame-time HUD during the runs and report its cost per frame.
  public var hud = false
  /// Print only the JSON lines.
  public var jsonOnly = false
  /// Write every measured frame to this CSV (``FrameLog``); with several
  /// speeds, one file each, the speed before the extension.
  public var framesCSV: String?

  /// Defaults: 1,000,000 users, 4,000 avatars, 6000 px/s for 8 s, cold.
  public init() {}
}
