import Directory

/// What one vCard says about a person, gathered property by property
/// (3.0 and 4.0 alike), then made a ``User``:
/// - the display name from `FN`, else `N` ("Given Family"); left out when
///   it is the username (Roster's export writes the username as `FN` for
///   a person without a display name);
/// - the username from `X-ROSTER-USERNAME`, else the local part of the
///   email, else `UID`; the id from `UID` when it is not the username;
/// - `EMAIL` and `TEL` (the preferred, else the first; a `tel:` URI as its
///   number), `TITLE`, `ORG`'s first component as the department, the
///   locality of `ADR` (a work address first) as the location, and
///   Roster's own `X-ROSTER-CITY`, `-MANAGER`, `-EMPLOYEE-NUMBER`,
///   `-ROLE` and `-ACTIVE`;
/// - a `PHOTO` that is an http(s) URL as the avatar; a photo inline in the
///   card (a `data:` URI, or 3.0's base64) is left out and counted.
///
/// Threading: a value owned by one parse.
struct VCardCard {
  private var user = User(username: "", role: .unknown)
  private var formattedName: String?
  private var structuredName: String?
  private var uid: String?
  private var preferred: Set<String> = []
  private var workAddress = false
  /// Whether a value was longer than a field keeps.
  private(set) var wasCut = false
  /// Whether a photo was left out.
  private(set) var photoLeftOut = false

  /// Takes what `property` says.
  mutating func read(_ property: VCardProperty) {
    switch property.name {
    case "FN": formattedName = text(property)
    case "N": structuredName = name(property)
    case "UID": uid = text(property)
    case "EMAIL": keep(property, as: .email)
    case "TEL": keep(property, as: .phone)
    case "TITLE": user.details.title = optional(property)
    case "ORG": user.details.department = optional(property, component: 0)
    case "ADR":
      let isWork = property.has("TYPE", "WORK")
      guard user.details.location == nil || (isWork && !workAddress) else { return }
      if let locality = optional(property, component: 3) {
        user.details.location = locality
        workAddress = isWork
      }
    case "X-ROSTER-USERNAME": user.username = text(property)
    case "X-ROSTER-CITY": user.details.city = optional(property)
    case "X-ROSTER-MANAGER": user.details.manager = optional(property)
    case "X-ROSTER-EMPLOYEE-NUMBER": user.details.employeeNumber = optional(property)
    case "X-ROSTER-ROLE": user.role = PersonText.role(text(property))
    case "X-ROSTER-ACTIVE": user.isActive = PersonText.isActive(text(property))
    case "PHOTO": photo(property)
    default: break
    }
  }

  /// The person the card describes.
  var person: User {
    var person = user
    if person.username.isEmpty, let email = person.details.email {
      person.username = PersonText.localPart(of: email)
    }
    if person.username.isEmpty, let uid { person.username = uid }
    let name = formattedName.flatMap(PersonText.optional) ?? structuredName
    person.details.displayName = name == person.username ? nil : name
    person.id = uid == person.username ? nil : uid.flatMap(PersonText.optional)
    return person
  }

  private mutating func text(_ property: VCardProperty) -> String {
    let (text, cut) = property.text
    wasCut = wasCut || cut
    return text
  }

  private mutating func optional(_ property: VCardProperty, component: Int? = nil) -> String? {
    let (text, cut) = property.component(component)
    wasCut = wasCut || cut
    return PersonText.optional(text)
  }

  /// `N`'s given and family names, in that order.
  private mutating func name(_ property: VCardProperty) -> String? {
    let family = optional(property, component: 0)
    let given = optional(property, component: 1)
    return PersonText.optional([given, family].compactMap { $0 }.joined(separator: " "))
  }

  /// Keeps `property` as `field` if it is the first, or the first
  /// preferred one.
  private mutating func keep(_ property: VCardProperty, as field: DetailField) {
    let isPreferred = property.isPreferred
    guard user.details[field] == nil || (isPreferred && !preferred.contains(field.rawValue))
    else { return }
    var value = text(property)
    if field == .phone, value.lowercased().hasPrefix("tel:") { value.removeFirst(4) }
    guard !value.isEmpty else { return }
    user.details[field] = value
    if isPreferred { preferred.insert(field.rawValue) }
  }

  private mutating func photo(_ property: VCardProperty) {
    let (value, cut) = property.text
    let lowered = value.prefix(8).lowercased()
    let isURL = lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    guard isURL, !cut, property.parameters["ENCODING"] == nil else {
      photoLeftOut = true
      return
    }
    user.avatar = value
  }
}
