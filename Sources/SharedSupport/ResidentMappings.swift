import FoundationEssentials
import Glibc

/// How much of this process's mappings of some files is resident: the
/// `Rss` of each mapping in /proc/self/smaps whose file `matches`, summed.
/// What a mapped offline copy keeps of its image in memory.
///
/// Threading: any thread.
public enum ResidentMappings {
  /// The resident bytes of the mappings whose file's path `matches`.
  public static func bytes(ofFiles matches: (String) -> Bool) -> Int {
    // Read line by line: /proc's files have no size to read up to.
    guard let file = fopen("/proc/self/smaps", "r") else { return 0 }
    defer { fclose(file) }
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    var matching = false
    var kib = 0
    while getline(&buffer, &capacity, file) > 0, let buffer {
      let line = String(cString: buffer)
      let head = line.prefix { $0 != " " }
      if head.contains("-"), head.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
        // "start-end perms offset device inode path": the path is what
        // follows the inode, if anything.
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        let path =
          fields.count == 6 ? String(fields[5]).trimmed : ""
        matching = !path.isEmpty && matches(path)
      } else if matching, line.hasPrefix("Rss:") {
        kib += Int(line.dropFirst(4).split(separator: " ").first ?? "") ?? 0
      }
    }
    return kib * 1024
  }
}
