/// A person's managers, nearest first, up to the top of the organisation,
/// and how the chain ends: at someone without a manager, at a manager the
/// directory does not hold, or where it comes round again (A's manager is
/// B, B's is A), which stops it.
///
/// Threading: a plain value.
public struct ManagerChain: Sendable, Equatable {
  /// How a chain of managers ends.
  public enum End: Sendable, Equatable {
    /// At a person without a manager: the top of the organisation.
    case top
    /// At a manager nobody in the directory is (their identity as the
    /// directory names them).
    case unknownManager(String)
    /// At a manager already in the chain (their position): a cycle.
    case cycle(Int)
  }

  /// The managers' positions, the person's own manager first.
  public let managers: [Int]
  public let end: End

  public init(managers: [Int], end: End) {
    self.managers = managers
    self.end = end
  }
}

extension UserTable {
  /// Person `index`'s managers up to the top of the organisation.
  public func managerChain(of index: Int) -> ManagerChain {
    var managers: [Int] = []
    var seen: Set<Int> = [index]
    var current = index
    while true {
      guard let manager = managerIndex(at: current) else {
        guard let unknown = managerIdentity(at: current) else {
          return ManagerChain(managers: managers, end: .top)
        }
        // Their own manager (kept as text by the table): a cycle of one.
        let end: ManagerChain.End =
          unknown == identity(at: current) ? .cycle(current) : .unknownManager(unknown)
        return ManagerChain(managers: managers, end: end)
      }
      guard seen.insert(manager).inserted else {
        return ManagerChain(managers: managers, end: .cycle(manager))
      }
      managers.append(manager)
      current = manager
    }
  }
}
