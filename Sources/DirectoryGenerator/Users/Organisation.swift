/// The organisation generated people work in: a small tree of departments
/// with their job titles, and a dozen offices with their telephone numbers.
///
/// Threading: immutable constants.
enum Organisation {
  /// A department: its name (the value people in it carry), the titles of
  /// the people in it who manage no one (repeated titles are more common),
  /// the title of those who manage a team, and the offices it prefers (nil:
  /// any).
  struct Department {
    var name: String
    var titles: [String]
    var managerTitle: String
    var offices: [Int]?
    /// The departments under this one, or none.
    var children: [Department] = []
    /// How large it is among the top-level departments.
    var weight = 1
  }

  /// An office: its city and how its telephone numbers read: the prefix,
  /// then groups of that many digits separated by spaces.
  struct Office {
    var city: String
    var prefix: String
    var groups: [Int]
  }

  static let offices: [Office] = [
    Office(city: "San Francisco", prefix: "+1 415 ", groups: [3, 4]),
    Office(city: "New York", prefix: "+1 212 ", groups: [3, 4]),
    Office(city: "Toronto", prefix: "+1 416 ", groups: [3, 4]),
    Office(city: "São Paulo", prefix: "+55 11 ", groups: [4, 4]),
    Office(city: "London", prefix: "+44 20 ", groups: [4, 4]),
    Office(city: "Dublin", prefix: "+353 1 ", groups: [3, 4]),
    Office(city: "Berlin", prefix: "+49 30 ", groups: [4, 4]),
    Office(city: "Paris", prefix: "+33 1 ", groups: [2, 2, 2, 2]),
    Office(city: "Bangalore", prefix: "+91 80 ", groups: [4, 4]),
    Office(city: "Singapore", prefix: "+65 ", groups: [4, 4]),
    Office(city: "Tokyo", prefix: "+81 3 ", groups: [4, 4]),
    Office(city: "Sydney", prefix: "+61 2 ", groups: [4, 4]),
  ]
  static let americas = [0, 1, 2, 3]
  static let emea = [4, 5, 6, 7]
  static let apac = [8, 9, 10, 11]

  /// Where the chief executive and the people reporting to them work.
  static let executiveOffice = Department(
    name: "Executive Office", titles: ["Executive Assistant", "Chief of Staff"],
    managerTitle: "Senior Vice President")
  /// The titles of the chief executive's reports, in order; the rest are
  /// `executiveOffice.managerTitle`.
  static let chiefTitles = [
    "Chief Technology Officer", "Chief Revenue Officer", "Chief Financial Officer",
    "Chief Operating Officer", "Chief Marketing Officer", "Chief People Officer", "General Counsel",
  ]

  /// The top-level departments, largest first.
  static let departments: [Department] = [
    Department(
      name: "Engineering", titles: [], managerTitle: "Engineering Manager", offices: nil,
      children: [
        Department(
          name: "Platform",
          titles: [
            "Software Engineer", "Software Engineer", "Senior Software Engineer",
            "Senior Software Engineer", "Staff Software Engineer", "Associate Software Engineer",
          ], managerTitle: "Engineering Manager"),
        Department(
          name: "Apps",
          titles: [
            "Software Engineer", "Senior Software Engineer", "iOS Engineer", "Android Engineer",
            "Frontend Engineer", "QA Engineer",
          ], managerTitle: "Engineering Manager"),
        Department(
          name: "Infrastructure",
          titles: [
            "Site Reliability Engineer", "Site Reliability Engineer",
            "Senior Site Reliability Engineer", "Systems Engineer", "Network Engineer",
          ], managerTitle: "Engineering Manager"),
        Department(
          name: "Security",
          titles: ["Security Engineer", "Senior Security Engineer", "Security Analyst"],
          managerTitle: "Security Manager"),
      ], weight: 30),
    Department(
      name: "Sales", titles: [], managerTitle: "Sales Manager",
      children: [
        Department(name: "EMEA", titles: salesTitles, managerTitle: "Sales Manager", offices: emea),
        Department(
          name: "Americas", titles: salesTitles, managerTitle: "Sales Manager", offices: americas),
        Department(name: "APAC", titles: salesTitles, managerTitle: "Sales Manager", offices: apac),
      ], weight: 16),
    Department(
      name: "Support",
      titles: [
        "Support Engineer", "Support Engineer", "Senior Support Engineer",
        "Customer Support Specialist", "Technical Account Manager",
      ], managerTitle: "Support Manager", weight: 10),
    Department(
      name: "Product",
      titles: ["Product Manager", "Senior Product Manager", "Technical Program Manager"],
      managerTitle: "Group Product Manager", weight: 7),
    Department(
      name: "Design",
      titles: ["Product Designer", "Senior Product Designer", "UX Researcher", "UX Writer"],
      managerTitle: "Design Manager", weight: 5),
    Department(
      name: "Marketing",
      titles: [
        "Marketing Specialist", "Product Marketing Manager", "Content Strategist",
        "Growth Marketer",
      ], managerTitle: "Marketing Manager", weight: 7),
    Department(
      name: "Operations",
      titles: ["Operations Analyst", "Program Manager", "Procurement Specialist", "IT Specialist"],
      managerTitle: "Operations Manager", weight: 6),
    Department(
      name: "Finance",
      titles: ["Accountant", "Senior Accountant", "Financial Analyst", "Payroll Specialist"],
      managerTitle: "Finance Manager", weight: 5),
    Department(
      name: "People",
      titles: ["Recruiter", "Senior Recruiter", "People Partner", "People Operations Specialist"],
      managerTitle: "Recruiting Manager", weight: 5),
    Department(
      name: "Legal", titles: ["Counsel", "Senior Counsel", "Paralegal", "Compliance Analyst"],
      managerTitle: "Associate General Counsel", weight: 3),
  ]

  private static let salesTitles = [
    "Account Executive", "Account Executive", "Senior Account Executive",
    "Sales Development Representative", "Solutions Consultant",
  ]
}
