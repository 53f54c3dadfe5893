import Directory
import SharedSupport
import XCTest

/// The org chart's layout over generated organisations: everyone under the
/// root down to the levels asked once, no two boxes overlapping, every
/// connector horizontal or vertical and clear of every box but where it
/// meets one, wide levels wrapped, and a loop of managers drawn once.
final class OrgChartLayoutTests: XCTestCase {
  /// `count` people, each (but the first) reporting to someone earlier.
  private static func organisation(count: Int, seed: UInt64, spread: Int = 40) -> UserTable {
    var random = SplitMix64(seed: seed)
    return UserTable(
      (0..<count).map { index in
        let manager =
          index == 0 ? nil : "id-\(max(0, index - 1 - Int(random.next() % UInt64(spread))))"
        return User(
          id: "id-\(index)", username: "person\(index)",
          details: PersonDetails(displayName: "Person \(index)", manager: manager))
      })
  }

  /// The people `levels` below `root` in `table`, the root included.
  private static func subtree(_ root: Int, levels: Int, in table: UserTable) -> Set<Int> {
    var found: Set<Int> = [root]
    var level = [root]
    for _ in 0..<levels {
      level = level.flatMap { table.directReports(of: $0) }.filter { found.insert($0).inserted }
    }
    return found
  }

  private static func overlaps(_ a: OrgChartLayout.Box, _ b: OrgChartLayout.Box) -> Bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
  }

  /// How many pairs of boxes overlap: a sweep over the boxes sorted by
  /// their left edge.
  private static func overlapping(_ layout: OrgChartLayout) -> Int {
    var active: [OrgChartLayout.Box] = []
    var count = 0
    for box in layout.boxes.sorted(by: { $0.x < $1.x }) {
      active.removeAll { $0.x + $0.width <= box.x }
      count += active.filter { overlaps($0, box) }.count
      active.append(box)
    }
    return count
  }

  func testTheOverlapCheckSeesBoxesDrawnOverOneAnother() {
    // Boxes closer than their width (a negative gap): the check counts them.
    var metrics = OrgChartLayout.Metrics()
    metrics.gap = -150
    let table = Self.organisation(count: 50, seed: 60)
    XCTAssertGreaterThan(
      Self.overlapping(OrgChartLayout(root: 0, levels: 5, in: table, metrics: metrics)), 0)
  }

  func testEveryoneDownToTheLevelsIsDrawnOnceWithoutOverlap() {
    let table = Self.organisation(count: 5_000, seed: 61)
    for levels in [0, 1, 3, 40] {
      let layout = OrgChartLayout(root: 0, levels: levels, in: table)
      XCTAssertEqual(Set(layout.boxes.map(\.person)), Self.subtree(0, levels: levels, in: table))
      XCTAssertEqual(layout.boxes.count, Set(layout.boxes.map(\.person)).count, "each person once")
      XCTAssertEqual(layout.boxes.first?.person, 0)
      XCTAssertLessThanOrEqual(layout.boxes.map(\.level).max() ?? 0, levels)
      XCTAssertEqual(Self.overlapping(layout), 0, "levels \(levels)")
      // Inside the chart, margins kept.
      for box in layout.boxes {
        XCTAssertGreaterThanOrEqual(box.x, layout.metrics.margin)
        XCTAssertLessThanOrEqual(box.x + box.width, layout.width - layout.metrics.margin + 0.001)
        XCTAssertLessThanOrEqual(box.y + box.height, layout.height - layout.metrics.margin + 0.001)
      }
    }
  }

  func testConnectorsRunBetweenTheBoxes() {
    let table = Self.organisation(count: 400, seed: 62, spread: 12)
    let layout = OrgChartLayout(root: 0, levels: 10, in: table)
    XCTAssertGreaterThan(layout.lines.count, layout.boxes.count)
    for line in layout.lines {
      XCTAssertTrue(line.x1 == line.x2 || line.y1 == line.y2, "\(line) is neither")
      // No connector passes through a box's inside (touching its edge is
      // where it meets it).
      for box in layout.boxes {
        let inside =
          min(line.x1, line.x2) < box.x + box.width - 0.001
          && max(line.x1, line.x2) > box.x + 0.001
          && min(line.y1, line.y2) < box.y + box.height - 0.001
          && max(line.y1, line.y2) > box.y + 0.001
        XCTAssertFalse(inside, "\(line) crosses the box of person \(box.person)")
      }
    }
  }

  func testAManagerOfManyHasThemWrappedIntoRows() {
    let people =
      [User(id: "boss", username: "boss")]
      + (0..<20).map {
        User(id: "r\($0)", username: "r\($0)", details: PersonDetails(manager: "boss"))
      }
    var metrics = OrgChartLayout.Metrics()
    metrics.leavesPerRow = 6
    let layout = OrgChartLayout(root: 0, levels: 1, in: UserTable(people), metrics: metrics)
    let rows = Dictionary(grouping: layout.boxes.dropFirst(), by: \.y)
    XCTAssertEqual(rows.keys.count, 4)
    XCTAssertEqual(rows.values.map(\.count).sorted(), [2, 6, 6, 6])
    XCTAssertLessThan(layout.width, 7 * (metrics.boxWidth + metrics.gap) + 2 * metrics.margin)
    // Reports with reports of their own are wrapped at perRow, leaves at
    // leavesPerRow (two by default: a column pair under their manager).
    let deeper = OrgChartLayout(root: 0, levels: 1, in: UserTable(people))
    XCTAssertEqual(
      Set(Dictionary(grouping: deeper.boxes.dropFirst(), by: \.y).values.map(\.count)), [2])
    let managers =
      people
      + (0..<20).map {
        User(id: "x\($0)", username: "x\($0)", details: PersonDetails(manager: "r\($0)"))
      }
    let wide = OrgChartLayout(root: 0, levels: 2, in: UserTable(managers))
    let firstLevel = wide.boxes.filter { $0.level == 1 }
    XCTAssertEqual(
      Dictionary(grouping: firstLevel, by: \.y).values.map(\.count).sorted(), [2, 6, 6, 6])
  }

  func testALoopOfManagersIsDrawnOnce() {
    let people = [
      User(id: "a", username: "a", details: PersonDetails(manager: "c")),
      User(id: "b", username: "b", details: PersonDetails(manager: "a")),
      User(id: "c", username: "c", details: PersonDetails(manager: "b")),
    ]
    let layout = OrgChartLayout(root: 0, levels: 10, in: UserTable(people))
    XCTAssertEqual(layout.boxes.map(\.person), [0, 1, 2])
  }
}
