import CGtk
import Directory
import FoundationEssentials
import GtkKit
import SharedSupport

/// The org chart of the person shown, for paper: "Export Org Chart…"
/// writes it as PDF, SVG or PNG (``OrgChartWriter``), "Print Org Chart…"
/// prints it (``OrgChartPrinting``), both from the person's page, three
/// levels down. Only a directory loaded whole has everyone under them.
extension MainWindow {
  /// How many levels below the person the window's charts go.
  static let orgChartLevels = 3

  /// The chart of the person shown, made off the main thread; nil (with a
  /// toast saying why) when nobody is shown or the directory is a server
  /// read by ranges.
  func orgChartOfShownPerson() async -> (content: OrgChartContent, username: String)? {
    guard let identity = shownPersonPage?.identity else { return nil }
    guard case .loaded(let contents) = page.people.held else {
      showToast(tr("An org chart needs the whole directory: a file, or a server’s offline copy"))
      return nil
    }
    let (table, levels) = (contents.viewModels, Self.orgChartLevels)
    return await Task.detached(priority: .userInitiated) {
      guard let person = table.position(ofIdentity: identity) else { return nil }
      return (
        OrgChartContent(root: person, levels: levels, in: table),
        table.username(at: person)
      )
    }.value
  }

  /// Asks where to write the chart of the person shown, then writes it there.
  func exportOrgChart() {
    Task { @MainActor [weak self] in
      guard let self, let (chart, username) = await self.orgChartOfShownPerson() else { return }
      OrgChartFileChooser.ask(over: self.window, name: "org-chart-\(username)") {
        [weak self] url, format in
        self?.write(chart, as: format, to: url)
      }
    }
  }

  /// Writes `chart` off the main thread; a toast says where, or why not.
  func write(_ chart: OrgChartContent, as format: OrgChartFormat, to url: URL) {
    Task { @MainActor [weak self] in
      let result = await Task.detached(priority: .userInitiated) {
        Result { () throws(ExportError) in try OrgChartWriter.write(chart, as: format, to: url) }
      }.value
      switch result {
      case .success:
        self?.showToast(String(filling: tr("Org chart saved as %@"), url.lastPathComponent))
      case .failure(let error):
        self?.showToast(String(filling: tr("Can't save the org chart: %@"), error.description))
      }
    }
  }

  /// Prints the chart of the person shown (the print dialog), or writes
  /// the printed page to the PDF at `file`.
  func printOrgChart(
    toFile file: String? = nil, done: @escaping @MainActor (Bool) -> Void = { _ in }
  ) {
    Task { @MainActor [weak self] in
      guard let self, let (chart, username) = await self.orgChartOfShownPerson() else {
        return done(false)
      }
      OrgChartPrinting.print(
        chart, name: String(filling: tr("Org chart of %@"), username), over: self.window,
        toFile: file, done: done)
    }
  }
}
