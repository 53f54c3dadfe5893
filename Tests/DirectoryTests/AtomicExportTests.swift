import Directory
import Foundation
import TestSupport
import XCTest

/// An export's file appears complete or not at all: a cancelled or failed
/// export leaves neither its file nor a temporary file, and a file already
/// at the destination stays as it was; progress counts up to the total.
final class AtomicExportTests: XCTestCase {
  /// A server directory of `count` people that fails, or cancels its
  /// reader, when asked for its window at `trouble`, after checking that
  /// the export's temporary file is there.
  private struct TroubledDirectory: RangedDirectory {
    enum Trouble: Sendable { case fail, cancel }
    let count: Int
    let trouble: Trouble
    let troubleAt: Int
    let folder: URL
    let sawTemporaryFile = Flag()

    var location: String { "test" }

    func rows(_ range: Range<Int>) async throws(DirectoryError) -> RowRange {
      if range.lowerBound >= troubleAt {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        sawTemporaryFile.value = names.contains { $0.hasSuffix(".part") }
        switch trouble {
        case .fail: throw .network("the server went away")
        case .cancel: withUnsafeCurrentTask { $0?.cancel() }
        }
      }
      let entries = range.clamped(to: 0..<count).map {
        DirectoryEntry(id: "uid=p\($0)", username: "p\($0)")
      }
      return RowRange(offset: range.lowerBound, entries: entries, count: count)
    }

    func searching(_ text: String) -> any RangedDirectory { self }
    func querying(filter: PersonFilter?, sort: PersonSort?) -> any RangedDirectory { self }
    func sortRefusals() async throws(DirectoryError) -> [PersonField: String] { [:] }
    func position(ofFirstAtOrAfter sortKey: String) async throws(DirectoryError)
      -> RowRange
    { RowRange(offset: 0, entries: [], count: count) }
    func photo(of identity: String, maxBytes: Int) async throws(DirectoryError) -> [UInt8]? { nil }
    func attributes(of identity: String) async throws(DirectoryError) -> [DirectoryAttribute] {
      []
    }
  }

  /// A value set by one task and read by another after it ends.
  final class Flag: @unchecked Sendable {
    var value = false
  }

  private func names(in folder: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  func testACancelledExportLeavesNoFileAndNoTemporaryFile() async throws {
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("people.csv")
    let directory = TroubledDirectory(
      count: 5000, trouble: .cancel, troubleAt: 2000, folder: folder.url)
    do {
      _ = try await PersonExporter.export(
        directory, as: PersonExport(format: .csv), to: file)
      XCTFail("a cancelled export finished")
    } catch is CancellationError {}
    XCTAssertTrue(directory.sawTemporaryFile.value, "the export was under way")
    XCTAssertEqual(try names(in: folder), [])
  }

  func testALocalExportCancelledBeforeItEndsLeavesNothing() async throws {
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("people.vcf")
    let table = ExportCorpus.table(count: 3000)
    let task = Task {
      try await PersonExporter.export(table, as: PersonExport(format: .vcard), to: file)
    }
    task.cancel()
    do {
      _ = try await task.value
      XCTFail("a cancelled export finished")
    } catch is CancellationError {}
    XCTAssertEqual(try names(in: folder), [])
  }

  func testAFailedExportLeavesTheFileThatWasThereUntouched() async throws {
    let folder = TemporaryDirectory()
    let file = folder.write("people.ldif", Array("the old file\n".utf8))
    let directory = TroubledDirectory(
      count: 5000, trouble: .fail, troubleAt: 3000, folder: folder.url)
    do {
      _ = try await PersonExporter.export(
        directory, as: PersonExport(format: .ldif), to: URL(fileURLWithPath: file))
      XCTFail("a failed export finished")
    } catch let error as DirectoryError {
      XCTAssertEqual(error, .network("the server went away"))
    }
    XCTAssertTrue(directory.sawTemporaryFile.value)
    XCTAssertEqual(try names(in: folder), ["people.ldif"])
    XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "the old file\n")
  }

  func testAFinishedExportReplacesTheFileAndReportsEveryone() async throws {
    let folder = TemporaryDirectory()
    let file = folder.write("people.csv", Array("old".utf8))
    let directory = TroubledDirectory(
      count: 2500, trouble: .fail, troubleAt: .max, folder: folder.url)
    let reports = Reports()
    let final = try await PersonExporter.export(
      directory, as: PersonExport(format: .csv, columns: [.username]),
      to: URL(fileURLWithPath: file), progress: { reports.append($0) })
    XCTAssertEqual(final.done, 2500)
    XCTAssertEqual(final.total, 2500)
    XCTAssertEqual(reports.all.last, final)
    XCTAssertEqual(try names(in: folder), ["people.csv"])
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\r\n")
    XCTAssertEqual(lines.count, 2501)
    XCTAssertEqual(lines.last, "p2499")
  }

  func testAFolderThatIsNotThereFailsAtOnceSayingSo() async throws {
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("missing/people.csv")
    do {
      _ = try await PersonExporter.export(
        ExportCorpus.table(count: 2), as: PersonExport(format: .csv), to: file)
      XCTFail("an export into a missing folder finished")
    } catch let error as ExportError {
      XCTAssertTrue(error.description.contains("missing"), error.description)
    }
    XCTAssertEqual(try names(in: folder), [])
  }

  func testTheTimeLeftFollowsThePaceSoFar() {
    let half = ExportProgress(done: 500, total: 1000, elapsed: .seconds(2))
    XCTAssertEqual(half.estimatedRemaining, .seconds(2))
    let quarter = ExportProgress(done: 250, total: 1000, elapsed: .seconds(1))
    XCTAssertEqual(quarter.estimatedRemaining, .seconds(3))
    XCTAssertNil(ExportProgress(done: 0, total: 1000, elapsed: .seconds(1)).estimatedRemaining)
    XCTAssertNil(ExportProgress(done: 10, total: nil, elapsed: .seconds(1)).estimatedRemaining)
  }
}

/// Progress reports, gathered from the exporting task.
private final class Reports: @unchecked Sendable {
  private let lock = NSLock()
  private var reports: [ExportProgress] = []

  func append(_ progress: ExportProgress) { lock.withLock { reports.append(progress) } }
  var all: [ExportProgress] { lock.withLock { reports } }
}
