import Directory

/// Makes the details of generated people, one after the other in the
/// order the people are made: display names and emails from the names their
/// usernames were made from, a manager tree about six levels deep, the
/// departments and titles that go with a place in it, offices, telephone
/// numbers and employee numbers.
///
/// The manager tree is a complete `teamSize`-ary tree in list order: person
/// `i > 0` reports to person `(i - 1) / teamSize`, and `teamSize` is the
/// smallest k ≥ 2 with k⁵ ≥ count, so the tree has at most six levels (six
/// for any directory of more than 1,024 people). The first person
/// (the chief executive) and their reports form the executive office; the
/// next level heads the top-level departments, each department getting a
/// run of heads (``DepartmentTable/heads(_:)``); the level after directs their
/// sub-departments; everyone below works in their manager's department, and
/// mostly in their manager's office (heads and directors choose one, within
/// their region for a regional department).
///
/// Draws come from a SplitMix64 of their own, so adding details changed no
/// username, avatar or role a seed gives. Nothing is formatted with
/// Foundation: names, emails and titles are joined from ready strings, and
/// telephone numbers are written digit by digit.
///
/// Threading: a value, confined to the generator call that owns it.
struct PersonDetailsGenerator {
  /// Mixed into the seed for the details' own stream.
  static let streamKey: UInt64 = 0x6465_7461_696C_7331
  static let emailDomain = "@example.org"
  /// The share of people, in percent, who work in their manager's office.
  static let percentInManagersOffice = 85

  let count: Int
  /// How many people report to each manager (the last ones may have fewer).
  let teamSize: Int
  private var random: SplitMix64
  private var emails: UniqueNames
  private let table = DepartmentTable()
  /// The department of each head of a department (the third level), in order.
  private let heads: [Int]
  private let givenDisplay: [String]
  private let familyDisplay: [String]
  private let givenEmail: [String]
  private let familyEmail: [String]
  /// Per person made so far: their level (0 for the root), department and office.
  private var levels: [UInt8] = []
  private var departments: [UInt8] = []
  private var offices: [UInt8] = []
  /// Employee numbers are `numberBase + (index * 7919 + numberOffset) % numberBase`:
  /// unique (7919 is prime to the power of ten `numberBase`), in no visible order.
  private let numberBase: Int
  private let numberOffset: Int
  private var phone: [UInt8] = []

  init(count: Int, seed: UInt64) {
    self.count = count
    teamSize = Self.teamSize(for: count)
    heads = table.heads(teamSize * teamSize)
    random = SplitMix64(seed: seed ^ Self.streamKey)
    emails = UniqueNames(capacity: count)
    givenDisplay = NameLists.givenNames.map(NameForms.capitalised)
    familyDisplay = NameLists.familyNames.map(NameForms.capitalised)
    givenEmail = NameLists.givenNames.map(NameForms.emailForm)
    familyEmail = NameLists.familyNames.map(NameForms.emailForm)
    var base = 100_000
    while base <= count { base *= 10 }
    numberBase = base
    numberOffset = random.next(below: base)
    levels.reserveCapacity(count)
    departments.reserveCapacity(count)
    offices.reserveCapacity(count)
  }

  /// The smallest k ≥ 2 with k⁵ ≥ `count`.
  static func teamSize(for count: Int) -> Int {
    var size = 2
    while size * size * size * size * size < count { size += 1 }
    return size
  }

  /// The position of person `index`'s manager; nil for the first person.
  func managerIndex(of index: Int) -> Int? {
    index == 0 ? nil : (index - 1) / teamSize
  }

  /// The details of the next person (at `levels.count`), whose username was
  /// made from given name `given` and family name `family` (positions in
  /// ``NameLists``) and whose manager has the id `managerID`.
  mutating func next(given: Int, family: Int, managerID: String?) -> PersonDetails {
    let index = levels.count
    let manager = managerIndex(of: index)
    let level = manager.map { Int(levels[$0]) + 1 } ?? 0
    let unit = department(at: index, level: level, manager: manager)
    // Department heads and directors choose an office; teams mostly follow.
    let place = office(in: unit, manager: level > 3 ? manager : nil)
    levels.append(UInt8(min(level, 255)))
    departments.append(UInt8(unit))
    offices.append(UInt8(place))
    return PersonDetails(
      displayName: givenDisplay[given] + " " + familyDisplay[family],
      email: emails.claim(givenEmail[given] + "." + familyEmail[family]) + Self.emailDomain,
      title: title(at: index, level: level, department: unit),
      department: table.entries[unit].name,
      location: Organisation.offices[place].city,
      phone: phoneNumber(at: place),
      manager: managerID,
      employeeNumber: String(numberBase + (index &* 7919 &+ numberOffset) % numberBase))
  }

  private func department(at index: Int, level: Int, manager: Int?) -> Int {
    switch level {
    case 0, 1: return 0
    case 2: return heads[index - 1 - teamSize]
    default:
      let above = Int(departments[manager!])
      let children = table.entries[above].children
      guard level == 3, !children.isEmpty else { return above }
      return children[((index - 1) % teamSize) % children.count]
    }
  }

  private mutating func office(in department: Int, manager: Int?) -> Int {
    let choices = table.entries[department].offices
    if let manager {
      let above = Int(offices[manager])
      if choices?.contains(above) ?? true,
        random.next(below: 100) < Self.percentInManagersOffice
      {
        return above
      }
    }
    guard let choices else { return random.next(below: Organisation.offices.count) }
    return choices[random.next(below: choices.count)]
  }

  private mutating func title(at index: Int, level: Int, department: Int) -> String {
    let entry = table.entries[department]
    let managesSomeone = index * teamSize + 1 < count
    switch level {
    case 0: return "Chief Executive Officer"
    case 1:
      let position = (index - 1) % teamSize
      return position < Organisation.chiefTitles.count
        ? Organisation.chiefTitles[position] : entry.managerTitle
    case 2 where managesSomeone: return entry.headTitle
    case 3 where managesSomeone: return entry.directorTitle
    case _ where managesSomeone: return entry.managerTitle
    default: return entry.titles[random.next(below: entry.titles.count)]
    }
  }

  /// The office's prefix, then its groups of digits (the first not 0 or 1).
  private mutating func phoneNumber(at office: Int) -> String {
    let layout = Organisation.offices[office]
    phone.removeAll(keepingCapacity: true)
    phone.append(contentsOf: layout.prefix.utf8)
    var first = true
    for group in layout.groups {
      if !first { phone.append(UInt8(ascii: " ")) }
      for _ in 0..<group {
        let digit = first ? 2 + random.next(below: 8) : random.next(below: 10)
        phone.append(UInt8(ascii: "0") + UInt8(digit))
        first = false
      }
    }
    return String(decoding: phone, as: UTF8.self)
  }
}
