import CGtk
import GtkKit
import RosterKit

/// Records what run-floor records, inside the app: frame intervals from the
/// frame clock's frame times, main-thread work per frame (before-paint to
/// after-paint), the wall time of each bind and unbind, and main-thread busy
/// time (``MainLoopBusyMeter``, every kind of main-loop work) while recording.
///
/// Threading: main-actor only.
@MainActor
final class FrameRecorder {
  private(set) var intervals: [Double] = []
  private(set) var work: [Double] = []
  /// Each frame's main-thread CPU and run-queue milliseconds (``FrameTimeSplit``).
  private(set) var workCPU: [Double] = []
  private(set) var workRunQueue: [Double] = []
  /// Each frame's minor page faults on the main thread.
  private(set) var workPageFaults: [Int] = []
  private(set) var binds: [Double] = []
  /// Each frame's binds, and the text lines its draw had to shape.
  private(set) var frameBinds: [Int] = []
  private(set) var frameLinesShaped: [Int] = []
  private(set) var unbinds: [Double] = []
  /// Busy and wall milliseconds of the main thread while recording.
  private(set) var busyMilliseconds = 0.0
  private(set) var busyWallMilliseconds = 0.0
  private var busySince: MainLoopBusyMeter.Reading?
  private var lastFrameMicroseconds: Int64 = 0
  private var beforePaint: UInt64 = 0
  private var beforePaintSplit = FrameTimeSplit.Reading(cpu: 0, runQueue: 0)
  private var bindsBeforePaint = 0
  private var linesShapedBeforePaint = 0
  /// Where the window's rows count the lines they shape while drawing.
  private let probe: RowProbe?
  private var connections: [SignalConnection] = []
  /// Runs after each recorded frame's layout and paint: what the frame put
  /// on screen is final then (avatar latency is sampled here).
  var afterPaint: (@MainActor () -> Void)?
  var isRecording = false {
    didSet {
      guard isRecording != oldValue else { return }
      if isRecording {
        MainLoopBusyMeter.install()
        busySince = MainLoopBusyMeter.read()
      } else if let since = busySince {
        let now = MainLoopBusyMeter.read()
        busyMilliseconds += now.busyMilliseconds(since: since)
        busyWallMilliseconds += now.wallMilliseconds(since: since)
        busySince = nil
      }
    }
  }

  /// Listens to `window`'s frame clock (the window must be realized); the
  /// lines its rows shape inside each frame are read from `probe`.
  init(window: Widget, probe: RowProbe? = nil) {
    self.probe = probe
    let clock = gtk_widget_get_frame_clock(window)!
    connections.append(
      Signals.connect(gobject(clock), .beforePaint) { [weak self] in self?.frameBegan() })
    connections.append(
      Signals.connect(gobject(clock), .afterPaint) { [weak self] in self?.frameEnded() })
  }

  /// Records a frame's start (the frame clock's before-paint).
  func frameBegan() {
    // The split first: its /proc read is the bench's, not the frame's work.
    beforePaintSplit = FrameTimeSplit.readAtStart()
    beforePaint = Self.now()
    bindsBeforePaint = binds.count
    linesShapedBeforePaint = probe?.linesShapedWhileDrawing ?? 0
  }

  /// Records a frame's end (the frame clock's after-paint): its work, the
  /// split of it, and what happened inside it.
  func frameEnded() {
    guard isRecording, beforePaint != 0 else { return }
    work.append(Double(Self.now() - beforePaint) / 1e6)
    let split = FrameTimeSplit.read()
    workCPU.append(Double(split.cpu - beforePaintSplit.cpu) / 1e6)
    workRunQueue.append(Double(split.runQueue - beforePaintSplit.runQueue) / 1e6)
    workPageFaults.append(split.pageFaults - beforePaintSplit.pageFaults)
    frameBinds.append(binds.count - bindsBeforePaint)
    frameLinesShaped.append(
      (probe?.linesShapedWhileDrawing ?? 0) - linesShapedBeforePaint)
    afterPaint?()
  }

  /// Call once per frame from a tick callback with the frame time.
  func frame(at microseconds: Int64) {
    if isRecording, lastFrameMicroseconds != 0 {
      intervals.append(Double(microseconds - lastFrameMicroseconds) / 1000)
    }
    lastFrameMicroseconds = microseconds
  }

  func recordBind(microseconds: Double) {
    if isRecording { binds.append(microseconds) }
  }

  func recordUnbind(microseconds: Double) {
    if isRecording { unbinds.append(microseconds) }
  }

  func statistics() -> FrameStatistics {
    FrameStatistics(
      intervals: intervals, work: work, workCPU: workCPU, workRunQueue: workRunQueue,
      workPageFaults: workPageFaults, binds: binds, unbinds: unbinds,
      busyMilliseconds: busyMilliseconds, busyWallMilliseconds: busyWallMilliseconds)
  }

  func stop() {
    isRecording = false
    for connection in connections { connection.disconnect() }
    connections = []
  }

  private static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}
