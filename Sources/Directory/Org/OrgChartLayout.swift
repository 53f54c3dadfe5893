/// An org chart laid out for paper: a person and their reports `levels`
/// deep, each a box of one size, a manager centred over the block of their
/// reports. A manager with more reports than fit a row (``Metrics/perRow``,
/// or ``Metrics/leavesPerRow`` when none of them has reports drawn) has
/// them wrapped into several rows under one another, so a chart stays
/// about as wide as its managers. Every subtree
/// keeps a rectangle of its own, so no two boxes overlap, and the lines run
/// only through the gaps between them: from a manager down to a trunk on
/// the left of the reports' block, along it, and across each row's bus to
/// the reports' tops.
///
/// A person met again lower down (a loop of managers) is not drawn twice.
///
/// Threading: a plain value; `Sendable`. Made off the main thread.
public struct OrgChartLayout: Sendable {
  /// The sizes a layout is made with, in points.
  public struct Metrics: Sendable, Equatable {
    public var boxWidth: Double = 200
    public var boxHeight: Double = 64
    /// Between boxes side by side.
    public var gap: Double = 16
    /// Between a manager's box and the first row of reports, and between rows.
    public var levelGap: Double = 40
    /// Room left of a wrapped block for the trunk.
    public var trunkIndent: Double = 16
    /// The most reports side by side before the row wraps.
    public var perRow: Int = 6
    /// The same when none of the reports has reports drawn under them.
    public var leavesPerRow: Int = 2
    /// Around the whole chart.
    public var margin: Double = 24

    public init() {}
  }

  /// One person's box.
  public struct Box: Sendable, Equatable {
    /// The person's position in the table laid out.
    public let person: Int
    /// How far below the root (0 for the root).
    public let level: Int
    public let x: Double
    public let y: Double
    public let width: Double
    public let height: Double
  }

  /// A straight line between two points.
  public struct Line: Sendable, Equatable {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double
  }

  public let metrics: Metrics
  /// Every box, the root first, each manager before their reports.
  public let boxes: [Box]
  /// The connectors, horizontal or vertical.
  public let lines: [Line]
  /// The size of the whole chart, margins included.
  public let width: Double
  public let height: Double

  /// The most levels a chart goes down (its recursion stays shallow).
  public static let maxLevels = 64

  /// `root` and everyone under them in `table` down to `levels` below
  /// (0: the root alone; at most ``maxLevels``), reports in the table's order.
  public init(
    root: Int, levels: Int, in table: UserTable, metrics: Metrics = Metrics()
  ) {
    self.metrics = metrics
    var seen: Set<Int> = [root]
    let tree = Self.subtree(
      root, levels: min(max(0, levels), Self.maxLevels), in: table, seen: &seen)
    let size = Self.measure(tree, metrics)
    var boxes: [Box] = []
    var lines: [Line] = []
    Self.place(
      tree, size: size, x: metrics.margin, y: metrics.margin, level: 0, metrics,
      boxes: &boxes, lines: &lines)
    self.boxes = boxes
    self.lines = lines
    width = size.width + 2 * metrics.margin
    height = size.height + 2 * metrics.margin
  }

  /// A person and their reports to be laid out.
  private struct Node {
    let person: Int
    let reports: [Node]
  }

  /// The width and height a subtree takes, and its rows' own sizes.
  private struct Size {
    let width: Double
    let height: Double
    let children: [Size]
    /// Each row's width and height (the reports' block).
    let rows: [(width: Double, height: Double)]
  }

  private static func subtree(
    _ person: Int, levels: Int, in table: UserTable, seen: inout Set<Int>
  ) -> Node {
    guard levels > 0 else { return Node(person: person, reports: []) }
    var reports: [Node] = []
    for report in table.directReports(of: person) where seen.insert(report).inserted {
      reports.append(subtree(report, levels: levels - 1, in: table, seen: &seen))
    }
    return Node(person: person, reports: reports)
  }

  /// `items`, the reports of `node`, in rows of as many as fit one.
  private static func rows<T>(_ items: [T], of node: Node, _ metrics: Metrics) -> [ArraySlice<T>] {
    let leaves = node.reports.allSatisfy { $0.reports.isEmpty }
    let perRow = max(1, leaves ? metrics.leavesPerRow : metrics.perRow)
    return stride(from: 0, to: items.count, by: perRow).map {
      items[$0..<min(items.count, $0 + perRow)]
    }
  }

  private static func measure(_ node: Node, _ metrics: Metrics) -> Size {
    let children = node.reports.map { measure($0, metrics) }
    guard !children.isEmpty else {
      return Size(width: metrics.boxWidth, height: metrics.boxHeight, children: [], rows: [])
    }
    let rows = Self.rows(children, of: node, metrics).map { row in
      (
        width: row.map(\.width).reduce(0, +) + metrics.gap * Double(row.count - 1),
        height: row.map(\.height).max() ?? 0
      )
    }
    let block = (
      width: metrics.trunkIndent + (rows.map(\.width).max() ?? 0),
      height: rows.map(\.height).reduce(0, +) + metrics.levelGap * Double(rows.count - 1)
    )
    return Size(
      width: max(metrics.boxWidth, block.width),
      height: metrics.boxHeight + metrics.levelGap + block.height, children: children, rows: rows)
  }

  private static func place(
    _ node: Node, size: Size, x: Double, y: Double, level: Int, _ metrics: Metrics,
    boxes: inout [Box], lines: inout [Line]
  ) {
    let boxX = x + (size.width - metrics.boxWidth) / 2
    boxes.append(
      Box(
        person: node.person, level: level, x: boxX, y: y, width: metrics.boxWidth,
        height: metrics.boxHeight))
    guard !node.reports.isEmpty else { return }
    // The reports' block, centred under the box; the trunk on its left.
    let blockWidth = metrics.trunkIndent + (size.rows.map(\.width).max() ?? 0)
    let blockX = x + (size.width - blockWidth) / 2
    let trunkX = blockX + metrics.trunkIndent / 2
    let managerX = boxX + metrics.boxWidth / 2
    var rowY = y + metrics.boxHeight + metrics.levelGap
    let firstBusY = rowY - metrics.levelGap / 2
    lines.append(Line(x1: managerX, y1: y + metrics.boxHeight, x2: managerX, y2: firstBusY))
    lines.append(
      Line(x1: min(managerX, trunkX), y1: firstBusY, x2: max(managerX, trunkX), y2: firstBusY))
    var lastBusY = firstBusY
    for (rowNumber, row) in Self.rows(Array(zip(node.reports, size.children)), of: node, metrics)
      .enumerated()
    {
      let busY = rowY - metrics.levelGap / 2
      let rowWidth = size.rows[rowNumber].width
      var childX = blockX + metrics.trunkIndent + (blockWidth - metrics.trunkIndent - rowWidth) / 2
      var rightmost = trunkX
      for (child, childSize) in row {
        let top = childX + (childSize.width - metrics.boxWidth) / 2 + metrics.boxWidth / 2
        lines.append(Line(x1: top, y1: busY, x2: top, y2: rowY))
        rightmost = max(rightmost, top)
        place(
          child, size: childSize, x: childX, y: rowY, level: level + 1, metrics, boxes: &boxes,
          lines: &lines)
        childX += childSize.width + metrics.gap
      }
      lines.append(Line(x1: trunkX, y1: busY, x2: rightmost, y2: busY))
      lastBusY = busY
      rowY += size.rows[rowNumber].height + metrics.levelGap
    }
    lines.append(Line(x1: trunkX, y1: firstBusY, x2: trunkX, y2: lastBusY))
  }
}
