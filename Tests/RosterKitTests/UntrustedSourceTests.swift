import CGtk
import Directory
import Foundation
import GtkKit
import RosterKit
import XCTest

/// `--source` naming something that is not a file: the window says so at once
/// instead of waiting forever for a FIFO's writer or reading a device.
final class UntrustedSourceTests: XCTestCase {
  func testAFIFOADeviceOrAFolderAsSourceShowsTheErrorAtOnce() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      let fifo = directory.folder.appendingPathComponent("fifo.json").path
      XCTAssertEqual(mkfifo(fifo, 0o600), 0)
      // A folder means the users.json inside it: here that is a folder too.
      try FileManager.default.createDirectory(
        at: directory.usersFile, withIntermediateDirectories: false)
      let cases = [
        (fifo, fifo), ("/dev/zero", "/dev/zero"), ("/dev/urandom", "/dev/urandom"),
        (directory.folder.path, directory.usersFile.path),
      ]
      for (argument, path) in cases {
        let clock = ContinuousClock()
        let start = clock.now
        let window = MainWindow(
          application: nil, content: .source(RosterApplication.resolveSource(argument)))
        defer { window.close() }
        window.present()
        window.refresh()
        // Loose, so a loaded machine cannot fail it; a FIFO used to block for ever.
        let finished = MainContext.run(until: { !window.isLoading }, timeout: .seconds(5))
        let elapsed = start.duration(to: clock.now)
        print("--source \(argument) was refused after \(elapsed)")
        XCTAssertTrue(finished, "--source \(argument) hung")
        XCTAssertEqual(
          window.state,
          .failed("Can't retrieve the directory: Could not read \(path): it is not a regular file"))
      }
    }
  }
}
