import Dispatch
import FoundationEssentials
import SharedSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A dedicated thread that decodes one image at a time, taking the coordinator's highest
/// priority job each time (and reading it first when it is a local file).
///
/// Not Swift's cooperative pool: a decode blocks for milliseconds and would hold up async work.
/// Not a global queue: its width follows the core count, and on two cores decoding in parallel
/// starves the main thread. `maxConcurrentDecodes` workers (default 1), each named
/// ``threadName`` and, on Linux, scheduled `SCHED_IDLE`: a decode runs on a core nothing else
/// wants, so it takes no time from the main thread or the display server while a frame is
/// drawn, and under full load it still gets the small share CFS gives idle-class threads.
///
/// That share is about a three-hundredth of a busy core's: on a machine busy with other work
/// (a build, another app) a decode of a few milliseconds waits seconds. Rows accept that, but
/// the one image the user opened (``ImagePriority/opened``, a person's details) is decoded in
/// the normal class, which a single image a click costs the frames nothing noticeable.
///
/// Threading: each worker owns its thread and talks only to the coordinator.
final class DecodeWorker: Sendable {
  private let coordinator: PipelineCoordinator
  private let decoder: ImageDecoder
  /// The class the worker waits and decodes rows in: idle, unless the configuration says
  /// otherwise (``ImagePipelineConfiguration/decodesInIdleClass``).
  private let restingPolicy: Int32
  private let exited: DispatchGroup

  /// Starts a worker; it runs until the coordinator stops, then leaves `exited`.
  @discardableResult
  static func start(
    coordinator: PipelineCoordinator, decoder: ImageDecoder, inIdleClass: Bool = true,
    exited: DispatchGroup
  ) -> DecodeWorker {
    let worker = DecodeWorker(
      coordinator: coordinator, decoder: decoder,
      restingPolicy: inIdleClass ? idlePolicy : normalPolicy, exited: exited)
    exited.enter()
    DetachedThread.start(name: threadName) { worker.run() }
    return worker
  }

  private init(
    coordinator: PipelineCoordinator, decoder: ImageDecoder, restingPolicy: Int32,
    exited: DispatchGroup
  ) {
    self.coordinator = coordinator
    self.decoder = decoder
    self.restingPolicy = restingPolicy
    self.exited = exited
  }

  /// The kernel's name of every decode thread (what `top -H` and /proc show).
  static let threadName = "roster-decode"

  /// Linux's idle scheduling class (`SCHED_IDLE` in <sched.h>, not imported by Glibc).
  static let idlePolicy: Int32 = 5
  /// Linux's normal scheduling class (`SCHED_OTHER`).
  static let normalPolicy: Int32 = 0

  /// The class a decode at `priority` runs in: the normal one for what the user opened.
  static func policy(for priority: ImagePriority) -> Int32 {
    priority >= .opened ? normalPolicy : idlePolicy
  }

  /// Puts the calling thread in scheduling class `policy` (Linux; elsewhere nothing).
  private static func schedule(_ policy: Int32) {
    #if os(Linux)
      // Linux ignores Thread QoS; the policy is per thread under NPTL (pid 0 is the calling
      // thread). Measured against nice 5 in docs/PERFORMANCE.md ("The decode thread's class").
      var parameters = sched_param()
      sched_setscheduler(0, policy, &parameters)
    #endif
  }

  private func run() {
    defer { exited.leave() }
    Self.schedule(restingPolicy)
    while let job = coordinator.nextDecodeJob() {
      // In the normal class only while it decodes what the user opened: waiting for the next
      // job, and decoding a row, it is idle-class again.
      let policy = restingPolicy == Self.idlePolicy ? Self.policy(for: job.priority) : restingPolicy
      if policy != restingPolicy { Self.schedule(policy) }
      // CPU time, not wall time: on a busy machine this idle-class thread waits for a core
      // mid-decode, and that wait says nothing about how long the next decode needs one.
      let start = ThreadCPUTime.nanoseconds()
      let result = decode(job)
      let took = Duration.nanoseconds(Int64(ThreadCPUTime.nanoseconds() - start))
      if policy != restingPolicy { Self.schedule(restingPolicy) }
      coordinator.didDecode(
        job, result, took: took,
        inNormalClass: policy == Self.normalPolicy && restingPolicy == Self.idlePolicy)
    }
  }

  private func decode(_ job: DecodeQueue.Job) -> Result<PreparedImage, ImageFailure> {
    let loaded: LoadedBytes
    switch job.bytes {
    case .loaded(let bytes): loaded = bytes
    case .read(let read):
      switch read() {
      case .success(let bytes): loaded = bytes
      case .failure(let failure): return .failure(failure)
      }
    }
    // The decoder counts the decode and its time itself.
    let result = decoder.decode(loaded.bytes, pixelSize: job.task.request.pixelSize)
    if case .success = result { loaded.didDecode?(loaded.bytes) }
    return result
  }
}
