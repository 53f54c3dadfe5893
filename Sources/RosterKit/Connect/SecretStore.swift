import CSecret
import Directory
import Dispatch
import FoundationEssentials
import SharedSupport

/// The keyring: the passwords and tokens of remembered directories, kept by
/// the Secret Service (GNOME Keyring, KWallet) through libsecret, one per
/// directory id. Nothing of a secret is ever written anywhere else.
///
/// libsecret's calls are D-Bus round trips that can wait on the keyring
/// daemon (or on its unlock prompt) for as long as the person takes, so
/// every call runs on a serial queue of the keyring's own: never on the
/// main thread, and never on Swift's cooperative pool, whose two threads on
/// two cores a wait there would take from everything else (the same rule
/// as libldap's blocking calls).
///
/// Threading: a `Sendable` value; its methods run off the caller's thread.
struct SecretStore: Sendable {
  /// Why the keyring could not be used.
  struct Unavailable: Error, Sendable, CustomStringConvertible {
    /// libsecret's (or D-Bus's) reason; it never holds the secret itself.
    let reason: String
    var description: String {
      String(filling: tr("No keyring (Secret Service) is available: %@"), reason)
    }
  }

  /// Stores `secret` for the directory `id`, labelled `label` in the keyring.
  func store(_ secret: Secret, for id: String, label: String) async throws(Unavailable) {
    let failure = await Self.onKeyringQueue { () -> String? in
      var error: UnsafeMutablePointer<GError>?
      let stored = csecret_store(id, label, secret.value, &error)
      return stored != 0 ? nil : Self.reason(error)
    }
    if let failure { throw Unavailable(reason: failure) }
  }

  /// The secret stored for `id`, or nil when the keyring has none.
  func lookup(_ id: String) async throws(Unavailable) -> Secret? {
    let result = await Self.onKeyringQueue { () -> Result<Secret?, Unavailable> in
      var error: UnsafeMutablePointer<GError>?
      guard let password = csecret_lookup(id, &error) else {
        return error == nil ? .success(nil) : .failure(Unavailable(reason: Self.reason(error)))
      }
      let secret = Secret(String(cString: password))
      // Zeroes the keyring's copy before freeing it.
      secret_password_free(password)
      return .success(secret)
    }
    return try result.get()
  }

  /// Removes the secret of `id`, if the keyring holds one.
  func forget(_ id: String) async throws(Unavailable) {
    let failure = await Self.onKeyringQueue { () -> String? in
      var error: UnsafeMutablePointer<GError>?
      _ = csecret_clear(id, &error)
      return error == nil ? nil : Self.reason(error)
    }
    if let failure { throw Unavailable(reason: failure) }
  }

  private static let queue = DispatchQueue(label: "org.roster.keyring", qos: .userInitiated)

  /// Runs `work` on the keyring's queue and waits for it without holding a
  /// thread.
  private static func onKeyringQueue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      queue.async { @Sendable in continuation.resume(returning: work()) }
    }
  }

  /// The message of `error` (then freed).
  private static func reason(_ error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return tr("the keyring refused without saying why") }
    defer { g_error_free(error) }
    return error.pointee.message.map { String(cString: $0) } ?? tr("unknown error")
  }
}
