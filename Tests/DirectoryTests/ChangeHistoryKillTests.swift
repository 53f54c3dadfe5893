import Foundation
import SharedSupport
import XCTest

@testable import Directory

/// A change history whose writer is killed with SIGKILL part-way through
/// a record: a real process (this test binary run again) writes three
/// changes whole and half of a fourth, tells the test through a FIFO that
/// the half is on disk, and waits there to be killed. The history then
/// holds the three, and the next change follows them.
final class ChangeHistoryKillTests: XCTestCase {
  private static let test =
    "DirectoryTests.ChangeHistoryKillTests/testASIGKILLPartWayThroughAWriteLosesOnlyThatChange"
  private static let folderVariable = "ROSTER_HISTORY_WRITER_FOLDER"
  private static let gateVariable = "ROSTER_HISTORY_WRITER_GATE"
  private var copy: ReplicaTestCopy!

  override func setUp() {
    super.setUp()
    copy = ReplicaTestCopy()
  }

  override func tearDown() {
    copy.remove()
    super.tearDown()
  }

  /// Change `index`, seen `index` seconds from now (a change older than
  /// a year would be dropped as the history opens).
  private static func change(_ index: Int) -> PersonChange {
    PersonChange(
      seconds: Int64(Date().timeIntervalSince1970) + Int64(index), kind: .title, field: .title,
      identity: "id-\(index)",
      username: "user\(index)", name: "Person \(index)", old: "Engineer",
      new: "Senior Engineer \(index)")
  }

  func testASIGKILLPartWayThroughAWriteLosesOnlyThatChange() throws {
    let environment = ProcessInfo.processInfo.environment
    if let folder = environment[Self.folderVariable], let gate = environment[Self.gateVariable] {
      // The writer: never returns from the fourth change's write.
      let history = try ChangeHistory(
        folder: URL(fileURLWithPath: folder), writer: HaltingWrite(haltAt: 4, gate: gate))
      for index in 0..<4 { try history.record([Self.change(index)]) }
      XCTFail("the writer was to stop inside the fourth change")
      return
    }
    try FileManager.default.createDirectory(at: copy.folder, withIntermediateDirectories: true)
    let gate = copy.outside.appendingPathComponent("gate").path
    XCTAssertEqual(mkfifo(gate, 0o600), 0)
    // Read and write ends both held here, so opening never blocks and a
    // writer that dies early leaves the poll below to its deadline.
    let reader = open(gate, O_RDWR | O_NONBLOCK | O_CLOEXEC)
    XCTAssertGreaterThanOrEqual(reader, 0)
    defer { close(reader) }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [Self.test]
    var variables = environment
    variables[Self.folderVariable] = copy.folder.path
    variables[Self.gateVariable] = gate
    process.environment = variables
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
    // A minute only a writer that never gets there waits out.
    XCTAssertEqual(poll(&ready, 1, 60_000), 1, "the writer reached the fourth change")
    var said = [UInt8](repeating: 0, count: 16)
    XCTAssertEqual(read(reader, &said, said.count), 5)
    XCTAssertEqual(kill(process.processIdentifier, SIGKILL), 0)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    XCTAssertEqual(process.terminationStatus, SIGKILL)

    let path = copy.folder.appendingPathComponent(ChangeHistory.fileName).path
    let left = ChangeHistoryFile.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    XCTAssertEqual(left.changes.map(\.username), ["user0", "user1", "user2"])
    XCTAssertEqual(left.changes.map(\.new), (0..<3).map { Self.change($0).new })
    XCTAssertGreaterThan(left.tornBytes, 0, "half of the fourth is on disk")
    XCTAssertNil(left.damagedAt)
    // A reader meanwhile (roster changes) sees the three whole ones.
    XCTAssertEqual(
      try ChangeHistory.changes(in: copy.folder)?.map(\.username), ["user2", "user1", "user0"])

    let reopened = try ChangeHistory(folder: copy.folder)
    XCTAssertNil(reopened.notice, "a torn end is no damage")
    try reopened.record([Self.change(4)])
    XCTAssertEqual(
      try ChangeHistoryFile.read(path).changes.map(\.username),
      ["user0", "user1", "user2", "user4"])
  }
}

/// Writes every batch whole until the `haltAt`-th, of which it writes
/// half, says "half\n" into the FIFO at `gate`, and waits to be killed.
///
/// Threading: `Sendable`; a lock guards the count.
private struct HaltingWrite: HistoryWriting {
  let haltAt: Int
  let gate: String
  private let count = Locked(0)

  init(haltAt: Int, gate: String) {
    self.haltAt = haltAt
    self.gate = gate
  }

  func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(ReplicaError) {
    let number = count.withLock {
      $0 += 1
      return $0
    }
    guard number == haltAt else {
      return try DirectHistoryWrite().write(bytes, to: descriptor, path: path)
    }
    try DirectHistoryWrite().write(Array(bytes.prefix(bytes.count / 2)), to: descriptor, path: path)
    let out = open(gate, O_WRONLY | O_CLOEXEC)
    _ = Array("half\n".utf8).withUnsafeBytes { Glibc.write(out, $0.baseAddress, $0.count) }
    while true { pause() }
  }
}
