import Directory

/// A SCIM user's details (RFC 7643 §4.1 and the enterprise extension §4.3):
/// `displayName` else `name.formatted`, the primary (else first) email,
/// phone number and address's `locality`, `title`, and the enterprise
/// `department`, `employeeNumber` and `manager.value` (the manager's id).
/// Every value is cut with `clip`.
extension SCIMResource {
  /// An address; only the locality is read.
  struct Address: Decodable {
    var locality: String?
    var primary: Bool?
  }

  /// `urn:ietf:params:scim:schemas:extension:enterprise:2.0:User`.
  struct EnterpriseUser: Decodable {
    struct Manager: Decodable { var value: String? }
    var department: String?
    var employeeNumber: String?
    var manager: Manager?
  }

  /// The attributes a page asks for, so that ``details`` has its values.
  static let detailAttributes = [
    "displayName", "name.formatted", "title", "emails", "phoneNumbers", "addresses",
    enterpriseSchema + ":department", enterpriseSchema + ":employeeNumber",
    enterpriseSchema + ":manager",
  ]
  static let enterpriseSchema = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"

  var details: PersonDetails {
    PersonDetails(
      displayName: (displayName ?? name?.formatted).map(clip),
      email: Self.primary(emails)?.value.map(clip),
      title: title.map(clip),
      department: enterprise?.department.map(clip),
      location: Self.primary(addresses)?.locality.map(clip),
      phone: Self.primary(phoneNumbers)?.value.map(clip),
      manager: enterprise?.manager?.value.map(clip),
      employeeNumber: enterprise?.employeeNumber.map(clip))
  }

  private static func primary(_ values: [Role]?) -> Role? {
    values?.first { $0.primary == true } ?? values?.first
  }

  private static func primary(_ values: [Address]?) -> Address? {
    values?.first { $0.primary == true } ?? values?.first
  }
}
