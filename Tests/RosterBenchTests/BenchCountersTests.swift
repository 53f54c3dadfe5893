import CGtk
import Foundation
import GtkKit
import PreparedImages
import SharedSupport
import XCTest

@testable import RosterBench
@testable import RosterKit

/// Each figure `roster-dev bench` reports moves when the thing it counts happens,
/// and a figure with no samples is null rather than a reassuring 0.
final class BenchCountersTests: XCTestCase {
  func testTheNaiveBeforeDecodesInBindOnTheMainThreadAndNothingElse() throws {
    try MainActor.assumeIsolated {
      try BenchTestWindow.setUp()
      var configuration = ImagePipelineConfiguration()
      configuration.diskCacheDirectory = nil
      let pipeline = ImagePipeline(configuration: configuration)
      let naive = NaiveAvatarBinder(configuration: configuration)
      let window = MainWindow(
        application: nil, content: .source(RosterApplication.resolveSource(nil)),
        pipeline: pipeline, probe: RowProbe(), rowAvatars: naive)
      defer { window.close() }
      window.present()
      XCTAssertFalse(window.isSearchIndexBuilt, "nothing is indexed before a load")
      window.refresh()
      BenchTestWindow.waitForRows(window)
      XCTAssertTrue(MainContext.run(until: { window.isSearchIndexBuilt }), "the index completes")

      XCTAssertGreaterThan(naive.counts.mainThreadDecodes, 0, "bind decoded on the main thread")
      XCTAssertEqual(naive.counts.mainThreadDecodes, naive.counts.decodes)
      var showing = 0
      window.localPage.factory.forEachBoundRow { row, _ in if row.showsAvatar { showing += 1 } }
      XCTAssertGreaterThan(showing, 0, "the decoded avatars show")
      let statistics = pipeline.statistics()
      XCTAssertEqual(statistics.fileLoads, 0, "no prefetch, no pipeline load")
      XCTAssertEqual(statistics.decodes, 0)
      XCTAssertEqual(statistics.memoryMisses, 0, "bind never asked the pipeline")
    }
  }

  func testAvatarLatencyCountsFramesUntilShownAndRowsNeverShown() {
    MainActor.assumeIsolated {
      let tracker = AvatarLatencyTracker()
      XCTAssertNil(tracker.placeholderRatio, "no frames: no ratio")
      tracker.isRecording = true
      tracker.frame(visibleRows: [("ada", false), ("bob", true), ("cy", false)])
      tracker.frame(visibleRows: [("ada", false), ("bob", true), ("cy", false)])
      tracker.shown("ada")
      tracker.frame(visibleRows: [("ada", true), ("bob", true), ("cy", false)])
      XCTAssertEqual(tracker.latencies.sorted(), [0, 1], "bob at once, ada a frame later")
      XCTAssertEqual(tracker.neverShown, 1, "cy never got an avatar")
      XCTAssertEqual(tracker.placeholderRatio ?? -1, 5.0 / 9.0, accuracy: 1e-9)
    }
  }

  func testFiguresWithoutSamplesAreNull() throws {
    let empty = try ReportLine.json(BenchmarkReport.Spread(Percentiles([Double]())))
    XCTAssertEqual(empty, #"{"p50":null,"p99":null,"max":null}"#)
    let one = try ReportLine.json(BenchmarkReport.Spread(Percentiles([12.34])))
    XCTAssertEqual(one, #"{"p50":12.3,"p99":12.3,"max":12.3}"#)
    let work = try ReportLine.json(BenchmarkReport.Work(Percentiles([Double]())))
    XCTAssertEqual(work, #"{"p50":null,"p90":null,"p99":null,"max":null}"#)

    let idle = FrameStatistics(
      intervals: [], work: [], binds: [], unbinds: [], busyMilliseconds: 0,
      busyWallMilliseconds: 0)
    XCTAssertNil(idle.busyMillisecondsPerSecond, "nothing measured: null")
    XCTAssertNil(idle.pageFaultsPerFrame, "no frames: null")
    let busy = FrameStatistics(
      intervals: [16.7], work: [2], binds: [10], unbinds: [3], busyMilliseconds: 250,
      busyWallMilliseconds: 2000)
    XCTAssertEqual(busy.busyMillisecondsPerSecond ?? 0, 125, accuracy: 1e-9)
  }

  func testTheFrameLogHasEveryFrameWithWhatHappenedInIt() throws {
    try MainActor.assumeIsolated {
      try BenchTestWindow.setUp()
      let window = BenchTestWindow.openEmbedded(pipeline: nil)
      defer { window.close() }
      let counts = RowProbe()
      let recorder = FrameRecorder(window: window.window, probe: counts)
      defer { recorder.stop() }
      recorder.isRecording = true
      recorder.frameBegan()
      for _ in 0..<3 { recorder.recordBind(microseconds: 10) }
      counts.linesShapedWhileDrawing += 2
      // 64 fresh pages, each zero-filled by the kernel on its first touch: 64 faults.
      let pages = 64
      let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
      let mapping = try XCTUnwrap(
        mmap(nil, pages * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
      XCTAssertNotEqual(mapping, MAP_FAILED)
      for page in 0..<pages {
        mapping.storeBytes(of: 1, toByteOffset: page * pageSize, as: UInt8.self)
      }
      munmap(mapping, pages * pageSize)
      recorder.frameEnded()
      recorder.frameBegan()
      recorder.frameEnded()

      let lines = FrameLog(recorder).csv.split(separator: "\n").map(String.init)
      XCTAssertEqual(lines.count, 3, "the header and one line a frame")
      XCTAssertEqual(lines[0], FrameLog.header)
      XCTAssertTrue(lines[1].hasPrefix("0,") && lines[1].hasSuffix(",3,2"), lines[1])
      XCTAssertTrue(lines[2].hasPrefix("1,") && lines[2].hasSuffix(",0,0"), lines[2])
      let faults = recorder.workPageFaults
      XCTAssertGreaterThanOrEqual(faults.first ?? 0, pages, "the frame that touched fresh pages")
      XCTAssertLessThan(faults.last ?? .max, pages, "the frame that did not")
      XCTAssertEqual(
        recorder.statistics().pageFaultsPerFrame ?? 0, Double(faults.reduce(0, +)) / 2,
        accuracy: 1e-9)
    }
  }

  func testEachSpeedGetsItsOwnFrameLog() {
    XCTAssertEqual(FrameLog.path("/tmp/frames.csv", speed: 6000, speeds: 1), "/tmp/frames.csv")
    XCTAssertEqual(
      FrameLog.path("/tmp/frames.csv", speed: 6000, speeds: 2), "/tmp/frames-6000.csv")
    XCTAssertEqual(FrameLog.path("/tmp/frames", speed: 20000, speeds: 2), "/tmp/frames-20000")
  }
}
