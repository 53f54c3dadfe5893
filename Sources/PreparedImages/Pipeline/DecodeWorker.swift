import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A dedicated thread that decodes one image at a time, taking the coordinator's highest
/// priority job each time.
///
/// Not Swift's cooperative pool: a decode blocks for milliseconds and would hold up async work.
/// Not a global queue: its width follows the core count, and on two cores decoding in parallel
/// starves the main thread. `maxConcurrentDecodes` workers (default 1) at utility QoS, nice 5.
///
/// Threading: each worker owns its thread and talks only to the coordinator.
final class DecodeWorker: Sendable {
  private let coordinator: PipelineCoordinator
  private let decoder: ImageDecoder
  private let exited: DispatchGroup

  /// Starts a worker; it runs until the coordinator stops, then leaves `exited`.
  @discardableResult
  static func start(
    name: String, coordinator: PipelineCoordinator, decoder: ImageDecoder, exited: DispatchGroup
  ) -> DecodeWorker {
    let worker = DecodeWorker(coordinator: coordinator, decoder: decoder, exited: exited)
    exited.enter()
    let thread = Thread { worker.run() }
    thread.name = name
    thread.qualityOfService = .utility
    thread.start()
    return worker
  }

  private init(coordinator: PipelineCoordinator, decoder: ImageDecoder, exited: DispatchGroup) {
    self.coordinator = coordinator
    self.decoder = decoder
    self.exited = exited
  }

  private func run() {
    defer { exited.leave() }
    #if os(Linux)
      // Linux ignores Thread QoS but honours a nice value, per thread under NPTL (who = 0 is
      // the calling thread): under contention the main thread wins.
      setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 5)
    #endif
    while let job = coordinator.nextDecodeJob() {
      // The decoder counts the decode and its time itself.
      let result = decoder.decode(job.loaded.bytes, pixelSize: job.task.request.pixelSize)
      coordinator.didDecode(job, result)
    }
  }
}
