import Directory
import GtkKit

/// The people selected on a local page, kept by who they are while what
/// the page shows changes under them (a sort, a search, a filter, a group,
/// a refresh), and found again among the rows shown after: a person still
/// shown stays selected wherever they moved, one no longer shown leaves
/// the selection. Everything selected (Ctrl+A) stays everything.
///
/// The selected people are held as one bit per person of their table (a
/// million people cost 125 KB), and found again in one pass over the new
/// rows; a refresh's new table is matched by identity.
///
/// Threading: a plain value; `Sendable` (made on the main actor, resolved anywhere).
struct KeptSelection: Sendable {
  /// Whether everything was selected.
  let everyone: Bool
  /// The table the bits are of.
  private let table: UserTable?
  /// One bit per person of `table`: set for the selected.
  private let bits: [UInt64]
  /// The person the selection centred on (the page's `selectedPosition`).
  let focus: UserRef?

  /// What `selection` over `rows` holds; nil when nothing is selected.
  @MainActor init?(_ selection: RangeSelection, over rows: ListModel<UserRef>) {
    guard !selection.ranges.isEmpty, rows.count > 0 else { return nil }
    everyone = selection.selectsAll
    let focusPosition = selection.focus ?? selection.ranges.first
    focus = focusPosition.flatMap { $0 < rows.count ? rows[$0] : nil }
    let table = rows[0].table
    self.table = table
    guard !everyone else {
      bits = []
      return
    }
    var bits = [UInt64](repeating: 0, count: (table.userCount + 63) / 64)
    for range in selection.ranges.ranges {
      for position in range.clamped(to: 0..<rows.count) {
        let index = rows[position].index
        bits[index >> 6] |= 1 << UInt64(index & 63)
      }
    }
    self.bits = bits
  }

  /// Where the kept people are in `rows`: their positions, the focus's,
  /// and whether that is everyone.
  func positions(in rows: [UserRef]) -> (ranges: SelectionRanges, focus: Int?, everyone: Bool) {
    guard !everyone else {
      let focus = self.focus.flatMap { focus in rows.firstIndex { Self.same($0, focus) } }
      return (SelectionRanges(0..<rows.count), focus, true)
    }
    guard let table, let first = rows.first else { return (SelectionRanges(), nil, false) }
    let isSelected: (UserRef) -> Bool
    if first.table === table {
      isSelected = { [bits] row in bits[row.index >> 6] & (1 << UInt64(row.index & 63)) != 0 }
    } else {
      // A refresh's new table: the same people by identity.
      var identities = Set<String>()
      for (word, value) in bits.enumerated() where value != 0 {
        for bit in 0..<64 where value & (1 << UInt64(bit)) != 0 {
          identities.insert(table.identity(at: word * 64 + bit))
        }
      }
      isSelected = { identities.contains($0.id) }
    }
    var ranges = SelectionRanges()
    var runStart = -1
    var focusPosition: Int?
    for (position, row) in rows.enumerated() {
      if isSelected(row) {
        if runStart < 0 { runStart = position }
        if let focus, focusPosition == nil, Self.same(row, focus) { focusPosition = position }
      } else if runStart >= 0 {
        ranges.insert(runStart..<position)
        runStart = -1
      }
    }
    if runStart >= 0 { ranges.insert(runStart..<rows.count) }
    return (ranges, focusPosition, false)
  }

  /// Whether `row` is `person`: the same row of the same table, or the same identity.
  private static func same(_ row: UserRef, _ person: UserRef) -> Bool {
    row.table === person.table ? row.index == person.index : row.id == person.id
  }
}
