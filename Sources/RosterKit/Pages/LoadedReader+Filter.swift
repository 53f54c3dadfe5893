import CGtk
import Directory
import GtkKit
import SharedSupport

/// The page's filter (the filter bar's): the people shown are the search's
/// matches (everyone without a search) that the filter matches, in the
/// page's order.
///
/// Flow: a new filter, a finished search or a refreshed directory calls
/// ``showMatches(keepingSelection:)``; the filter runs off the main thread
/// (``Directory/TableFilter``, over the search's positions), a newer run
/// cancelling an older one; its rows are ordered as a sort's are
/// (``ordered(_:against:then:)``, off the main thread too) and swapped into
/// the model (``ModelPresenter/reload(with:)``). The selected person stays
/// selected when still shown; the subtitle counts the people shown among
/// everyone ("312 of 1,000,000 people").
extension LoadedReader {
  package func showOnly(_ filter: PersonFilter?) {
    guard filter != self.filter else { return }
    self.filter = filter
    showMatches(scrollingToSelection: true)
  }

  /// Whether the model shows fewer people than the directory (a search, a
  /// filter or a group).
  var isNarrowed: Bool { searchMatches != nil || isNarrowedByChoice }

  /// Whether the people shown are chosen other than by a search (a filter
  /// or a group): a new directory is narrowed again before it shows.
  var isNarrowedByChoice: Bool { filter != nil || group != nil || reportsOf != nil }

  /// Whether a filter is running (tests wait for it).
  package var isFiltering: Bool { filtering != nil }

  /// Shows the search's matches (everyone without a search) that the
  /// filter matches, keeping the selected people selected where they are
  /// still shown (and scrolled to, when `scrollingToSelection`). A search
  /// still running on a new directory shows them when it finishes.
  func showMatches(scrollingToSelection: Bool = false) {
    guard let contents else { return }
    filtering?.cancel()
    filtering = nil
    if !search.query.isEmpty, searchResult == nil { return }
    let search = searchResult
    guard isNarrowedByChoice else {
      return show(search?.rows ?? contents.rows, scroll: scrollingToSelection)
    }
    let table = contents.viewModels
    let everyone = contents.rows
    let (filter, group, groups, manager) = (filter, group, contents.groups, reportsOf?.identity)
    let run = Task.detached(priority: .userInitiated) { () -> [UserRef]? in
      var positions = search?.positions
      if let group { positions = groups.members(of: group, among: positions) }
      if let manager {
        let reports = table.position(ofIdentity: manager).map(table.directReports(of:)) ?? []
        positions = positions.map { among in among.filter(Set(reports).contains) } ?? reports
      }
      if let filter {
        guard let matches = TableFilter(filter, over: table).positions(within: positions)
        else { return nil }
        positions = matches
      }
      guard let positions, !Task.isCancelled else { return nil }
      return positions.map { everyone[$0] }
    }
    filtering = Task { @MainActor [weak self] in
      let found = await withTaskCancellationHandler {
        await run.value
      } onCancel: {
        run.cancel()
      }
      guard let self, !Task.isCancelled, let found else { return }
      self.filtering = nil
      self.show(found, scroll: scrollingToSelection)
    }
  }

  /// Shows `rows` in the page's order, with the people selected before
  /// who are among them still selected, and says how many show.
  private func show(_ rows: [UserRef], scroll: Bool) {
    guard let contents else { return }
    searchMatches = searchResult?.rows.count
    shownQuery = searchResult?.query
    ordered(rows) { [weak self] rows, _ in
      guard let self else { return }
      let kept = KeptSelection(self.selection, over: self.model)
      self.presenter.reload(with: rows)
      self.reselect(kept, in: rows, scroll: scroll)
      self.restorePlace()
    }
    let total =
      reportsOf != nil
      ? rows.count : group.map { contents.groups[$0].members.count } ?? contents.viewModels.count
    let subtitle =
      if let query = shownQuery, filter == nil, rows.isEmpty {
        String(filling: tr("No one matches “%@”"), query)
      } else if searchMatches != nil || filter != nil {
        NumberText.matches(rows.count, of: total)
      } else {
        NumberText.people(total)
      }
    if let scope = group.map({ DisplayText.of(contents.groups[$0].name) })
      ?? reportsOf.map({ String(filling: tr("Reporting to %@"), DisplayText.of($0.name)) })
    {
      // The group's name first: "Engineering — 12 of 100 people".
      tellSubtitle(String(filling: tr("%1$@ — %2$@"), scope, subtitle))
    } else {
      tellSubtitle(subtitle)
    }
  }
}
