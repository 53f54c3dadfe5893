import Foundation
import Glibc

/// The built `roster` binary (``RosterProcess``) run on a pseudo-terminal,
/// as a person at a terminal runs it: what it writes is read from the
/// terminal's other side, and lines are typed there after a prompt shows,
/// so everything a terminal would echo is in ``transcript``.
///
/// Threading: one test's thread; reading waits on the terminal (poll, 100
/// ms at a time, up to a deadline).
public final class TerminalProcess {
  private let process = Process()
  private let controller: Int32
  /// Everything the terminal showed so far.
  public private(set) var transcript = ""

  /// Starts `roster` with `arguments` and `environment` added to this
  /// process's, its standard input, output and error the terminal.
  public init(_ arguments: [String], environment: [String: String] = [:]) throws {
    // posix_openpt, unlockpt and ptsname as Linux does them (Glibc's
    // module leaves them out): /dev/ptmx, then TIOCSPTLCK and TIOCGPTN.
    controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard controller >= 0, ioctl(controller, 0x4004_5431, &unlock) == 0,
      ioctl(controller, 0x8004_5430, &number) == 0
    else { throw POSIXError(.ENOTTY) }
    let name = "/dev/pts/\(number)"
    let terminal = open(name, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw POSIXError(.ENOTTY) }
    let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
    process.executableURL = RosterProcess.url
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment
      .merging(TestPreferences.environment(configHome: nil)) { $1 }
      .merging(environment) { $1 }
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    try handle.close()
  }

  deinit {
    if process.isRunning { process.terminate() }
    close(controller)
  }

  /// Reads until the transcript ends with `text` (true) or the program
  /// ends or 30 s pass without it (false).
  @discardableResult
  public func expect(_ text: String) -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while !transcript.hasSuffix(text) {
      guard ContinuousClock.now < deadline, readSome() else { return false }
    }
    return true
  }

  /// Types `line` and Enter.
  public func type(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
  }

  /// Reads until the program ends, and its exit status.
  public func finish() -> Int32 {
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline, readSome() {}
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Reads what is there within 100 ms; false once the terminal's other
  /// side is closed (the program ended).
  private func readSome() -> Bool {
    var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, 100)
    guard ready > 0 else { return ready == 0 }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(controller, &buffer, buffer.count)
    guard count > 0 else { return false }
    transcript += String(decoding: buffer[0..<count], as: UTF8.self)
    return true
  }
}
