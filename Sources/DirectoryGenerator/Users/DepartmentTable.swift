/// ``Organisation``'s departments as the generator indexes them: one flat
/// list (the executive office first, then each top-level department
/// followed by its children), with the titles each kind of person in them
/// carries, made once per generation.
///
/// Threading: a plain value, confined to the generation that made it.
struct DepartmentTable {
  /// One department of the list.
  struct Entry {
    var name: String
    /// What people who manage no one are called; never empty.
    var titles: [String]
    var managerTitle: String
    /// "Director, Platform": the title of a department's directors.
    var directorTitle: String
    /// "Vice President, Engineering": the title of a top-level department's heads.
    var headTitle: String
    var offices: [Int]?
    /// The positions of its children in the list.
    var children: [Int]
  }

  private(set) var entries: [Entry] = []
  /// The positions of the top-level departments.
  private(set) var tops: [Int] = []
  /// The top-level departments' weights.
  private var weights: [Int] = []

  init() {
    add(Organisation.executiveOffice)
    for department in Organisation.departments {
      let position = add(department)
      tops.append(position)
      weights.append(department.weight)
      for child in department.children {
        let titles = child.titles.isEmpty ? department.titles : child.titles
        entries[position].children.append(add(child, titles: titles))
      }
      if entries[position].titles.isEmpty, let first = entries[position].children.first {
        entries[position].titles = entries[first].titles
      }
    }
  }

  /// The top-level department of each of `total` department heads, in
  /// order: each department gets a run of heads, one at least when there
  /// are enough to go round, the others in proportion to its weight (the
  /// remainders to the largest remainders, ties to the larger department).
  func heads(_ total: Int) -> [Int] {
    let least = total >= tops.count ? 1 : 0
    let spare = total - least * tops.count
    let weightSum = weights.reduce(0, +)
    var shares = weights.map { least + spare * $0 / weightSum }
    let remainders = weights.map { spare * $0 % weightSum }
    var left = total - shares.reduce(0, +)
    for position in weights.indices.sorted(by: {
      remainders[$0] > remainders[$1] || (remainders[$0] == remainders[$1] && $0 < $1)
    }) where left > 0 {
      shares[position] += 1
      left -= 1
    }
    return zip(tops, shares).flatMap { Array(repeating: $0, count: $1) }
  }

  @discardableResult
  private mutating func add(_ department: Organisation.Department, titles: [String]? = nil) -> Int {
    entries.append(
      Entry(
        name: department.name, titles: titles ?? department.titles,
        managerTitle: department.managerTitle, directorTitle: "Director, " + department.name,
        headTitle: "Vice President, " + department.name, offices: department.offices,
        children: []))
    return entries.count - 1
  }
}
