import Directory
import GtkKit

/// The page's order (``PeopleOrder``): a click on a table column's title
/// sorts everyone shown (a search's matches too) by that column, a second
/// click reverses it. The order is computed off the main thread
/// (``Directory/UserTable/sortedPositions(by:within:isCancelled:)``), then
/// the model's contents are swapped as a search's are
/// (``ModelPresenter/reload(with:)``); the selected person stays selected
/// and is scrolled to. Searches and refreshes show their people in the
/// same order, a refresh as the differences from the sorted list before it.
extension LoadedReader {
  /// Shows the people in the page's order (nil: the directory's), keeping
  /// the selected person selected and on screen.
  func showInOrder() {
    guard let contents else { return }
    let shown = isNarrowed ? model.elements : contents.rows
    let selectedIndex = selectedPosition.map { model[$0].index }
    // Matches back in the directory's order are sorted by position.
    ordered(
      shown, restoringDirectoryOrder: isNarrowed,
      prepare: { [weak self] rows in await self?.shapeTableAhead(rows, selected: selectedIndex) },
      then: { [weak self] rows, _ in
        guard let self else { return }
        // Who is selected now: the user may have clicked while it sorted.
        let kept = KeptSelection(self.selection, over: self.model)
        self.presenter.reload(with: rows)
        self.table.dropShapedCellsAfterNextFrame()
        self.reselect(kept, in: rows)
      })
  }

  /// Before a sorted table is swapped in, shapes the cells of the people it
  /// will show: the top (it scrolls there), or around the selected person
  /// (it scrolls to them).
  private func shapeTableAhead(_ rows: [UserRef], selected: Int?) async {
    guard viewMode == .table else { return }
    let screen = table.factory.shownPositions().count + 1
    var band = 0..<min(rows.count, screen)
    if let selected, let position = rows.firstIndex(where: { $0.index == selected }) {
      band = max(0, position - screen)..<min(rows.count, position + screen)
    }
    await table.shapeAhead(band.map { rows[$0].viewModel })
  }

  /// Whether a sort is running (tests wait for it).
  package var isSorting: Bool { sorting != nil }

  /// Hands `rows` to `show` in the page's order: at once when it has none
  /// (unless `restoringDirectoryOrder`: rows out of it go back to it),
  /// else sorted off the main thread, with the differences from `old` (a
  /// refresh's list before it) computed there too, and `prepare`d for on
  /// the main thread before they are shown. A newer call cancels an older
  /// one still sorting or preparing.
  func ordered(
    _ rows: [UserRef], against old: [UserRef]? = nil, restoringDirectoryOrder: Bool = false,
    prepare: (@MainActor @Sendable ([UserRef]) async -> Void)? = nil,
    then show: @escaping @MainActor @Sendable ([UserRef], ListDiff?) -> Void
  ) {
    sorting?.cancel()
    sortingCarries = false
    sortingRun += 1
    let order = self.order.sort
    // A search's matches with a typo come after the exact ones, each in the order.
    let near = searchResult?.near ?? []
    guard order != nil || restoringDirectoryOrder || !near.isEmpty, let table = rows.first?.table
    else {
      sorting = nil
      return show(rows, nil)
    }
    // Everything over the rows (a million) off the main thread, their positions too.
    let sort = Task.detached(priority: .userInitiated) { () -> ([UserRef], ListDiff?)? in
      let all = rows.map(\.index)
      let tiers =
        near.isEmpty ? [all] : [all.filter { !near.contains($0) }, all.filter(near.contains)]
      var positions: [Int] = []
      for tier in tiers {
        if let order {
          guard let sorted = table.sortedPositions(by: order, within: tier) else { return nil }
          positions += sorted
        } else {
          positions += tier.sorted()
        }
      }
      let rows = positions.map { UserRef(table: table, index: $0) }
      return (rows, old.map { ListDiff.between($0, rows) })
    }
    sorting = Task { @MainActor [weak self] in
      let sorted = await withTaskCancellationHandler {
        await sort.value
      } onCancel: {
        sort.cancel()
      }
      guard !Task.isCancelled, let sorted else { return }
      await prepare?(sorted.0)
      guard let self, !Task.isCancelled else { return }
      self.sorting = nil
      show(sorted.0, sorted.1)
    }
  }

  /// The list, everyone of `patch`'s table before in the page's order, carried
  /// over to its table (``TablePatch/carry(_:order:)``) with the diff made
  /// from the places people left and came, off the main thread; then
  /// `show`. A patch that comes while the one before is carried goes on
  /// from its rows once they show. A list that is not everyone of that
  /// table is sorted and diffed whole instead.
  func carried(
    over patch: TablePatch,
    then show: @escaping @MainActor @Sendable ([UserRef], ListDiff?) -> Void
  ) {
    let before = sortingCarries ? sorting : nil
    let order = self.order.sort
    sortingCarries = true
    sortingRun += 1
    let run = sortingRun
    sorting = Task { @MainActor [weak self] in
      await before?.value
      guard let shown = self?.model.elements, !Task.isCancelled else { return }
      let result = await Task.detached(priority: .userInitiated) {
        () -> ([UserRef], ListDiff)? in
        guard let carried = patch.carry(shown, order: order) else { return nil }
        let diff = ListDiff.splicing(left: carried.left, came: carried.came) { old, new in
          shown[old].id == carried.rows[new].id
        }
        return (carried.rows, diff)
      }.value
      guard let self, !Task.isCancelled else { return }
      if self.sortingRun == run {
        self.sorting = nil
        self.sortingCarries = false
      }
      guard let (rows, diff) = result else {
        // Everyone of the newest people, sorted (a patch chained after
        // this one is cancelled: it went on from this one's rows).
        let newest = self.contents?.rows ?? patch.table.references
        return self.ordered(newest, against: shown, then: show)
      }
      self.followedPatches += 1
      show(rows, diff)
    }
  }
}
