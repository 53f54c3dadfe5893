import Directory
import FoundationEssentials

/// A user as read for a change: the id, the version a write names in
/// If-Match (the `ETag` header, else `meta.version`; nil when the service
/// versions nothing) and the whole resource, which a change is made on.
///
/// Threading: a plain value; `Sendable`.
struct SCIMEditedUser: Sendable {
  var id: String
  var userName: String
  var etag: String?
  var json: [String: JSONValue]

  /// The user in `body` (`GET /Users/{id}`) with the answer's `etag`;
  /// throws `.malformedJSON` for anything but a JSON object with an id.
  init(decoding body: [UInt8], etag: String?) throws(DirectoryError) {
    guard case .object(let json)? = try? JSONDecoder().decode(JSONValue.self, from: Data(body)),
      let id = json["id"]?.string
    else { throw .malformedJSON(offset: 0, reason: "not a SCIM user") }
    self.id = id
    userName = json["userName"]?.string ?? ""
    self.etag = etag ?? json["meta"]?.object?["version"]?.string
    self.json = json
  }

  /// The resource's path (`/Users/<id>`).
  var path: String { "/Users/" + SCIMQuery.escape(id) }

  /// Whether the account is on: only `active` false (or "false") is off.
  var isActive: Bool {
    switch json["active"] {
    case .bool(let active)?: active
    case .string(let text)?: text.lowercased() != "false"
    default: true
    }
  }
}
