import Directory

/// Where a SCIM user keeps a field Roster can change, as the reader finds
/// it (``SCIMResource/details``): `displayName` and `title` at the top, the
/// enterprise extension's `department` and `employeeNumber`, the value of
/// the primary (else first) email and phone number, the mobile number's
/// (`phoneNumbers` of type "mobile") and the primary address's `locality`.
/// SCIM keeps no city apart from the locality: the city has no place; nor
/// has the manager, which the enterprise extension keeps as a reference to
/// the manager's resource (`manager.value`, an id) that Roster does not
/// write yet.
///
/// A change is made on the user's JSON as read, then sent as the PATCH
/// operations of the attributes it touched (``patchOperations(from:to:)``):
/// a multi-valued attribute is replaced whole, its other values as read,
/// which the precondition keeps true.
///
/// Threading: a plain value; `Sendable`.
enum SCIMFieldPlace: Sendable, Equatable {
  /// A single-valued text attribute: at the top, or in the enterprise
  /// extension's object.
  case attribute(String, enterprise: Bool)
  /// `sub` of one value of the multi-valued attribute `of`: the one of
  /// `type`, or (nil) the primary, else the first.
  case element(of: String, sub: String, type: String?)

  /// The place of `field`; nil for the city and the manager.
  init?(_ field: EditableField) {
    switch field {
    case .displayName: self = .attribute("displayName", enterprise: false)
    case .title: self = .attribute("title", enterprise: false)
    case .department: self = .attribute("department", enterprise: true)
    case .employeeNumber: self = .attribute("employeeNumber", enterprise: true)
    case .email: self = .element(of: "emails", sub: "value", type: nil)
    case .phone: self = .element(of: "phoneNumbers", sub: "value", type: nil)
    case .mobile: self = .element(of: "phoneNumbers", sub: "value", type: "mobile")
    case .location: self = .element(of: "addresses", sub: "locality", type: nil)
    case .city, .manager: return nil
    }
  }

  /// The attribute path a PATCH names for what this place changes: the
  /// whole multi-valued attribute for an element.
  var patchPath: String {
    switch self {
    case .attribute(let name, let enterprise):
      enterprise ? "\(SCIMResource.enterpriseSchema):\(name)" : name
    case .element(let attribute, _, _): attribute
    }
  }

  /// The place as the change log names it: the attribute's path, with
  /// the element chosen (`emails[primary].value`,
  /// `phoneNumbers[type eq "mobile"].value`).
  var logName: String {
    switch self {
    case .attribute: patchPath
    case .element(let attribute, let sub, let type):
      "\(attribute)[\(type.map { "type eq \"\($0)\"" } ?? "primary")].\(sub)"
    }
  }

  /// What the place holds in `user` (none or one value), cut as the reader
  /// cuts it.
  func values(in user: [String: JSONValue]) -> [String] {
    switch self {
    case .attribute(let name, let enterprise):
      let holder = enterprise ? user[SCIMResource.enterpriseSchema]?.object : user
      return (holder?[name]?.string).map { [clip($0)] } ?? []
    case .element(let attribute, let sub, let type):
      let elements = Self.elements(user[attribute])
      guard let index = Self.index(in: elements, type: type) else { return [] }
      return (elements[index][sub]?.string).map { [clip($0)] } ?? []
    }
  }

  /// Puts `value` in the place in `user`, or (nil) empties it: an email or
  /// phone number emptied is taken out of its list, an address keeps its
  /// other parts. A new element is of type `type` (else "work"), and the
  /// primary one when the list has none.
  func set(_ value: String?, in user: inout [String: JSONValue]) {
    switch self {
    case .attribute(let name, let enterprise):
      if enterprise {
        var holder = user[SCIMResource.enterpriseSchema]?.object ?? [:]
        holder[name] = value.map(JSONValue.string)
        // The server adds the extension to `schemas` (RFC 7643 §3).
        user[SCIMResource.enterpriseSchema] = .object(holder)
      } else {
        user[name] = value.map(JSONValue.string)
      }
    case .element(let attribute, let sub, let type):
      var elements = Self.elements(user[attribute])
      if let index = Self.index(in: elements, type: type) {
        if let value {
          elements[index][sub] = .string(value)
        } else if sub == "value" {
          elements.remove(at: index)
        } else {
          elements[index][sub] = nil
        }
      } else if let value {
        var element: [String: JSONValue] = [sub: .string(value), "type": .string(type ?? "work")]
        if type == nil, !elements.contains(where: { $0["primary"] == .bool(true) }) {
          element["primary"] = .bool(true)
        }
        elements.append(element)
      }
      user[attribute] = elements.isEmpty ? nil : .array(elements.map(JSONValue.object))
    }
  }

  /// The PATCH operations (RFC 7644 §3.5.2) that make `before` what
  /// `after` holds at each of `places`: `replace` with the new value, or
  /// `remove` where nothing is left. A place whose attribute did not change
  /// sends nothing.
  static func patchOperations(
    _ places: [SCIMFieldPlace], from before: [String: JSONValue], to after: [String: JSONValue]
  ) -> [JSONValue] {
    var operations: [JSONValue] = []
    var sent: Set<String> = []
    for place in places where sent.insert(place.patchPath).inserted {
      let old = place.attributeValue(in: before)
      let new = place.attributeValue(in: after)
      guard old != new else { continue }
      var operation: [String: JSONValue] = ["path": .string(place.patchPath)]
      if let new {
        operation["op"] = .string("replace")
        operation["value"] = new
      } else {
        operation["op"] = .string("remove")
      }
      operations.append(.object(operation))
    }
    return operations
  }

  /// The whole attribute a PATCH sends for this place; nil when `user`
  /// has none (or an empty list).
  private func attributeValue(in user: [String: JSONValue]) -> JSONValue? {
    switch self {
    case .attribute(let name, let enterprise):
      let holder = enterprise ? user[SCIMResource.enterpriseSchema]?.object : user
      return holder?[name]
    case .element(let attribute, _, _):
      guard case .array(let elements)? = user[attribute], !elements.isEmpty else { return nil }
      return .array(elements)
    }
  }

  /// The objects of a multi-valued attribute (anything else: none).
  private static func elements(_ value: JSONValue?) -> [[String: JSONValue]] {
    guard case .array(let elements)? = value else { return [] }
    return elements.compactMap(\.object)
  }

  /// The element of `type`, else (nil type) the primary, else the first.
  private static func index(in elements: [[String: JSONValue]], type: String?) -> Int? {
    if let type {
      return elements.firstIndex { $0["type"]?.string?.lowercased() == type }
    }
    return elements.firstIndex { $0["primary"] == .bool(true) } ?? elements.indices.first
  }
}
