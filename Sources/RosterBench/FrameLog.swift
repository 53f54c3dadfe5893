import Foundation

/// Every measured frame of one run, one CSV line each (`roster-dev bench
/// --frames-csv`): what a median hides. The slowest frames can then be read
/// one by one: whether they did more work (CPU), waited for a CPU, or were
/// blocked, and whether binds or text shaped inside the frame came with them.
///
/// Threading: a value; written once the run ends.
struct FrameLog: Sendable {
  /// The CSV's first line.
  static let header =
    "frame,work_ms,cpu_ms,run_queue_ms,page_faults,binds,lines_shaped_while_drawing"

  /// One measured frame.
  struct Frame: Sendable, Equatable {
    var workMilliseconds: Double
    var cpuMilliseconds: Double
    var runQueueMilliseconds: Double
    var pageFaults: Int
    var binds: Int
    var linesShapedWhileDrawing: Int
  }

  var frames: [Frame]

  /// The frames `recorder` measured, in order.
  @MainActor init(_ recorder: FrameRecorder) {
    frames = recorder.work.indices.map { index in
      Frame(
        workMilliseconds: recorder.work[index], cpuMilliseconds: recorder.workCPU[index],
        runQueueMilliseconds: recorder.workRunQueue[index],
        pageFaults: recorder.workPageFaults[index], binds: recorder.frameBinds[index],
        linesShapedWhileDrawing: recorder.frameLinesShaped[index])
    }
  }

  /// The header and one line per frame, numbered from 0.
  var csv: String {
    var lines = [Self.header]
    for (index, frame) in frames.enumerated() {
      lines.append(
        "\(index),\(Self.format(frame.workMilliseconds)),\(Self.format(frame.cpuMilliseconds)),"
          + "\(Self.format(frame.runQueueMilliseconds)),\(frame.pageFaults),\(frame.binds),"
          + "\(frame.linesShapedWhileDrawing)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Where the run at `speed` writes its log: `path` itself for a single
  /// speed, else the speed before the extension (`frames-6000.csv`).
  static func path(_ path: String, speed: Double, speeds: Int) -> String {
    guard speeds > 1 else { return path }
    let url = URL(fileURLWithPath: path)
    let stem = url.deletingPathExtension().lastPathComponent
    let ext = url.pathExtension.isEmpty ? "" : ".\(url.pathExtension)"
    return url.deletingLastPathComponent().appendingPathComponent("\(stem)-\(Int(speed))\(ext)")
      .path
  }

  private static func format(_ milliseconds: Double) -> String {
    String(format: "%.3f", milliseconds)
  }
}
