/// A directory server that may be read in clear text over the network and
/// can be read again over TLS: the window's "Not encrypted" banner and its
/// Encrypt button.
///
/// A capability, asked for by type (`directory as? any
/// EncryptableDirectory`); a directory always read over TLS (https) does
/// not conform.
///
/// Threading: `Sendable`; both members are pure (nothing is contacted).
public protocol EncryptableDirectory: RangedDirectory {
  /// Whether it is read in clear text to another machine, decided from its
  /// address alone (nothing is resolved or contacted to decide).
  var readsInClearText: Bool { get }

  /// The same directory read over TLS, on a connection of its own.
  func encrypted() -> any RangedDirectory
}
