/// Carries a value across an isolation boundary the compiler cannot see is
/// safe, such as out of `MainActor.assumeIsolated` inside a C callback.
///
/// Threading: the caller guarantees the value is only used on one thread.
public struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The wrapped value.
  public var value: Value
  /// Wraps `value`.
  public init(_ value: Value) { self.value = value }
}
