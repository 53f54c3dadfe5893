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
  case server(any WindowedDirectory)

  /// Opens `directory` with `secret` (its password or token, if it needs
  /// one) through its kind, as `--source` would, with the secret handed
  /// over so the environment is never read.
  public init(_ directory: RememberedDirectory, secret: Secret?) throws(DirectoryError) {
    let argument = directory.sourceArgument
    // A server's kind with no server's URL says so, as `--source` would.
    if directory.kind.isServer, !ServerOptions.isServerURL(argument) {
      throw .unsupportedSource(argument)
    }
    var options = ServerOptions()
    options.signIn = directory.signInMethod
    if options.signIn == .password, !directory.bindDN.isEmpty { options.bindDN = directory.bindDN }
    options.clientCertificate = directory.clientCertificate
    options.secret = secret
    self = try options.open(directory.kind, location: argument, environment: [:])
  }

  /// Reads the directory enough to know how many people it holds: a
  /// users.json is loaded (and comes back `.loaded`, so showing it reads
  /// nothing again), a server answers its first window. Runs on the global
  /// executor.
  public func checked() async -> Result<(opened: OpenedDirectory, count: Int), DirectoryError> {
    do throws(DirectoryError) {
      switch self {
      case .source(let source):
        let contents = try await DirectoryLoader().load(source)
        return .success((.loaded(contents), contents.viewModels.count))
      case .loaded(let contents):
        return .success((self, contents.viewModels.count))
      case .server(let directory):
        return .success((self, try await directory.window(0..<1).count))
      }
    } catch {
      return .failure(error)
    }
  }
}
