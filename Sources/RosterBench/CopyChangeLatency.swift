import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import RosterKit
import SharedSupport

/// `roster-dev copy-changes`: the window on an LDAP server's offline copy
/// (filled first if there is none), then `changes` titles changed with
/// ldapmodify, one at a time: how long each takes from ldapmodify's exit to
/// the row showing the new title, and what a column sort and a search of
/// the copy cost, with the memory resident at each step (the copy's mapped
/// pages apart).
/// People are picked with a seeded generator; the server names them by
/// employee number (the demo directory's way). Prints one JSON line.
///
/// Threading: main-actor only; drives the GLib main context while it waits.
@MainActor
public struct CopyChangeLatency {
  /// One line of figures.
  struct Report: ReportObject {
    let tool = "roster"
    let source = "ldap-copy"
    let rows: Int
    /// From the window's making to its first rows, the copy opened.
    let firstRowsMs: Fixed?
    /// From the copy's opening (the window on screen) to its first rows:
    /// the part the copy makes.
    let firstRowsAfterOpenMs: Fixed?
    let changes: Int
    let changeP50Ms: Fixed?
    let changeP99Ms: Fixed?
    let changeMaxMs: Fixed?
    /// The copy sorted by department, then display name, on the main page.
    let sortMs: Fixed?
    /// The process's resident memory after the changes, and at its peak
    /// while the changes arrived (from the copy's first rows on).
    let rssMib: Fixed
    let peakRssMib: Fixed
    /// What malloc holds for the process after the changes.
    let heapMib: Fixed
    /// Resident memory and malloc's share once the copy shows, before any change.
    let openRssMib: Fixed
    let openHeapMib: Fixed
    /// Resident memory split: the process's own (anonymous) at the copy's
    /// opening, its highest sampled while the changes came, and the mapped
    /// files' pages (libraries and the copy's table) after the changes.
    let openRssAnonMib: Fixed
    let peakRssAnonMib: Fixed
    let rssFileMib: Fixed
    /// The copy's own mapped pages resident at its opening, after the
    /// changes, and after the sort.
    let openCopyMib: Fixed
    /// The process's peak resident memory from its start to the copy shown.
    let openPeakRssMib: Fixed
    let copyMib: Fixed
    let sortedCopyMib: Fixed
    /// Resident memory in all after the sort, and its peak during it.
    let sortedRssMib: Fixed
    let sortPeakRssMib: Fixed
    /// The process's own memory at its highest sampled during the sort.
    let sortPeakRssAnonMib: Fixed
    /// A search of the copy for a common word (``query``): from its typing
    /// to its rows, the peak of resident memory during it, and the copy's
    /// mapped pages resident after.
    let searchMs: Fixed?
    let searchMatches: Int
    let searchPeakRssMib: Fixed
    let searchedCopyMib: Fixed
  }

  /// What the search step types: part of many names.
  static let query = "ann"

  let url: String
  let changes: Int
  let adminDN: String
  let passwordFile: String
  /// How the window reaches the server (anonymous by default).
  let server: ServerOptions
  /// A person's DN from `{employeeNumber}`, `{username}` and `{base}`.
  let dnTemplate: String

  public init(
    url: String, changes: Int, adminDN: String, passwordFile: String,
    server: ServerOptions = ServerOptions(),
    dnTemplate: String = "employeeNumber={employeeNumber},{base}"
  ) {
    self.url = url
    self.changes = changes
    self.adminDN = adminDN
    self.passwordFile = passwordFile
    self.server = server
    self.dnTemplate = dnTemplate
  }

