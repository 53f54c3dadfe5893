import Foundation
import TestSupport
import XCTest

/// `roster org-chart` through the built binary on a users.json: the PDF
/// read back by pdftotext holds every name, the SVG parsed by Python holds
/// a box for each person with their name and no two boxes overlapping, the
/// PNG is a picture gdk-pixbuf reads; names from the directory that would
/// break the SVG are written as text.
final class RosterOrgChartTests: XCTestCase {
  /// A users.json of a manager with `reports` direct reports, each with
  /// two of their own, and a hostile name among them.
  private func usersFile(in folder: TemporaryDirectory, reports: Int) throws -> (String, [String]) {
    var people: [[String: Any]] = [["id": "boss", "username": "boss", "displayName": "Bo Boss"]]
    for index in 0..<reports {
      people.append([
        "id": "m\(index)", "username": "m\(index)", "displayName": "Manager \(index)",
        "manager": "boss", "title": "Head of \(index)",
      ])
      for sub in 0..<2 {
        people.append([
          "id": "m\(index)-\(sub)", "username": "m\(index)-\(sub)",
          "displayName": "Report \(index)-\(sub)", "manager": "m\(index)",
        ])
      }
    }
    people[1]["displayName"] = "<script>&\u{1B}[2J</script>"
    let file = folder.url.appendingPathComponent("users.json")
    try JSONSerialization.data(withJSONObject: ["people": people]).write(to: file)
    return (file.path, people.compactMap { $0["displayName"] as? String })
  }

  /// Runs a tool; its standard output.
  private func output(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments)")
    return String(decoding: data, as: UTF8.self)
  }

  func testThePDFHoldsEveryName() throws {
    let folder = TemporaryDirectory()
    let (source, names) = try usersFile(in: folder, reports: 8)
    let chart = folder.url.appendingPathComponent("chart.pdf").path
    let run = try RosterProcess.run([
      "org-chart", "--source", source, "--root", "boss", "--levels", "2", "--output", chart,
    ])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(run.output, "25 people written to \(chart)\n")
    let text = try output("/usr/bin/pdftotext", ["-layout", chart, "-"])
    for name in names where !name.hasPrefix("<script>") {
      XCTAssertTrue(text.contains(name), "\(name) is not in the PDF")
    }
  }

  func testTheSVGHasABoxANameAndNoOverlapForEachPerson() throws {
    let folder = TemporaryDirectory()
    let (source, names) = try usersFile(in: folder, reports: 9)
    let chart = folder.url.appendingPathComponent("chart.svg").path
    let run = try RosterProcess.run([
      "org-chart", "--source", source, "--root", "boss", "--levels", "2", "--output", chart,
    ])
    XCTAssertEqual(run.status, 0, run.errors)
    // Each box: x, y, width, height and the name, as an XML parser reads them.
    let script = """
      import sys, xml.etree.ElementTree as ET
      ns = {"s": "http://www.w3.org/2000/svg"}
      for g in ET.parse(sys.argv[1]).getroot().findall("s:g[@class='person']", ns):
          r = g.find("s:rect", ns)
          name = g.find("s:text[@class='name']", ns).text or ""
          print("\\t".join([r.get("x"), r.get("y"), r.get("width"), r.get("height"), name]))
      """
    let lines = try output("/usr/bin/python3", ["-c", script, chart]).split(separator: "\n")
    let boxes = lines.map { line -> (x: Double, y: Double, w: Double, h: Double, name: String) in
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return (Double(cells[0])!, Double(cells[1])!, Double(cells[2])!, Double(cells[3])!, cells[4])
    }
    XCTAssertEqual(boxes.count, 1 + 9 * 3)
    // The hostile name is text, its markup and its escape shown as written.
    let shown = names.map {
      $0.hasPrefix("<script>") ? "<script>&\u{27E8}U+001B\u{27E9}[2J</script>" : $0
    }
    XCTAssertEqual(Set(boxes.map(\.name)), Set(shown))
    for (i, a) in boxes.enumerated() {
      for b in boxes[(i + 1)...] {
        let overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
        XCTAssertFalse(overlap, "\(a.name) and \(b.name) overlap")
      }
    }
  }

  func testThePNGIsAPicture() throws {
    let folder = TemporaryDirectory()
    let (source, _) = try usersFile(in: folder, reports: 3)
    let chart = folder.url.appendingPathComponent("chart.png").path
    let run = try RosterProcess.run([
      "org-chart", "--source", source, "--root", "m1", "--levels", "1", "--output", chart,
    ])
    XCTAssertEqual(run.status, 0, run.errors)
    let size = try output(
      "/usr/bin/python3",
      [
        "-c",
        "import sys, gi\ngi.require_version('GdkPixbuf', '2.0')\nfrom gi.repository import GdkPixbuf\n"
          + "p = GdkPixbuf.Pixbuf.new_from_file(sys.argv[1]); print(p.get_width(), p.get_height())",
        chart,
      ])
    let sides = size.split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    XCTAssertEqual(sides.count, 2)
    // Twice the chart's points: two boxes side by side under one.
    XCTAssertGreaterThan(sides[0], 2 * 2 * 200)
    XCTAssertGreaterThan(sides[1], 2 * 2 * 64)
  }

  func testAnUnknownRootOrFormatIsRefused() throws {
    let folder = TemporaryDirectory()
    let (source, _) = try usersFile(in: folder, reports: 1)
    let nobody = try RosterProcess.run([
      "org-chart", "--source", source, "--root", "nobody", "--output",
      folder.url.appendingPathComponent("c.pdf").path,
    ])
    XCTAssertNotEqual(nobody.status, 0)
    XCTAssertTrue(nobody.errors.contains("no one in the directory has the username"), nobody.errors)
    let doc = try RosterProcess.run([
      "org-chart", "--source", source, "--root", "boss", "--output",
      folder.url.appendingPathComponent("c.doc").path,
    ])
    XCTAssertNotEqual(doc.status, 0)
    XCTAssertTrue(doc.errors.contains("--output ends in .pdf, .svg or .png"), doc.errors)
  }
}
