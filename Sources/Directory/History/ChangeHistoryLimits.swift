/// How much of its past a change history keeps: the changes of the last
/// ``maxAge`` seconds, in at most ``maxBytes``, whichever bound comes
/// first. Past either, the oldest changes go: the file is written again
/// without them (``ChangeHistory``), down to ``compactedBytes`` when it
/// was the size.
///
/// Threading: a plain value; `Sendable`.
public struct ChangeHistoryLimits: Sendable, Equatable {
  /// The oldest change kept, in seconds before now: 365 days.
  public var maxAge: Int64 = 365 * 86_400
  /// The most the file holds: 100 MB.
  public var maxBytes = 100_000_000
  /// What a file grown past ``maxBytes`` is cut down to (three quarters),
  /// so it is not written again at each change that follows.
  public var compactedBytes = 75_000_000
  /// How far past ``maxAge`` the oldest change may be before the file is
  /// written again for its age alone: a day. Readers leave such a change
  /// out at once (``ChangeHistory/changes(in:now:limits:)``).
  public var ageSlack: Int64 = 86_400

  /// The limits above.
  public init() {}

  /// Limits of `maxAge` seconds and `maxBytes` (cut down to three
  /// quarters), with `ageSlack` seconds before an age alone rewrites.
  public init(maxAge: Int64, maxBytes: Int, ageSlack: Int64 = 86_400) {
    self.maxAge = maxAge
    self.maxBytes = maxBytes
    compactedBytes = maxBytes / 4 * 3
    self.ageSlack = ageSlack
  }
}
