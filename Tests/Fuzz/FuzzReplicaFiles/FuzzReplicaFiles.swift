import FuzzSupport
import Glibc

@testable import Directory

/// Fuzzes what an offline copy reads back from its folder at every start:
/// a table's image (`people-G`, ``UserTable/init(image:)``) and the order
/// kept beside it (`order-G`, `ReplicaOrderFile`). A damaged disk, a crash
/// or a person may leave any bytes there; every input is either opened
/// with every row readable, or refused, never a trap.
///
/// The input is a 32-bit little-endian length, that many bytes of image,
/// then the order file's bytes (the seeds: images and orders the real
/// writer made). Each file is tried as it is and again with its checksum
/// made right (``Checksum64``), so the mutations reach the checks of the
/// values behind it rather than stopping at the checksum.
///
/// Threading: libFuzzer's worker thread only.
@main
enum FuzzReplicaFiles {
  static func main() {
    let folder = "/tmp/roster-fuzz-replica-\(getpid())"
    mkdir(folder, 0o700)
    let (imagePath, orderPath) = (folder + "/people", folder + "/order")
    Fuzzing.run { input in
      let bytes = Array(input)
      var length = 0
      for k in 0..<min(4, bytes.count) { length |= Int(bytes[k]) << (8 * k) }
      let image = Array(bytes.dropFirst(4).prefix(length))
      let order = Array(bytes.dropFirst(4 + image.count))
      for imageBytes in [image, sealed(image)] {
        write(imageBytes, to: imagePath)
        let table = UserTable(image: imagePath)
        if let table { readEveryRow(table) }
        for orderBytes in [order, sealed(order)] {
          let into = table ?? UserTable([User]())
          write(orderBytes, to: orderPath)
          ReplicaOrderFile.read(orderPath, into: into)
          if let known = into.knownPositions(in: ReplicaOrderFile.order) {
            precondition(known.count == into.userCount, "an order holds everyone")
            precondition(Set(known).count == known.count, "an order holds each person once")
          }
        }
      }
    }
  }

  /// Every row of `table` read as a window and a sort read them.
  static func readEveryRow(_ table: UserTable) {
    for index in 0..<table.userCount {
      let user = table.user(at: index)
      precondition(table.identity(at: index) == (user.id ?? user.username))
      if let manager = table.managerIndex(at: index) {
        precondition(manager >= 0 && manager < table.userCount, "a manager is a person here")
      }
      _ = table.managerIdentity(at: index)
    }
    _ = Array(table.distinctAvatars)
    _ = table.sortedPositions(by: ReplicaOrderFile.order, isCancelled: { false })
  }

  /// `bytes` with the checksum before their closing magic number made
  /// right, as the writer makes it.
  static func sealed(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= 16 else { return bytes }
    var out = bytes
    let end = bytes.count - 16
    let checksum = bytes.withUnsafeBytes {
      Checksum64.of(UnsafeRawBufferPointer(rebasing: $0[..<end])).littleEndian
    }
    withUnsafeBytes(of: checksum) { out.replaceSubrange(end..<(end + 8), with: $0) }
    return out
  }

  static func write(_ bytes: [UInt8], to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    precondition(fd >= 0, "the fuzz target's scratch file")
    defer { close(fd) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset)
      }
      precondition(written > 0, "the fuzz target's scratch file")
      offset += written
    }
  }
}