  /// The JSON line, or nil (and why, on stderr) when a step failed.
  public func run() -> String? {
    guard RosterBenchmark.startGTK() else { return nil }
    let directory: LDAPDirectory
    do {
      guard let ldap = try server.directory(url: url) as? LDAPDirectory else {
        return fail("not an LDAP server")
      }
      directory = ldap
    } catch {
      return fail(error.localizedDescription)
    }
    guard let folder = OfflineCopyFolder.folder(for: directory) else { return fail("no cache") }
    let copy = OfflineCopy(directory: directory, folder: folder)
    let made = ContinuousClock.now
    let window = MainWindow(
      application: nil, content: .copy(copy), pipeline: nil, probe: RowProbe())
    defer { window.close() }
    gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
    window.present()
    let opened = ContinuousClock.now
    window.refresh()
    let ready = MainContext.run(
      until: {
        guard let page = window.peoplePage.loadedReader, page.count > 0, !page.isLoading,
          case .current? = copy.status
        else { return false }
        return window.hasVisibleRows
      }, timeout: .seconds(600))
    guard ready, let page = window.peoplePage.loadedReader else {
      return fail("the copy did not open")
    }
    let firstRows = window.firstRowsShown.map { (made.duration(to: $0)).inMilliseconds }
    let afterOpen = window.firstRowsShown.map { (opened.duration(to: $0)).inMilliseconds }
    let openResident = ResourceUsage.residentMiB
    let openHeap = ResourceUsage.heapMiB.inUse
    let openAnonymous = ResourceUsage.residentAnonymousMiB
    let openCopy = ResourceUsage.residentMiB(ofFilesUnder: folder.path)
    let openPeak = ResourceUsage.peakResidentMiB
    var peakAnonymous = openAnonymous
    _ = ResourceUsage.resetPeak()
    var random = SplitMix64(seed: 2026)
    let run = UInt64(Date().timeIntervalSince1970 * 1000)
    var latencies: [Double] = []
    for change in 0..<changes {
      let position = Int(random.next() % UInt64(page.count))
      let person = page.model[position]
      if dnTemplate.contains("{employeeNumber}"), person.details.employeeNumber == nil { continue }
      // A title no earlier run set (the people are the same each run).
      let title = "Latency \(change) of run \(run)"
      let dn = dnTemplate.replacing("{employeeNumber}", with: person.details.employeeNumber ?? "")
        .replacing("{username}", with: person.username)
        .replacing("{base}", with: directory.url.baseDN)
      // From ldapmodify's start to the row showing the title, the main loop
      // running all along (ldapmodify is waited for in the same loop).
      let sent = ContinuousClock.now
      guard let process = modify(dn, title: title) else { return fail("ldapmodify did not start") }
      var shown: ContinuousClock.Instant?
      guard
        MainContext.run(
          until: {
            peakAnonymous = max(peakAnonymous, ResourceUsage.residentAnonymousMiB)
            if shown == nil, position < page.count,
              page.model[position].details.title == title
            {
              shown = .now
            }
            return shown != nil && !process.isRunning
          }, timeout: .seconds(30)), let shown
      else { return fail("change \(change) did not reach its row") }
      guard process.terminationStatus == 0 else { return fail("ldapmodify failed for \(dn)") }
      latencies.append((shown - sent).inMilliseconds)
    }
    let resident = ResourceUsage.residentMiB
    let peak = ResourceUsage.peakResidentMiB
    let heap = ResourceUsage.heapMiB.inUse
    let file = ResourceUsage.residentFileMiB
    let copyResident = ResourceUsage.residentMiB(ofFilesUnder: folder.path)
    _ = ResourceUsage.resetPeak()
    let started = ContinuousClock.now
    window.peoplePage.order.sort(by: PersonSort([.init(.department), .init(.displayName)]))
    var sortPeakAnonymous = 0.0
    let sorted = MainContext.run(
      until: {
        sortPeakAnonymous = max(sortPeakAnonymous, ResourceUsage.residentAnonymousMiB)
        return !page.isSorting
      }, timeout: .seconds(60))
    let sortMs = sorted ? (ContinuousClock.now - started).inMilliseconds : nil
    let sortedResident = ResourceUsage.residentMiB
    let sortPeak = ResourceUsage.peakResidentMiB
    let sortedCopy = ResourceUsage.residentMiB(ofFilesUnder: folder.path)
    let rows = page.count
    // A search of everyone in the copy (indexed as it is typed: the changes
    // made new tables).
    _ = ResourceUsage.resetPeak()
    let searchStarted = ContinuousClock.now
    page.search(Self.query)
    let searched = MainContext.run(
      until: { page.showsSearchResult(for: Self.query) }, timeout: .seconds(60))
    let searchMs = searched ? (ContinuousClock.now - searchStarted).inMilliseconds : nil
    let searchPeak = ResourceUsage.peakResidentMiB
    let searchedCopy = ResourceUsage.residentMiB(ofFilesUnder: folder.path)
    let percentiles = Percentiles(latencies)
    return try? ReportLine.json(
      Report(
        rows: rows, firstRowsMs: firstRows.map { Fixed($0, 1) },
        firstRowsAfterOpenMs: afterOpen.map { Fixed($0, 1) }, changes: latencies.count,
        changeP50Ms: percentiles(0.5).map { Fixed($0, 1) },
        changeP99Ms: percentiles(0.99).map { Fixed($0, 1) },
        changeMaxMs: percentiles(1).map { Fixed($0, 1) }, sortMs: sortMs.map { Fixed($0, 1) },
        rssMib: Fixed(resident, 1), peakRssMib: Fixed(peak, 1), heapMib: Fixed(heap, 1),
        openRssMib: Fixed(openResident, 1), openHeapMib: Fixed(openHeap, 1),
        openRssAnonMib: Fixed(openAnonymous, 1), peakRssAnonMib: Fixed(peakAnonymous, 1),
        rssFileMib: Fixed(file, 1), openCopyMib: Fixed(openCopy, 1),
        openPeakRssMib: Fixed(openPeak, 1),
        copyMib: Fixed(copyResident, 1), sortedCopyMib: Fixed(sortedCopy, 1),
        sortedRssMib: Fixed(sortedResident, 1), sortPeakRssMib: Fixed(sortPeak, 1),
        sortPeakRssAnonMib: Fixed(sortPeakAnonymous, 1), searchMs: searchMs.map { Fixed($0, 1) },
        searchMatches: page.count, searchPeakRssMib: Fixed(searchPeak, 1),
        searchedCopyMib: Fixed(searchedCopy, 1)))
  }

  /// Starts ldapmodify setting the title of the entry `dn`, the password
  /// read from its file by ldapmodify itself; nil if it did not start.
  private func modify(_ dn: String, title: String) -> Process? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldapmodify")
    process.arguments = [
      "-x", "-H", LDAPURLText.server(of: url), "-D", adminDN, "-y", passwordFile,
    ]
    if let caFile = server.caFile {
      process.environment = ProcessInfo.processInfo.environment.merging([
        "LDAPTLS_CACERT": caFile
      ]) { $1 }
    }
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    input.fileHandleForWriting.write(
      Data("dn: \(dn)\nchangetype: modify\nreplace: title\ntitle: \(title)\n".utf8))
    try? input.fileHandleForWriting.close()
    return process
  }

  private func fail(_ reason: String) -> String? {
    FileHandle.standardError.write(Data("copy-changes: \(reason)\n".utf8))
    return nil
  }
}

/// The scheme, host and port of an LDAP URL ("ldap://127.0.0.1:3890").
///
/// Threading: stateless.
private enum LDAPURLText {
  static func server(of url: String) -> String {
    guard let scheme = url.range(of: "://") else { return url }
    let rest = url[scheme.upperBound...]
    let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
    return String(url[..<end])
  }
}
