import Foundation
import RosterKit

/// What `roster-dev soak` runs: how long, on which directory, how often it
/// refreshes and samples, and where the figures go.
///
/// Threading: `Sendable` value.
public struct SoakOptions: Sendable {
  /// How long to run.
  public var duration = Duration.seconds(600)
  /// Users in the generated directory (when `source` is nil).
  public var users = 1_000_000
  /// Distinct avatar images in the generated directory.
  public var avatars = 4_000
  /// Where the generated directory lives (default: .build/soak-data/…).
  public var dataFolder: URL?
  /// An ldap:// or ldaps:// URL to soak instead of a generated file.
  public var source: String?
  /// How to reach the server when `source` is an LDAP URL.
  public var server = ServerOptions()
  /// Time between refreshes (each with 1% of a generated directory changed).
  public var refreshInterval = Duration.seconds(30)
  /// Time between samples.
  public var sampleInterval = Duration.seconds(10)
  /// Samples before this are the warm-up, left out of the verdict: the
  /// first minute, or the first half of a run shorter than two minutes.
  public var warmUp: Duration { min(.seconds(60), duration / 2) }
  /// Whether the list shapes the text of rows about to scroll in between
  /// frames (the app's way); off soaks without, to tell what it holds.
  public var shapeAhead = true
  /// The CSV of samples.
  public var csv = URL(fileURLWithPath: "soak.csv")
  /// The PNG plot of the samples.
  public var plot = URL(fileURLWithPath: "soak.png")
  /// The seed of the jumps, searches and changes.
  public var seed: UInt64 = 13
  /// The fewest steps (``SoakStep``) and refreshes a run makes before it
  /// ends, however long they take past ``duration``: a test that checks
  /// what the steps do needs them done on a busy machine too, where the
  /// waits for the avatar decodes to drain can fill the whole duration.
  /// None by default: the command runs for its duration.
  package var minimumSteps = 0
  package var minimumRefreshes = 0

  /// Ten minutes on a generated million, a refresh every 30 s, a sample every 10 s.
  public init() {}
}
