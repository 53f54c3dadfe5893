import FoundationEssentials

extension Error {
  /// What people read about this error: a `LocalizedError`'s
  /// `errorDescription`, otherwise the error as Swift describes it.
  public var sentence: String {
    (self as? any LocalizedError)?.errorDescription ?? String(describing: self)
  }
}
