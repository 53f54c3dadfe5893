import ArgumentParser
import Foundation
import LDAPDemo
import PreparedImages
import SharedSupport

/// `roster-dev http-speed`: the avatar pipeline's HTTP throughput against a
/// local server: the demo avatars (data/avatars) served by Python's
/// http.server on 127.0.0.1, each asked for under several addresses (a
/// query string apiece, so nothing comes from a cache), through a fresh
/// `ImagePipeline` without a disk cache, all at once as a fling would ask.
/// Prints the median and the range of avatars per second and MiB per
/// second, over the runs, and how many downloads failed (an avatar that
/// arrived but does not decode is not one: the demo avatars include broken
/// files on purpose); any failed download fails the command.
struct HTTPSpeedCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "http-speed",
    abstract: "Time the avatar pipeline's downloads from a local server (release build).")

  @Option(help: "The folder of avatars to serve.") var avatars = "data/avatars"
  @Option(help: "Downloads per run (the avatars asked for in turn).") var requests = 2_000
  @Option(help: "Runs; each with a pipeline of its own.") var runs = 5
  @Option(help: "Decode workers (the pipeline's default is 1).") var decodeWorkers = 2
  @Option(help: "The size the avatars are decoded to, in pixels.") var pixelSize = 32

  func run() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: avatars)
      .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted()
    guard !files.isEmpty else { throw ValidationError("no .png or .jpg in \(avatars)") }
    let sizes = try files.map {
      try FileManager.default.attributesOfItem(atPath: "\(avatars)/\($0)")[.size] as? Int ?? 0
    }
    let server = try LocalHTTPServer(folder: avatars)
    let (requests, runs, decodeWorkers, pixelSize) = (requests, runs, decodeWorkers, pixelSize)
    // The pipeline delivers on the main queue: this thread runs it.
    Task { @MainActor in
      var rates: [Double] = []
      var throughput: [Double] = []
      var failures = 0
      for run in 0..<runs {
        let addresses = (0..<requests).map { index in
          URL(
            string:
              "http://127.0.0.1:\(server.port)/\(files[index % files.count])?r=\(run)-\(index)")!
        }
        let bytes = (0..<requests).reduce(0) { $0 + sizes[$1 % sizes.count] }
        let (elapsed, failed) = await Self.load(
          addresses, decodeWorkers: decodeWorkers, pixelSize: pixelSize)
        failures += failed
        let seconds =
          Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        rates.append(Double(requests) / seconds)
        throughput.append(Double(bytes) / seconds / 1_048_576)
      }
      server.stop()
      Self.report(
        rates: rates, throughput: throughput, failures: failures, requests: requests,
        files: files.count, runs: runs)
      Foundation.exit(failures == 0 ? 0 : 1)
    }
    dispatchMain()
  }

  private static func report(
    rates: [Double], throughput: [Double], failures: Int, requests: Int, files: Int, runs: Int
  ) {
    let perSecond = Percentiles(rates)
    let mebibytes = Percentiles(throughput)
    print("http-speed: \(requests) avatars from \(files) files over loopback, \(runs) runs")
    print(
      String(
        format: "avatars/s: median %.0f (min %.0f, max %.0f)", perSecond(0.5)!, perSecond(0)!,
        perSecond(1)!))
    print(
      String(
        format: "MiB/s: median %.1f (min %.1f, max %.1f)", mebibytes(0.5)!, mebibytes(0)!,
        mebibytes(1)!))
    print("failed downloads: \(failures)")
  }

  /// Asks for every address at once; the time until the last is decoded,
  /// and how many downloads failed.
  @MainActor
  private static func load(_ addresses: [URL], decodeWorkers: Int, pixelSize: Int) async
    -> (Duration, Int)
  {
    var configuration = ImagePipelineConfiguration()
    configuration.diskCacheDirectory = nil
    configuration.maxConcurrentDecodes = decodeWorkers
    let pipeline = ImagePipeline(configuration: configuration)
    let clock = ContinuousClock()
    let start = clock.now
    let failed = await withTaskGroup(of: Int.self) { group in
      for address in addresses {
        group.addTask {
          let request = ImageRequest(source: .http(address), pixelSize: pixelSize)
          do {
            _ = try await pipeline.image(for: request)
            return 0
          } catch {
            switch error as? ImageFailure {
            // Downloaded: the demo avatars include broken files on purpose.
            case .decodeFailed, .unsupportedFormat, .dimensionsTooLarge: return 0
            default: return 1
            }
          }
        }
      }
      var failed = 0
      for await one in group { failed += one }
      return failed
    }
    let elapsed = clock.now - start
    await pipeline.shutdown()
    return (elapsed, failed)
  }
}

/// Python's http.server serving a folder on 127.0.0.1 (a free port), for
/// as long as the benchmark runs.
///
/// Threading: made on the command's thread, stopped on the main actor
/// once the runs are over.
private final class LocalHTTPServer: @unchecked Sendable {
  let port: Int
  private let process = Process()

  init(folder: String) throws {
    port = try DemoLDAPServer.freePort()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-m", "http.server", "--bind", "127.0.0.1", "--directory", folder, "\(port)",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Python imports its libraries first: wait for the port to answer.
    for _ in 0..<100 {
      if DemoLDAPServer.answers(port: port) { return }
      usleep(50_000)
    }
    process.terminate()
    throw ValidationError("python3 -m http.server did not start")
  }

  func stop() {
    process.terminate()
    process.waitUntilExit()
  }
}
