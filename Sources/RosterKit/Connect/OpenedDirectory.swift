import Directory

/// A directory ready to show: a users.json (loaded whole) or a directory
/// server (read a window at a time), made from a ``RememberedDirectory`` and
/// its secret, and how many people it holds (Test Connection).
///
/// Threading: a `Sendable` value; ``checked()`` runs off the main thread.
public enum OpenedDirectory: Sendable {
  /// A users.json not read yet.
  case source(DirectorySource)
  /// A users.json already read (by ``checked()``): its window shows these
  /// contents rather than reading the file or URL a second time.
  case loaded(DirectoryContents)
  case server(any RangedDirectory)

  /// Opens `directory` with `secret` (its password or token, if it needs
  /// one) through its kind, as `--source` would, with the secret handed
  /// over so the environment is never read.
  public init(_ directory: RememberedDirectory, secret: Secret?) throws(DirectoryError) {
    let argument = directory.sourceArgument
    // A server's kind with no server's URL says so, as `--source` would.
    if directory.kind.isServer, !ServerOptions.isServerURL(argument) {
      throw .unsupportedSource(argument)
    }
    self = try Self.options(for: directory, secret: secret)
      .open(directory.kind, location: argument, environment: [:])
  }

  /// Opens `directory` as ``init(_:secret:)`` does, completed from the
  /// server's root DSE where the directory leaves it open
  /// (``ServerOptions/discoveredDirectory(url:environment:)``): without a
  /// base DN the people are searched where the server keeps them, and a
  /// server not yet known to be Active Directory or not is asked. Returns
  /// the directory opened and `directory` with what was found (the base
  /// DN, whether it is Active Directory: ``DirectoryKind``'s `remember`),
  /// to be remembered. Reads
  /// the server off the main thread.
  public static func discovered(_ directory: RememberedDirectory, secret: Secret?)
    async throws(DirectoryError) -> (opened: OpenedDirectory, directory: RememberedDirectory)
  {
    let opened = try OpenedDirectory(directory, secret: secret)
    guard case .server(let server) = opened, let server = server as? any DiscoveringDirectory,
      directory.asksTheServer || !server.namesItsPeople
    else { return (opened, directory) }
    let found = try await server.discovered(choosingSchema: directory.asksTheServer)
    var known = directory
    var facts = found.discoveredFacts
    // Only a base the server named is remembered: one the URL gave stays there.
    if server.namesItsPeople { facts.peopleBase = "" }
    directory.kind.remember(&known, facts)
    return (.server(found), known)
  }

  /// The options `directory` is opened with: its sign-in, its schema when
  /// known, and `secret` handed over so the environment is never read.
  private static func options(for directory: RememberedDirectory, secret: Secret?)
    -> ServerOptions
  {
    var options = ServerOptions()
    directory.kind.configure(directory, &options)
    options.secret = secret
    return options
  }

  /// What a check found: the directory to show, how many people it holds,
  /// for a server signed in to without a password whom it says the person
  /// is ("uid=ada,ou=people,dc=example,dc=org"), and for an LDAP server
  /// what its root DSE says it is ("Active Directory (Samba 4.17)").
  public struct Check: Sendable {
    public let opened: OpenedDirectory
    public let count: Int
    public let identity: String?
    public var server: String?
  }

  /// Reads the directory enough to know how many people it holds: a
  /// users.json is loaded (and comes back `.loaded`, so showing it reads
  /// nothing again), a server answers its first range; a server
  /// signed in to with Kerberos or a certificate says whom it took the
  /// person for. Runs on the global executor.
  public func checked() async -> Result<Check, DirectoryError> {
    do throws(DirectoryError) {
      switch self {
      case .source(let source):
        let contents = try await DirectoryLoader().load(source)
        return .success(
          Check(opened: .loaded(contents), count: contents.viewModels.count, identity: nil))
      case .loaded(let contents):
        return .success(Check(opened: self, count: contents.viewModels.count, identity: nil))
      case .server(let directory):
        let count = try await directory.rows(0..<1).count
        let described = directory as? any DescribedServer
        let identity = try await described?.signedInIdentity()
        let server = await described?.serverName()
        return .success(Check(opened: self, count: count, identity: identity, server: server))
      }
    } catch {
      return .failure(error)
    }
  }
}
