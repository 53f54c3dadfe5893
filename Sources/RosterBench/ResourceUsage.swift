import CGtk
import Foundation
import SharedSupport

/// Reads this process's memory figures from /proc.
///
/// Threading: any thread.
package enum ResourceUsage {
  /// Peak resident set size (VmHWM) in MiB.
  package static var peakResidentMiB: Double { field("VmHWM:") / 1024 }

  /// Resident set size now (VmRSS) in MiB.
  package static var residentMiB: Double { field("VmRSS:") / 1024 }

  /// Resident set size (VmRSS) in MiB once malloc has given the free
  /// memory of its arenas back (`malloc_trim`): what is kept, not what
  /// was passed through.
  package static var residentMiBKept: Double {
    malloc_trim(0)
    return residentMiB
  }

  /// The resident part of the process's own memory (RssAnon: heap,
  /// stacks, GTK's surfaces) in MiB: not pages of files mapped.
  package static var residentAnonymousMiB: Double { field("RssAnon:") / 1024 }

  /// The resident pages of mapped files (RssFile: libraries, an offline
  /// copy's table) in MiB: clean pages of the page cache, which the kernel
  /// takes back under pressure without writing them.
  package static var residentFileMiB: Double { field("RssFile:") / 1024 }

  /// The resident pages of the files mapped from under `folder` (an
  /// offline copy's table), in MiB, summed over /proc/self/smaps.
  package static func residentMiB(ofFilesUnder folder: String) -> Double {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return Double(ResidentMappings.bytes { $0.hasPrefix(prefix) }) / 1_048_576
  }

  /// Starts the peak (VmHWM) again from the resident size now, so that a
  /// later ``peakResidentMiB`` is the peak of what ran in between; false
  /// when the kernel refused.
  package static func resetPeak() -> Bool {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
    defer { fclose(file) }
    return fputs("5", file) >= 0
  }

  /// malloc's live bytes (every arena's, and its own mappings') and the
  /// free bytes its arenas keep, in MiB (glibc's `mallinfo2`).
  static var heapMiB: (inUse: Double, free: Double) {
    let info = mallinfo2()
    return (Double(info.uordblks + info.hblkhd) / 1_048_576, Double(info.fordblks) / 1_048_576)
  }

  /// CPU time this process used so far (user and system), in milliseconds.
  static var cpuMilliseconds: Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
    let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
    return user + system
  }

  /// Open file descriptors: the entries of /proc/self/fd (less the one
  /// reading it).
  static var openDescriptors: Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return max(0, entries.count - 1)
  }

  private static func field(_ name: String) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix(name) {
      let value = line.dropFirst(name.count).trimmingCharacters(in: .whitespaces).split(
        separator: " "
      ).first
      return Double(value ?? "0") ?? 0
    }
    return 0
  }
}
