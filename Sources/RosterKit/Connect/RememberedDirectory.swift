import Directory
import FoundationEssentials
import SharedSupport

/// A directory the user connected to through the Connect dialog, as
/// settings.json remembers it: its kind, where it is, and what its kind
/// keeps besides (``options``: an LDAP server's base DN, filter and sign-in,
/// declared in Kinds/LDAPKind.swift), never its password or token (those
/// are in the keyring, under ``id``).
///
/// In settings.json a directory is one object: `id`, `kind`, `location`,
/// `offlineCopy` and each of its kind's options by name beside them.
///
/// Threading: a plain `Sendable` value.
public struct RememberedDirectory: Codable, Equatable, Sendable, Identifiable {
  /// How the directory is read: one of ``DirectoryKinds``.
  public typealias Kind = DirectoryKind

  /// One field of the dialog, by the name its text is kept under: the
  /// location and the secret every kind has, and those a kind declares
  /// (LDAP's in Kinds/LDAPKind.swift).
  public struct Field: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The file's path or the server's URL.
    public static let location = Field(rawValue: "location")
    /// The password, token or key passphrase; kept in the keyring only.
    public static let secret = Field(rawValue: "secret")

    public var description: String { rawValue }
  }

  /// One of a kind's options as settings.json holds it: text, or a yes or
  /// no.
  public enum Option: Codable, Equatable, Sendable {
    case text(String)
    case flag(Bool)

    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let flag = try? container.decode(Bool.self) {
        self = .flag(flag)
      } else {
        self = .text(try container.decode(String.self))
      }
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .text(let text): try container.encode(text)
      case .flag(let flag): try container.encode(flag)
      }
    }
  }

  /// The keyring's key for this directory's secret.
  public var id: String
  public var kind: Kind
  /// The file's path, the JSON URL, the LDAP server URL or the SCIM base URL.
  public var location: String
  /// What the kind keeps besides the location, by name: the text of its
  /// fields (``Field``) and its own settings.
  public var options: [String: Option] = [:]
  /// Whether to keep an offline copy when the server offers one; nil keeps
  /// one, as directories remembered before the choice existed say.
  public var offlineCopy: Bool?

  /// A new directory of `kind` at `location`, with a fresh id.
  public init(kind: Kind, location: String) {
    id = UUID().uuidString
    self.kind = kind
    self.location = location
  }

  /// Whether an offline copy is kept (servers that offer one).
  public var keepsOfflineCopy: Bool { offlineCopy ?? true }

  /// Whether opening it asks the server first what it leaves open (an LDAP
  /// server that has not yet said whether it is Active Directory).
  public var asksTheServer: Bool { kind.asksTheServer(self) }

  /// The way of signing in chosen, of the kind's (``DirectoryKind/signIns``);
  /// the kind's first when none was.
  public var signInID: String? {
    if case .text(let id)? = options[Self.signInOption] { return id }
    return kind.signIns.first?.id
  }

  /// The option the way of signing in is kept under.
  static let signInOption = "signIn"

  /// Chooses the way of signing in `id` names (nil: none chosen).
  mutating func chooseSignIn(_ id: String?) {
    options[Self.signInOption] = id.map(Option.text)
  }

  /// The text of `field` ("" when none).
  public func text(_ field: Field) -> String {
    if field == .location { return location }
    if case .text(let text)? = options[field.rawValue] { return text }
    return ""
  }

  /// The secret it needs, as its kind decides from its fields.
  public var secretNeed: DirectoryKind.SecretNeed { kind.secretNeed(self) }

  /// Whether connecting needs a password or token.
  public var needsSecret: Bool {
    if case .required = secretNeed { return true }
    return false
  }

  /// Whether a secret may be kept for it: one it needs, or one it may need
  /// (a client key's passphrase, needed only when the key is encrypted,
  /// which the file says when it is read). A Kerberos directory keeps none:
  /// the ticket is the desktop's.
  public var keepsSecret: Bool { secretNeed != .none }

  /// What the menu shows: "LDAP · ldap://127.0.0.1:3890".
  public var title: String {
    let place = kind.isFile ? URL(fileURLWithPath: location).lastPathComponent : location
    return "\(kind.title) · \(place)"
  }

  /// The `--source` form of this directory: an LDAP URL carries the base DN
  /// and filter (RFC 4516), percent-encoded.
  public var sourceArgument: String { kind.argument(self) }

  /// What is wrong with the fields, one reason per field; empty when the
  /// directory can be tried. `secret` is what the dialog's secret field holds.
  public func problems(secret: String) -> [Field: String] {
    var problems = kind.validate(self)
    if case .required(let missing) = secretNeed, secret.isEmpty { problems[.secret] = missing }
    return problems
  }

  /// Sets the text of `field` (the location, or one of the kind's fields;
  /// "" removes it).
  mutating func set(_ field: Field, to text: String) {
    switch field {
    case .location: location = text
    case .secret: break
    default: options[field.rawValue] = text.isEmpty ? nil : .text(text)
    }
  }

  // MARK: Codable

  private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    static let id = Key("id")
    static let kind = Key("kind")
    static let location = Key("location")
    static let offlineCopy = Key("offlineCopy")
    static let fixed: Set<String> = ["id", "kind", "location", "offlineCopy"]
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    id = try container.decode(String.self, forKey: .id)
    kind = try container.decode(Kind.self, forKey: .kind)
    location = try container.decode(String.self, forKey: .location)
    offlineCopy = try container.decodeIfPresent(Bool.self, forKey: .offlineCopy)
    for key in container.allKeys where !Key.fixed.contains(key.stringValue) {
      // A value of another shape (from a later Roster) is left out, and
      // an empty text is no text (earlier files wrote every LDAP field).
      guard let option = try? container.decode(Option.self, forKey: key), option != .text("")
      else { continue }
      options[key.stringValue] = option
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(id, forKey: .id)
    try container.encode(kind, forKey: .kind)
    try container.encode(location, forKey: .location)
    try container.encodeIfPresent(offlineCopy, forKey: .offlineCopy)
    for (name, option) in options.sorted(by: { $0.key < $1.key }) {
      try container.encode(option, forKey: Key(name))
    }
  }
}

/// One entry of settings.json's remembered directories, nil when it cannot
/// be read.
///
/// Threading: a plain value, decoded where the settings are.
struct SkippingDirectory: Decodable {
  let directory: RememberedDirectory?

  init(from decoder: any Decoder) {
    directory = try? RememberedDirectory(from: decoder)
  }
}
