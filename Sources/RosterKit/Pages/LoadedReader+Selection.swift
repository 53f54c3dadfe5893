import CGtk
import Directory
import GtkKit

/// The selection of a users.json's page across changes of what it shows:
/// a swap of the whole list (a sort, a search, a filter, a group) finds
/// the selected people again wherever they now are (``KeptSelection``); a
/// refresh applied as differences keeps the unchanged people by their
/// positions and carries the selected among those it moves (a changed
/// title under a sort by title) to where they are inserted again.
extension LoadedReader {
  /// ``ModelPresenter/apply(_:diff:diffVersion:afterPreview:)``, the
  /// selected people kept.
  func apply(_ rows: [UserRef], diff: ListDiff?, diffVersion: Int, afterPreview: Bool) {
    defer { onRowsApplied?() }
    let kept = KeptSelection(selection, over: model)
    let carried = diff.map(selectedIdentitiesRemoved(by:)) ?? []
    presenter.apply(rows, diff: diff, diffVersion: diffVersion, afterPreview: afterPreview)
    guard let kept, !selection.selectsAll else { return }
    guard let applied = presenter.lastRefresh?.diff else {
      // Replaced whole: everyone is looked for.
      return reselect(kept, in: rows, scroll: false)
    }
    guard !carried.isEmpty else { return }
    var ranges = selection.ranges
    for splice in applied.splices {
      for position in splice.inserted where carried.contains(rows[position].id) {
        ranges.insert(position..<(position + 1))
      }
    }
    selection.replace(with: ranges, focus: selection.focus)
  }

  /// The identities of the selected people among those `diff` removes from
  /// the model as it is now (a moved person is removed, then inserted).
  private func selectedIdentitiesRemoved(by diff: ListDiff) -> Set<String> {
    var identities = Set<String>()
    let ranges = selection.ranges
    guard !ranges.isEmpty, !selection.selectsAll else { return identities }
    var oldCursor = 0
    var newCursor = 0
    for splice in diff.splices {
      oldCursor += splice.position - newCursor
      let removed = oldCursor..<(oldCursor + splice.removed)
      for range in ranges.ranges(overlapping: removed) {
        for position in range where position < model.count {
          identities.insert(model.elements[position].id)
        }
      }
      oldCursor = removed.upperBound
      newCursor = splice.inserted.upperBound
    }
    return identities
  }

  /// Selects the `kept` people that `rows` (the model now, perhaps still
  /// being announced) holds, and scrolls to the one the selection centred
  /// on once GTK has laid out the new rows: a scroll asked for in the same
  /// turn of the loop as the swap can be undone by the layout of the swap
  /// itself (GTK 4.8 re-anchors the view on the adjustment the swap reset).
  func reselect(_ kept: KeptSelection?, in rows: [UserRef], scroll: Bool = true) {
    guard let kept else { return selection.select(nil) }
    let found = kept.positions(in: rows)
    let version = presenter.version
    // What GTK sees now, and all of it once a paced reload has announced it.
    selection.replace(with: found.ranges, selectsAll: found.everyone, focus: found.focus)
    model.whenReloaded { [weak self] in
      guard let self, self.presenter.version == version else { return }
      self.selection.replace(with: found.ranges, selectsAll: found.everyone, focus: found.focus)
    }
    guard scroll, let position = found.focus else { return }
    Idle.add { [weak self] in
      guard let self, self.presenter.version == version, self.selectedPosition == position
      else { return false }
      gtk_widget_activate_action_variant(
        self.shownView, "list.scroll-to-item", g_variant_new_uint32(guint(position)))
      return false
    }
  }
}
