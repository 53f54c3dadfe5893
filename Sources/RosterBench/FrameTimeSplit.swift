import Foundation
import SharedSupport

/// Where a frame's wall time went on the main thread: on a CPU
/// (`CLOCK_THREAD_CPUTIME_ID`), waiting for one while runnable (the second
/// field of `/proc/thread-self/schedstat`), or blocked (the rest: sleeping in
/// a system call, on a lock, on a page). A slow frame that did no more work
/// than a median one was slowed by the machine, not by its own code. The
/// thread's minor page faults are counted too (`getrusage`): each is a page
/// the kernel had to zero-fill or map in the middle of the frame.
///
/// Threading: each reading is of the calling thread; the recorder reads on
/// the main thread at before-paint and after-paint, outside the frame's
/// measured work (the run-queue reading is a /proc read, which run-floor
/// does not do).
struct FrameTimeSplit: Sendable {
  /// Thread CPU time and run-queue wait, in nanoseconds since the thread
  /// started, and its minor page faults so far.
  struct Reading: Sendable {
    var cpu: UInt64
    var runQueue: UInt64
    var pageFaults = 0
  }

  /// The calling thread's counters now (run-queue wait 0 where /proc has none).
  static func read() -> Reading {
    Reading(cpu: ThreadCPUTime.nanoseconds(), runQueue: runQueueWait(), pageFaults: pageFaults())
  }

  /// The counters at the start of a frame: the system calls first, so their
  /// cost falls before the frame's CPU time starts.
  static func readAtStart() -> Reading {
    let runQueue = runQueueWait()
    let faults = pageFaults()
    return Reading(cpu: ThreadCPUTime.nanoseconds(), runQueue: runQueue, pageFaults: faults)
  }

  /// The calling thread's minor page faults so far.
  private static func pageFaults() -> Int {
    var usage = rusage()
    guard getrusage(__rusage_who_t(1), &usage) == 0 else { return 0 }  // RUSAGE_THREAD
    return usage.ru_minflt
  }

  /// The calling thread's run-queue wait so far, in nanoseconds.
  private static func runQueueWait() -> UInt64 {
    let file = open("/proc/thread-self/schedstat", O_RDONLY)
    guard file >= 0 else { return 0 }
    defer { close(file) }
    var buffer = [UInt8](repeating: 0, count: 96)
    let count = Glibc.read(file, &buffer, buffer.count - 1)
    guard count > 0 else { return 0 }
    // "<on-cpu ns> <run-queue ns> <timeslices>"
    let fields = buffer[0..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1 else { return 0 }
    return UInt64(String(decoding: fields[1], as: UTF8.self)) ?? 0
  }
}

/// The mean split of the slowest frames (by frame work), in milliseconds.
struct SlowestFrames: Sendable {
  var work = 0.0
  var cpu = 0.0
  var runQueue = 0.0
  var blocked = 0.0

  /// The share of frames counted as the slowest.
  static let share = 0.02

  /// The mean over the slowest ``share`` of `work` (at least one frame), or
  /// nil without frames; the three arrays are per frame, in milliseconds.
  init?(work: [Double], cpu: [Double], runQueue: [Double]) {
    guard !work.isEmpty, work.count == cpu.count, work.count == runQueue.count else { return nil }
    let count = max(1, Int((Double(work.count) * Self.share).rounded(.up)))
    let slowest = work.indices.sorted { work[$0] > work[$1] }.prefix(count)
    for index in slowest {
      self.work += work[index]
      self.cpu += cpu[index]
      self.runQueue += runQueue[index]
    }
    self.work /= Double(count)
    self.cpu /= Double(count)
    self.runQueue /= Double(count)
    blocked = max(0, self.work - self.cpu - self.runQueue)
  }
}
