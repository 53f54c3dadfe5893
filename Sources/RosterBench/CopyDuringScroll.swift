import CGtk
import Foundation
import GtkKit
import RosterKit
import SharedSupport

/// Selects everyone (Ctrl+A, GTK's own action on the list) a third of the
/// way into the measured scroll, then the first `count` people (a click
/// and a Shift+click), copies them (Ctrl+C) and has another X client
/// paste them (`xclip -o`), and reads what the frame recorder saw: the
/// frames painted while everyone was selected and while the copy was made
/// and served (none may be late), whether anything was made before the
/// paste asked for it, and what the paste got.
///
/// Threading: main-actor only.
@MainActor
final class CopyDuringScroll {
  /// The figures of one select-all, copy and paste.
  struct Figures: ReportObject {
    /// How many Ctrl+A selected.
    let selectedAll: Int
    /// The frames painted in the ten after Ctrl+A: count, longest interval and work.
    let selectAllFrames: Int
    let selectAllMaxIntervalMs: Fixed?
    let selectAllFrameWorkMaxMs: Fixed?
    /// How many were copied, and the formats made before any paste (0: lazily served).
    let copied: Int
    let madeBeforePaste: Int
    /// From Ctrl+C to the paste's end, the text's bytes and lines.
    let pasteMs: Fixed
    let pasteBytes: Int
    let pasteLines: Int
    /// The frames painted from Ctrl+C to the paste's end.
    let copyFrames: Int
    let copyMaxIntervalMs: Fixed?
    let copyFrameWorkMaxMs: Fixed?
  }

  private enum Phase {
    case waiting
    case selectedAll(frames: Int)
    case pasting(xclip: Process, output: PipeReader, started: ContinuousClock.Instant)
    case done
  }

  private let count: Int
  private let at: Double
  private var phase = Phase.waiting
  private var selectAll = FrameSpan()
  private var copy = FrameSpan()
  private var selectedAll = 0
  private var madeBeforePaste = 0
  private var paste: (ms: Double, bytes: Int, lines: Int)?

  /// Copies `count` people `at` seconds into the scroll.
  init(count: Int, at seconds: Double) {
    self.count = count
    self.at = seconds
  }

  /// Called every frame of the scroll with the seconds since it began.
  func frame(elapsed: Double, window: MainWindow, recorder: FrameRecorder) {
    let view = window.page.views.shownView
    switch phase {
    case .waiting:
      guard elapsed >= at else { return }
      selectAll.begin(recorder)
      gtk_widget_activate_action_variant(view, "list.select-all", nil)
      selectedAll = window.page.views.selection.count
      phase = .selectedAll(frames: 0)
    case .selectedAll(let frames) where frames < 10:
      phase = .selectedAll(frames: frames + 1)
    case .selectedAll:
      selectAll.end(recorder)
      copy.begin(recorder)
      Self.click(0, in: view, extend: false)
      Self.click(count - 1, in: view, extend: true)
      _ = window.activate(.copy)
      madeBeforePaste = window.lastCopied?.productions ?? -1
      phase = startPaste()
    case .pasting(let xclip, let output, let started):
      guard !xclip.isRunning else { return }
      copy.end(recorder)
      let text = output.wait()
      paste = (
        (ContinuousClock.now - started).inMilliseconds, text.count,
        text.split(separator: UInt8(ascii: "\n")).count
      )
      phase = .done
    case .done:
      break
    }
  }

  /// Starts `xclip -o`: another app pasting the clipboard's text.
  private func startPaste() -> Phase {
    let xclip = Process()
    xclip.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
    xclip.arguments = ["-selection", "clipboard", "-o", "-t", "UTF8_STRING"]
    let pipe = Pipe()
    xclip.standardOutput = pipe
    xclip.standardError = FileHandle.nullDevice
    guard (try? xclip.run()) != nil else { return .done }
    return .pasting(
      xclip: xclip, output: PipeReader(descriptor: pipe.fileHandleForReading.fileDescriptor),
      started: .now)
  }

  /// What a click (with Shift: `extend`) on the row at `position` does.
  private static func click(_ position: Int, in view: Widget, extend: Bool) {
    gtk_widget_activate_action_variant(
      view, "list.select-item",
      g_variant_new_tuple(
        [
          g_variant_new_uint32(guint32(position)), g_variant_new_boolean(0),
          g_variant_new_boolean(extend ? 1 : 0),
        ], 3))
  }

  /// The figures, or nil when the paste did not end within the scroll.
  func figures(_ recorder: FrameRecorder) -> Figures? {
    guard let paste, let all = selectAll.figures(recorder), let copied = copy.figures(recorder)
    else { return nil }
    return Figures(
      selectedAll: selectedAll, selectAllFrames: all.frames,
      selectAllMaxIntervalMs: all.maxIntervalMs, selectAllFrameWorkMaxMs: all.frameWorkMaxMs,
      copied: count, madeBeforePaste: madeBeforePaste, pasteMs: Fixed(paste.ms, 1),
      pasteBytes: paste.bytes, pasteLines: paste.lines, copyFrames: copied.frames,
      copyMaxIntervalMs: copied.maxIntervalMs, copyFrameWorkMaxMs: copied.frameWorkMaxMs)
  }
}
