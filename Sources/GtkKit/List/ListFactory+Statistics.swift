extension ListFactory {
  /// Counters of what the factory did.
  ///
  /// Threading: a value; `Sendable`.
  public struct Statistics: Sendable, Equatable {
    /// Rows built (setup).
    public var setups = 0
    /// Rows torn down.
    public var teardowns = 0
    /// Bind calls.
    public var binds = 0
    /// Unbind calls.
    public var unbinds = 0
    /// Rows re-bound in place by ``rebind(where:)`` (not counted in `binds`).
    public var rebinds = 0
    /// Unbind + bind pairs GTK asked for with the same item, which the
    /// factory skipped (not counted in `binds` or `unbinds`).
    public var elided = 0
    /// Rows currently bound.
    public var bound: Int { binds - unbinds }
    /// Empty counters.
    public init() {}
  }
}
