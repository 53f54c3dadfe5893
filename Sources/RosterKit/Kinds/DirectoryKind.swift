import Directory
import FoundationEssentials
import SharedSupport

/// One kind of directory Roster reads (a users.json file or URL, an LDAP or
/// SCIM server), all in one value: the URL schemes that name it, its title,
/// the Connect dialog's fields and their validation, which secret it needs,
/// how it opens and what `--stats` prints for it. The kinds are listed in
/// ``DirectoryKinds``; settings.json remembers a kind by its ``id``.
///
/// Threading: a `Sendable` value; its closures run on any thread.
public struct DirectoryKind: Sendable, Hashable, Identifiable, Codable {
  /// The secret a directory of this kind is opened with.
  public enum SecretKind: Sendable {
    /// None: the directory is read as anyone may.
    case none
    /// A password, when a bind DN is given (else it binds anonymously).
    case bindPassword
    /// A bearer token, always.
    case bearerToken
  }

  /// Which secret a directory of the kind needs, as the kind decides from
  /// its fields (the Connect dialog asks for it, the keyring keeps it).
  public enum SecretNeed: Sendable, Equatable {
    /// None: read as anyone may, or signed in with a ticket.
    case none
    /// One it cannot open without; `missing` is what the dialog says when
    /// none is typed ("Enter the password").
    case required(missing: String)
    /// One it may need (an encrypted key's passphrase): kept when typed.
    case optional
  }

  /// One way of signing in a kind offers (LDAP's password, Kerberos, client
  /// certificate): the name it is remembered by and what the dialog's
  /// chooser calls it.
  public struct SignIn: Sendable, Equatable {
    public let id: String
    public let title: String
  }

  /// One row of the Connect dialog a kind shows: which field, its label,
  /// the hint its empty entry shows, the ways of signing in it belongs to
  /// (nil: every way), and for a file's path the title of the chooser its
  /// "Choose…" opens.
  public struct FieldRow: Sendable {
    public let field: RememberedDirectory.Field
    public let label: String
    public let placeholder: String?
    public let signIns: [String]?
    public let chooserTitle: String?

    init(
      _ field: RememberedDirectory.Field, _ label: String, placeholder: String? = nil,
      signIns: [String]? = nil, chooserTitle: String? = nil
    ) {
      self.field = field
      self.label = label
      self.placeholder = placeholder
      self.signIns = signIns
      self.chooserTitle = chooserTitle
    }

    /// Whether the row shows for signing in the way `signIn` names.
    func belongs(to signIn: String?) -> Bool {
      guard let signIns, let signIn else { return true }
      return signIns.contains(signIn)
    }
  }

  /// What `--stats` prints for a directory of this kind.
  public struct Statistics: Sendable {
    /// The line above the counters ("SCIM server statistics:").
    public let heading: String
    /// The directory's own counters, which print one subject a line.
    public let counters: any CustomStringConvertible & Sendable
  }

