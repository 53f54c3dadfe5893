/// Whether a JPEG's bytes reach its end: an end-of-image marker after the last start-of-scan.
///
/// gdk-pixbuf decodes a JPEG cut short as a success, painting what is missing grey, so a
/// half-downloaded or half-written avatar would show as a broken picture instead of the row's
/// initials. Inside scan data every 0xFF byte is followed by 0x00 or a restart marker, so an
/// 0xFF 0xD9 after the last 0xFF 0xDA can only be the real end; one inside an earlier embedded
/// thumbnail does not count.
///
/// Threading: a pure function.
enum JPEGEnd {
  static func isPresent(in bytes: [UInt8]) -> Bool {
    guard bytes.count >= 4 else { return false }
    var index = bytes.count - 2
    // Back to front: an end-of-image marker seen before (after, in the file) the last scan.
    var sawEnd = false
    while index >= 0 {
      if bytes[index] == 0xFF {
        switch bytes[index + 1] {
        case 0xD9: sawEnd = true
        case 0xDA: return sawEnd
        default: break
        }
      }
      index -= 1
    }
    return false
  }
}
