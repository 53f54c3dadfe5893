import Directory
import FoundationEssentials

/// A SCIM resource as the details panel lists it: each attribute by its
/// path ("name.givenName", "emails.value"), photos and schemas left out,
/// every value cut to `FieldLimit.maxBytes`.
///
/// Threading: stateless; callable from any thread.
enum SCIMAttributes {
  static let hidden: Set = ["photos", "schemas"]
  /// The most attributes listed, whatever the resource holds.
  static let maxAttributes = 500

  /// The attributes of the resource in `body`; none when it is not a JSON
  /// object.
  static func flatten(_ body: [UInt8]) -> [DirectoryAttribute] {
    guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: Data(body))
    else {
      return []
    }
    var attributes: [DirectoryAttribute] = []
    for key in object.keys.sorted() where !hidden.contains(key) {
      add(object[key]!, named: key, to: &attributes, depth: 0)
    }
    return Array(attributes.prefix(maxAttributes))
  }

  private static func add(
    _ value: JSONValue, named name: String, to attributes: inout [DirectoryAttribute], depth: Int
  ) {
    guard attributes.count < maxAttributes, depth < 4 else { return }
    let text: String
    switch value {
    case .object(let object):
      for key in object.keys.sorted() {
        add(object[key]!, named: "\(name).\(key)", to: &attributes, depth: depth + 1)
      }
      return
    case .array(let array):
      for element in array.prefix(maxAttributes) {
        add(element, named: name, to: &attributes, depth: depth + 1)
      }
      return
    case .string(let string): text = clip(string)
    case .integer(let number): text = String(number)
    case .number(let number): text = String(number)
    case .bool(let bool): text = bool ? "true" : "false"
    case .null: text = "null"
    }
    if let last = attributes.indices.last, attributes[last].name == name {
      attributes[last].values.append(text)
    } else {
      attributes.append(DirectoryAttribute(name: name, values: [text]))
    }
  }

}