  /// The name settings.json keeps ("ldap").
  public let id: String
  /// The name the dialog's kind chooser and the directory menu show.
  public let title: String
  /// The lower-cased URL schemes (before "://") that name this kind in a
  /// `--source` argument or the location field.
  public let schemes: [String]
  /// Whether it is a server read a window at a time (else a users.json
  /// loaded whole).
  public let isServer: Bool
  /// Whether the location is a file path: the dialog offers "Choose…" and
  /// the menu shows the file's name.
  public let isFile: Bool
  /// The secret it needs.
  public let secret: SecretKind
  /// The dialog's rows for this kind, the location first.
  public let fields: [FieldRow]
  /// The ways of signing in the dialog offers for this kind (LDAP's), else
  /// none: the kind has one.
  public var signIns: [SignIn] = []
  /// The secret a directory of this kind needs (by default: none, or a
  /// bearer token always, as ``secret`` says).
  var secretNeed: @Sendable (RememberedDirectory) -> SecretNeed = { directory in
    switch directory.kind.secret {
    case .none, .bindPassword: .none
    case .bearerToken: .required(missing: tr("Enter the bearer token"))
    }
  }
  /// Whether opening a directory asks its server first what it leaves open
  /// (``OpenedDirectory/discovered(_:secret:)``).
  var asksTheServer: @Sendable (RememberedDirectory) -> Bool = { _ in false }
  /// Puts the directory's sign-in and what its server said before into the
  /// options it is opened with.
  var configure: @Sendable (RememberedDirectory, inout ServerOptions) -> Void = { _, _ in }
  /// Keeps what the server said of itself in the directory, so that a
  /// later start need not ask (a people base only when the server named
  /// it, not the address).
  var remember: @Sendable (inout RememberedDirectory, DiscoveredFacts) -> Void = { _, _ in }
  /// The lower-cased file name extensions ("csv") whose files this kind
  /// reads when a path names no kind by its scheme; users.json's kind reads
  /// every other file.
  public var fileExtensions: [String] = []
  /// Whether the directory may be kept in an offline copy (an LDAP server
  /// that offers Content Sync): the dialog offers the switch.
  public var offersOfflineCopy = false
  /// What is wrong with the directory's fields (not its secret), one reason
  /// per field.
  let validate: @Sendable (RememberedDirectory) -> [RememberedDirectory.Field: String]
  /// The directory as one `--source` argument (the location, unless the
  /// kind folds other fields into it).
  let argument: @Sendable (RememberedDirectory) -> String
  /// Opens the directory at `location` with `secret`; `options` say how to
  /// reach a server.
  let open:
    @Sendable (_ location: String, _ secret: Secret?, _ options: ServerOptions)
      throws(DirectoryError) -> OpenedDirectory
  /// The counters of `directory` when it is of this kind.
  let counters: @Sendable (any RangedDirectory) -> Statistics?

  /// The dialog's rows for signing in the way `signIn` names (nil: the
  /// kind offers no choice).
  public func fields(for signIn: String?) -> [FieldRow] {
    fields.filter { $0.belongs(to: signIn) }
  }

  /// Opens the directory at `location` (a `--source` argument) with
  /// `secret`, if it needs one; `options` say how to reach a server (bind
  /// DN, TLS). Nothing is read yet: ``OpenedDirectory/checked()`` reads.
  public func make(location: String, secret: Secret?, options: ServerOptions = ServerOptions())
    throws(DirectoryError) -> OpenedDirectory
  {
    try open(location, secret, options)
  }

  /// What `--stats` prints for `directory`; nil when it is not of this kind
  /// or the kind keeps no counters.
  public func statistics(of directory: any RangedDirectory) -> Statistics? {
    counters(directory)
  }

  /// Whether `text` starts with one of this kind's schemes and "://".
  public func names(_ text: String) -> Bool {
    guard let scheme = Self.scheme(of: text) else { return false }
    return schemes.contains(scheme)
  }

  /// The lower-cased extension of the file `location` names ("csv" for
  /// "~/People.CSV"); nil when its name has none.
  static func fileExtension(of location: String) -> String? {
    let name = location.trimmed.split(separator: "/").last ?? ""
    guard name.contains("."), let suffix = name.split(separator: ".").last else { return nil }
    return suffix.lowercased()
  }

  /// The lower-cased scheme of `text` when it starts like "scheme://"; nil
  /// for a path.
  static func scheme(of text: String) -> String? {
    let trimmed = text.trimmed
    guard let end = trimmed.firstRange(of: "://") else { return nil }
    let scheme = trimmed[..<end.lowerBound]
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    return scheme.lowercased()
  }
}

extension DirectoryKind {
  public static func == (lhs: DirectoryKind, rhs: DirectoryKind) -> Bool { lhs.id == rhs.id }

  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  /// A kind from its ``id``; an id no kind has fails (settings.json skips
  /// that directory).
  public init(from decoder: any Decoder) throws {
    let id = try decoder.singleValueContainer().decode(String.self)
    guard let kind = DirectoryKinds.kind(id: id) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "no directory kind “\(id)”"))
    }
    self = kind
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(id)
  }
}
