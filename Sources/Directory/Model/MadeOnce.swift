import SharedSupport

/// A value made the first time it is asked for, then kept: the indexes a
/// table or the groups make for lookups (reports, identities, a person's
/// groups) that not every directory needs.
///
/// Threading: any thread; a mutex guards it, held while it is made (once).
final class MadeOnce<Value: Sendable>: Sendable {
  private let storage = Locked<Value?>(nil)

  /// The value if it was made, without making it.
  var made: Value? { storage.withLock { $0 } }

  /// Makes the value `value` unless it was made.
  func preset(_ value: Value) {
    storage.withLock { made in
      if made == nil { made = value }
    }
  }

  /// The value, made by `make` on the first call.
  func value(_ make: () -> Value) -> Value {
    storage.withLock { made in
      if let made { return made }
      let value = make()
      made = value
      return value
    }
  }
}
