import Directory
import Foundation

/// A python3 process holding a users.json's people in memory (read once,
/// before any timing) that writes them to a CSV file with the csv module's
/// writer whenever asked: every field in ``PersonField``'s order, "" for
/// none, then flush and fsync; it reports the time it took.
///
/// Threading: owned by the command's thread.
final class PythonCSVWriter {
  /// The program: reads the people, then one file name a line on standard
  /// input, answering each with the seconds the writing took.
  private static let script = """
    import csv, json, os, sys, time
    fields = sys.argv[2].split(",")
    with open(sys.argv[1], encoding="utf-8") as f:
        people = json.load(f)
    rows = [[p.get(k, "") for k in fields] for p in people]
    del people
    print("ready", flush=True)
    for line in sys.stdin:
        start = time.perf_counter()
        with open(line.rstrip("\\n"), "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(fields)
            writer.writerows(rows)
            out.flush()
            os.fsync(out.fileno())
        print(time.perf_counter() - start, flush=True)
    """

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()

  /// Starts python3 on the people in `people` and waits until it has read them.
  init(people: URL) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      "-c", Self.script, people.path, PersonField.allCases.map(\.rawValue).joined(separator: ","),
    ]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    guard try readLine() == "ready" else { throw Failure("python3 did not read the people") }
  }

  deinit {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  /// Writes the people to `file`; the time python3 measured.
  func write(to file: URL) throws -> Duration {
    input.fileHandleForWriting.write(Data((file.path + "\n").utf8))
    guard let seconds = Double(try readLine()) else { throw Failure("python3 failed") }
    return .seconds(seconds)
  }

  private func readLine() throws -> String {
    var line: [UInt8] = []
    while true {
      guard let byte = try output.fileHandleForReading.read(upToCount: 1)?.first else {
        throw Failure("python3 stopped")
      }
      if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
      line.append(byte)
    }
  }

  /// Why the baseline could not run.
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
