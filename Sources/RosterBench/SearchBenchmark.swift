import CGtk
import Directory
import Foundation
import GtkKit
import RosterKit
import SharedSupport

/// `roster-dev bench --search`: loads the generated directory in the real window,
/// then types a sequence of searches the way a user would (one character at
/// a time, then clearing) and reports the longest frame interval, with each
/// query's match count, when its first rows showed and when all had arrived.
///
/// Threading: main-actor only; drives the GLib main context itself.
@MainActor
struct SearchBenchmark {
  let source: URL

  /// What is typed, in order; "" clears the search.
  static let typed = ["a", "an", "ann", "anna", "", "admin", "", "zz", ""]

  func run() -> String? {
    guard let window = BenchWindow.loaded(from: source) else { return nil }
    defer { window.close() }
    // The index is built off the main thread after the load: typing before
    // it is done would measure the wait for it, not the search.
    guard MainContext.run(until: { window.isSearchIndexBuilt }, timeout: .seconds(120)) else {
      return nil
    }

    let frames = FrameWatch(widget: window.peoplePage.listView)
    var results: [String] = []
    var longestApply = Duration.zero
    frames.isRecording = true
    for text in Self.typed {
      let started = ContinuousClock.now
      window.setSearchText(text)
      let typedAt = ContinuousClock.now
      longestApply = max(longestApply, typedAt - started)
      MainContext.run(
        until: { window.localPage.shownQuery == (text.isEmpty ? nil : text) }, timeout: .seconds(30)
      )
      let shown = ContinuousClock.now - typedAt
      // Large results reach GTK a chunk per idle step; wait for the last one.
      MainContext.run(until: { !window.localPage.model.isReloading }, timeout: .seconds(30))
      let complete = ContinuousClock.now - typedAt
      results.append(
        #"{"query":"\#(text)","matches":\#(window.localPage.model.count),"ms":\#(Self.ms(shown)),"complete_ms":\#(Self.ms(complete))}"#
      )
      MainContext.run(for: .milliseconds(150))
    }
    frames.isRecording = false
    return """
      {"tool":"roster","search_users":\(window.localPage.contents?.viewModels.count ?? 0),\
      "longest_frame_interval_ms":\(String(format: "%.1f", frames.longestInterval)),\
      "longest_keystroke_ms":\(Self.ms(longestApply)),\
      "queries":[\(results.joined(separator: ","))]}
      """
  }

  private static func ms(_ duration: Duration) -> String {
    String(format: "%.1f", duration.inMilliseconds)
  }
}

/// The longest frame interval while recording, from a widget's tick callback.
///
/// Threading: main-actor only.
@MainActor
final class FrameWatch {
  var isRecording = false
  private(set) var longestInterval = 0.0
  private var last: Int64 = 0

  init(widget: Widget) {
    TickCallback.add(to: widget) { [weak self] time in
      guard let self else { return false }
      if self.isRecording, self.last != 0 {
        self.longestInterval = max(self.longestInterval, Double(time - self.last) / 1000)
      }
      self.last = time
      return true
    }
  }
}
