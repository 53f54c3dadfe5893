/// Measures avatar latency in frames — from a row first becoming visible to
/// its avatar being shown (0 when it was already there) — and the share of
/// visible-row frames that showed a placeholder where an avatar was expected.
/// Sampled after each frame's paint: a row bound in this frame's layout with
/// its avatar cached counts as shown at once, not a frame late.
///
/// Threading: main-actor only.
@MainActor
final class AvatarLatencyTracker {
  private var frame = 0
  private var waitingSince: [String: Int] = [:]
  private var seen: Set<String> = []
  private(set) var latencies: [Double] = []
  private(set) var visibleRowFrames = 0
  private(set) var placeholderRowFrames = 0
  var isRecording = false

  /// Call once per frame, after its paint, with every visible row that
  /// expects an avatar.
  func frame(visibleRows: [(identity: String, showsAvatar: Bool)]) {
    guard isRecording else { return }
    frame += 1
    for row in visibleRows {
      visibleRowFrames += 1
      if !row.showsAvatar { placeholderRowFrames += 1 }
      guard !seen.contains(row.identity) else { continue }
      seen.insert(row.identity)
      if row.showsAvatar {
        latencies.append(0)
      } else {
        waitingSince[row.identity] = frame
      }
    }
  }

  /// Call when a row shows its avatar.
  func shown(_ identity: String) {
    guard isRecording, let since = waitingSince.removeValue(forKey: identity) else { return }
    latencies.append(Double(frame - since))
  }

  /// Rows that became visible and never got their avatar while measured
  /// (not in the latency samples: the report gives them apart).
  var neverShown: Int { waitingSince.count }

  /// Nil when no visible row expected an avatar.
  var placeholderRatio: Double? {
    visibleRowFrames > 0 ? Double(placeholderRowFrames) / Double(visibleRowFrames) : nil
  }
}
