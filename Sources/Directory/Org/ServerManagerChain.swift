/// A person's managers on a directory server, nearest first, up to the top
/// of the organisation, and how the chain ends: at someone without a
/// manager, at a manager the server does not hold (a dangling reference),
/// where it comes round again (A's manager is B, B's is A), or after
/// ``maxDepth`` managers, which stops a chain no organisation has. The
/// server's counterpart of ``ManagerChain``, which works on the positions
/// of a local table.
///
/// Threading: a plain value; `Sendable`.
public struct ServerManagerChain: Sendable, Equatable {
  /// The most managers a chain follows.
  public static let maxDepth = 64

  /// How a chain of managers ends.
  public enum End: Sendable, Equatable {
    /// At a person without a manager: the top of the organisation.
    case top
    /// At a manager the server does not hold (their identity as the last
    /// person names them).
    case unknownManager(String)
    /// At a manager already in the chain (the person themselves included):
    /// a cycle.
    case cycle(DirectoryEntry)
    /// After ``maxDepth`` managers, still going.
    case tooLong
  }

  /// The managers, the person's own manager first.
  public let managers: [DirectoryEntry]
  public let end: End

  public init(managers: [DirectoryEntry], end: End) {
    self.managers = managers
    self.end = end
  }
}

extension OrganisedDirectory {
  /// `person`'s managers up to the top of the organisation, each read with
  /// ``OrganisedDirectory/person(identity:)`` from the one before's
  /// manager (``PersonDetails/manager``), at most `maxDepth` of them.
  /// Identities are compared ignoring case (DNs are, mostly).
  public func managerChain(of person: DirectoryEntry, maxDepth: Int = ServerManagerChain.maxDepth)
    async throws(DirectoryError) -> ServerManagerChain
  {
    var managers: [DirectoryEntry] = []
    var seen: [String: DirectoryEntry] = [person.id.lowercased(): person]
    var current = person
    while true {
      guard let identity = current.details.manager, !identity.isEmpty else {
        return ServerManagerChain(managers: managers, end: .top)
      }
      if let repeated = seen[identity.lowercased()] {
        return ServerManagerChain(managers: managers, end: .cycle(repeated))
      }
      guard managers.count < maxDepth else {
        return ServerManagerChain(managers: managers, end: .tooLong)
      }
      guard let manager = try await self.person(identity: identity) else {
        return ServerManagerChain(managers: managers, end: .unknownManager(identity))
      }
      if let repeated = seen[manager.id.lowercased()] {
        return ServerManagerChain(managers: managers, end: .cycle(repeated))
      }
      seen[manager.id.lowercased()] = manager
      managers.append(manager)
      current = manager
    }
  }
}
