/// Measures avatar latency in frames — from a row first becoming visible to
/// its avatar being shown (0 when it was already there) — and the share of
/// visible-row frames that showed a placeholder where an avatar was expected.
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

  /// Call once per frame with every visible row that expects an avatar.
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

  /// Rows that became visible and never got their avatar while measured.
  var neverShown: Int { waitingSince.count }

  var placeholderRatio: Double {
    visibleRowFrames > 0 ? Double(placeholderRowFrames) / Double(visibleRowFrames) : 0
  }
}
