import FoundationEssentials

/// An error only one kind of directory server has (an LDAP result, a SCIM
/// token refused), declared in that backend's module. ``DirectoryError``
/// carries it as ``DirectoryError/backend(_:)`` and knows only its sentence.
///
/// Threading: a plain value; `Sendable`.
public protocol BackendError: Error, Sendable, Equatable, LocalizedError {}

/// A ``BackendError`` of any backend: equal to another when both are of the
/// same type and equal, and told as the backend's sentence.
///
/// Threading: a plain value; `Sendable`.
public struct BackendFailure: Sendable, Equatable, CustomStringConvertible {
  /// The backend's own error.
  public let error: any BackendError

  /// Wraps `error`.
  public init(_ error: some BackendError) {
    self.error = error
  }

  /// The backend's sentence for the user.
  public var description: String { error.errorDescription ?? String(describing: error) }

  public static func == (lhs: BackendFailure, rhs: BackendFailure) -> Bool {
    lhs.error.isEqual(to: rhs.error)
  }
}

extension BackendError {
  /// Whether `other` is this error (same type, equal).
  fileprivate func isEqual(to other: any BackendError) -> Bool {
    (other as? Self) == self
  }
}

extension DirectoryError {
  /// The backend error of type `type` this is, if it is one.
  public func backendError<E: BackendError>(_ type: E.Type) -> E? {
    guard case .backend(let failure) = self else { return nil }
    return failure.error as? E
  }
}
