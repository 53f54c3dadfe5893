import SharedSupport

/// Everything a row shows for one user. A loaded directory stores none of
/// these: each is made from its ``UserTable`` when a row binds
/// (``UserRef/viewModel``, about a microsecond for a usual name), and the
/// row copies its values into its widgets.
///
/// Threading: a plain value; `Sendable`; make it on any thread.
public struct UserViewModel: Sendable, Hashable {
  /// How many placeholder colours `placeholderColorIndex` chooses from.
  public static let placeholderPaletteCount = 12

  /// The user's identity (id, else username), for refresh diffs.
  public var identity: String
  /// The username as the directory holds it (bounded by `FieldLimit`): what
  /// search folds and a server sorts by. Rows show ``displayName``.
  public var username: String
  public var role: Role
  /// Whether the account is active (``User/isActive``): a row shows a
  /// disabled one dimmed, "Disabled" before its second line.
  public var isActive: Bool
  /// Their name, contact and place in the organisation, as the directory
  /// holds them.
  public var details: PersonDetails
  /// One or two upper-case letters or digits for the placeholder avatar;
  /// never empty ("?" at worst).
  public var initials: String
  /// Which placeholder colour, in `0..<placeholderPaletteCount`, stable
  /// across launches for the same username.
  public var placeholderColorIndex: Int
  /// The raw avatar string from the JSON; "" when the user has none.
  public var avatar: String

  /// The manager's name (display name, else username) when the directory
  /// holds them; nil otherwise (``PersonDetails/manager`` keeps the reference).
  public var managerName: String?
  /// The primary line of a row, the details panel and its title: the
  /// person's display name, else their username, as ``DisplayText`` shows it
  /// (controls as visible marks, at most 256 characters). For the usual name
  /// it is the name itself (one shared buffer, no work).
  public var displayName: String
  /// The role as a row shows it ("Admin", "Unknown", ...); a static string.
  public var roleText: String { role.displayText }
  /// The second line of a row: the person's title, else their role;
  /// "Disabled · " before it for a disabled account.
  public var subtitle: String {
    let line = details.title.flatMap { $0.isEmpty ? nil : DisplayText.of($0) } ?? roleText
    return isActive ? line : Self.joined(Self.disabledText, " · ", line)
  }
  /// What marks a disabled account in rows, the table and a person's page.
  public static var disabledText: String { tr("Disabled") }
  /// What a screen reader says for the row: "display name, title or role",
  /// the same text the row shows. Made when asked (at bind) rather than
  /// stored: a million stored copies cost ~100 MB.
  public var accessibleText: String { Self.joined(displayName, ", ", subtitle) }

  /// Computes the row values for `user`.
  public init(user: User) {
    identity = user.identity
    username = user.username
    details = user.details
    let name = user.details.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? user.username
    displayName = DisplayText.of(name)
    role = user.role
    isActive = user.isActive
    initials = Initials.of(name)
    placeholderColorIndex = Int(
      StableHash.fnv1a(user.username) % UInt64(Self.placeholderPaletteCount))
    avatar = user.avatar
  }

  /// Concatenates with a single allocation; `+` makes an intermediate string
  /// and reallocates, which shows up across a million users.
  private static func joined(_ first: String, _ second: StaticString, _ third: String) -> String {
    var first = first
    var third = third
    let count = first.utf8.count + second.utf8CodeUnitCount + third.utf8.count
    return first.withUTF8 { head in
      third.withUTF8 { tail in
        String(unsafeUninitializedCapacity: count) { buffer in
          var offset = buffer.initialize(fromContentsOf: head)
          offset = buffer[offset...].initialize(
            fromContentsOf: UnsafeBufferPointer(
              start: second.utf8Start, count: second.utf8CodeUnitCount))
          return buffer[offset...].initialize(fromContentsOf: tail)
        }
      }
    }
  }
}
