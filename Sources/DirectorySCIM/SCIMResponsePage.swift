import Directory
import FoundationEssentials

/// One page of a SCIM `ListResponse` (RFC 7644 §3.4.2), decoded from the
/// server's bytes: the count and the users as rows, each with the address
/// of its photo. The bytes are untrusted: they are bounded before they get
/// here, every text field is cut to `FieldLimit.maxBytes`, and anything not
/// a list response is a clear error, never a crash.
///
/// Threading: a plain value; `Sendable`.
struct SCIMResponsePage: Sendable, Equatable {
  /// `totalResults`: the users the (filtered) query matches.
  var total: Int
  /// `startIndex` as the server says it (from 1).
  var startIndex: Int
  var users: [SCIMUser]

  /// Reads a list response; throws `.malformedJSON` for anything else.
  init(decoding bytes: some Collection<UInt8>) throws(DirectoryError) {
    let list: ListResponse
    do {
      list = try JSONDecoder().decode(ListResponse.self, from: Data(bytes))
    } catch {
      throw .malformedJSON(offset: 0, reason: "not a SCIM list response (\(Self.reason(error)))")
    }
    guard list.totalResults >= 0 else {
      throw .malformedJSON(offset: 0, reason: "a negative totalResults")
    }
    total = list.totalResults
    startIndex = list.startIndex ?? 1
    users = (list.resources ?? []).map(SCIMUser.init)
  }

  private static func reason(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _): "no \(key.stringValue)"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
    default: "malformed JSON"
    }
  }
}

/// One user of a page, as a row and the address of its photo.
///
/// Threading: a plain value; `Sendable`.
struct SCIMUser: Sendable, Equatable {
  var entry: DirectoryEntry
  /// The thumbnail, else the primary photo, else none.
  var photo: URL?

  fileprivate init(_ resource: SCIMResource) {
    let photo = Self.photo(resource.photos ?? [])
    let role =
      resource.roles?.first { $0.primary == true }?.value
      ?? resource.roles?.first?.value ?? resource.userType
    entry = DirectoryEntry(
      id: clip(resource.id), username: clip(resource.userName ?? ""),
      details: resource.details,
      role: Role(jsonValue: clip(role ?? "")),
      // Only an account said to be inactive is.
      isActive: resource.active?.value ?? true,
      // A new photo comes with a new resource version; without one, a new
      // address is the only sign.
      photoVersion: photo.map { clip(resource.meta?.version ?? $0.absoluteString) })
    self.photo = photo
  }

  /// One user resource (`GET /Users/{id}`); throws `.malformedJSON` for
  /// anything else.
  init(decoding bytes: some Collection<UInt8>) throws(DirectoryError) {
    do {
      self.init(try JSONDecoder().decode(SCIMResource.self, from: Data(bytes)))
    } catch {
      throw .malformedJSON(offset: 0, reason: "not a SCIM user")
    }
  }

  private static func photo(_ photos: [SCIMResource.Photo]) -> URL? {
    let chosen =
      photos.first { $0.type?.lowercased() == "thumbnail" } ?? photos.first { $0.primary == true }
    guard let text = chosen?.value, text.utf8.count <= 8192, let url = URL(string: text),
      let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
      url.host?.isEmpty == false
    else { return nil }
    return url
  }
}

/// The text of at most `FieldLimit.maxBytes`, never splitting a character.
func clip(_ text: String) -> String {
  guard text.utf8.count > FieldLimit.maxBytes else { return text }
  return Array(text.utf8).withUnsafeBufferPointer { FieldLimit.string($0).text }
}

/// The JSON of a list response: only what a row needs is decoded, the rest
/// of each resource is skipped.
///
/// Threading: plain values (this and `SCIMResource`), made and read on the
/// decoding thread.
private struct ListResponse: Decodable {
  var totalResults: Int
  var startIndex: Int?
  var resources: [SCIMResource]?

  enum CodingKeys: String, CodingKey {
    case totalResults, startIndex
    case resources = "Resources"
  }
}

/// One user resource as a page holds it: what a row and the details need,
/// the rest skipped (see SCIMResource+Details.swift for the details).
struct SCIMResource: Decodable {
  struct Name: Decodable { var formatted: String? }
  /// A role, email or phone number: a value, perhaps the primary one.
  struct Role: Decodable {
    var value: String?
    var primary: Bool?
  }
  struct Photo: Decodable {
    var value: String?
    var type: String?
    var primary: Bool?
  }
  struct Meta: Decodable { var version: String? }

  var id: String
  var userName: String?
  var displayName: String?
  var name: Name?
  var userType: String?
  var title: String?
  var roles: [Role]?
  var emails: [Role]?
  var phoneNumbers: [Role]?
  var addresses: [Address]?
  var enterprise: EnterpriseUser?
  var photos: [Photo]?
  var meta: Meta?
  var active: LenientBool?

  enum CodingKeys: String, CodingKey {
    case id, userName, displayName, name, userType, title, roles, emails, phoneNumbers
    case addresses, photos, meta, active
    case enterprise = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"
  }
}

/// A boolean as servers write it: `true`, or the text "true" (any case);
/// anything else reads as no value rather than failing the resource.
///
/// Threading: a plain value; `Sendable`.
struct LenientBool: Decodable, Sendable {
  let value: Bool?

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let flag = try? container.decode(Bool.self) {
      value = flag
    } else if let text = try? container.decode(String.self) {
      value = ["true": true, "false": false][text.lowercased()]
    } else {
      value = nil
    }
  }
}
