import Directory

/// What the shell's search looks in: the remembered directory shown last,
/// with what the window holds of it already (a users.json loaded, a server
/// opened with its secret), so a running Roster answers from its memory.
///
/// Threading: a `Sendable` value, made on the main thread, read off it.
struct SearchTarget: Sendable {
  /// The directory searched.
  let directory: RememberedDirectory
  /// The window's contents of it, when it shows that users.json loaded.
  let loaded: DirectoryContents?
  /// The window's server, when it shows that directory server.
  let server: (any RangedDirectory)?
  /// The directory's secret from the keyring (nil: none or not found); asked
  /// only when the directory needs one and no window holds it open.
  let secret: @Sendable () async -> Secret?
}
