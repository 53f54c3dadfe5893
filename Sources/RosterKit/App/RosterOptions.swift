import FoundationEssentials
import PreparedImages
import SharedSupport

/// How Roster was asked to run (parsed from the command line by the
/// `roster` executable).
///
/// Threading: `Sendable` value.
public struct RosterOptions: Sendable {
  /// A path or http(s) URL of a users.json; nil means the embedded directory.
  public var source: String?
  /// How to reach the server when `source` is an ldap:// or ldaps:// URL.
  public var server = ServerOptions()
  /// Where to save a PNG of the window once the list is on screen.
  public var screenshot: String?
  /// Quit once the list is on screen (after the screenshot, if any).
  public var quitAfterLoad = false
  /// The memory budget of prepared avatars, in MiB.
  public var imageCacheMiB = ImagePipelineConfiguration.defaultMemoryCacheMiB
  /// A random delay added to every avatar load, to show tolerance to a slow source.
  public var simulatedLatency: ClosedRange<Duration>?
  /// Print the image pipeline's statistics on exit.
  public var printStatistics = false
  /// Keep an offline copy of an LDAP server that offers Content Sync
  /// (`--no-offline-copy`: never).
  public var offlineCopies = true
  /// Start with this search.
  public var search: String?
  /// Refresh the directory every this many seconds (nil: only on request).
  public var refreshInterval: Double?
  /// Open in grid mode (true) or list mode (false); nil uses the remembered choice.
  public var grid: Bool?
  /// Open as a table (over the remembered choice and `grid`).
  public var table = false
  /// Open as the org tree (over the remembered choice, `grid` and `table`).
  public var tree = false
  /// Show the frame-time HUD from the start.
  public var showHud = false
  /// Started by D-Bus activation (`--gapplication-service`): no window until
  /// one is asked for (the shell's search, an activation).
  public var isService = false

  /// Parses "MS" or "MIN-MAX" (milliseconds) into a latency range.
  public static func parseLatency(_ text: String) -> ClosedRange<Duration>? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).map {
      Int($0.trimmed)
    }
    switch parts.count {
    case 1:
      guard let value = parts[0], value >= 0 else { return nil }
      return .milliseconds(value) ... .milliseconds(value)
    case 2:
      guard let low = parts[0], let high = parts[1], low >= 0, high >= low else { return nil }
      return .milliseconds(low) ... .milliseconds(high)
    default:
      return nil
    }
  }

  /// The image pipeline's configuration for these options.
  var pipelineConfiguration: ImagePipelineConfiguration {
    var configuration = ImagePipelineConfiguration()
    configuration.memoryCacheBytes = imageCacheMiB << 20
    configuration.simulatedLatency = simulatedLatency
    return configuration
  }

  /// Options with every default.
  public init() {}
}
