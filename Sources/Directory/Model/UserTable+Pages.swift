/// What a table read from a mapped image (an offline copy's) does with the
/// pages its scans and its rows read.
///
/// A mapped page read once stays in the process's resident memory until
/// the mapping goes: a sort, a search or an index over a million people
/// would leave the whole image (170 MiB) resident beside what Roster
/// holds. Scans let go of the pages behind them instead, every
/// ``pageReleaseStride`` people, so that a few MiB of the image are
/// resident at a time; the pages stay in the page cache, and reading them
/// again maps them again without the disk. Tables built in memory ignore
/// it.
///
/// Threading: any thread, while others read the table.
extension UserTable {
  /// How many people a scan reads between two releases of the image's pages.
  static let pageReleaseStride = 1 << 16

  /// Whether the table reads (some of) its people from a mapped image.
  public var isMapped: Bool { columns.mapping != nil }

  /// For a scan that reads many people: `read` is how many it has read so
  /// far (from any of its threads); every `stride` it lets go of the
  /// image's pages.
  @inline(__always)
  func scanned(_ read: Int, every stride: Int = pageReleaseStride) {
    if read % stride == stride - 1 { releaseMappedPages() }
  }

  /// How many reads a scan of `count` people makes between two releases:
  /// as many as span ``pageReleaseStride`` people of the image, were the
  /// people read spread evenly over it in the order of their positions (a
  /// search's matches, a sort's ties).
  func releaseStride(reading count: Int) -> Int {
    let people = Swift.max(1, userCount)
    return Swift.max(64, Self.pageReleaseStride * Swift.min(count, people) / people)
  }

  /// How many people read one at a time go between two releases of the
  /// image's pages.
  static let singleReadStride = 32

  /// For a read of one person (a row bound to its view model, in a list
  /// whose order is not the image's): every ``singleReadStride`` such reads
  /// it lets go of the image's pages. A person's fields lie on several
  /// pages, and the kernel maps more than the page read (the pages around
  /// it, or the page cache's whole folio, up to 2 MiB), so a few hundred
  /// rows bound while scrolling would otherwise leave most of the image
  /// resident.
  @inline(__always)
  func readOne() {
    guard columns.mapping != nil else { return }
    let reads = singleReads.wrappingAdd(1, ordering: .relaxed).newValue
    if reads % Self.singleReadStride == 0 { releaseMappedPages() }
  }

  /// Lets go of the image's pages read so far (``TableMapping/release()``):
  /// what a scan does as it ends.
  public func releaseMappedPages() { columns.mapping?.release() }
}
