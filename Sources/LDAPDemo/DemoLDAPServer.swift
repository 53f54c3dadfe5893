import Foundation

/// A throwaway slapd on 127.0.0.1, in a folder of its own: configured from a
/// ``SlapdConfiguration``, loaded offline with slapadd, run in the
/// foreground as a child process on a free port, stopped and restarted on
/// the same port. It never outlives its owner: `deinit` stops it.
///
///     let server = try DemoLDAPServer(folder: dir, configuration: .init(rootPassword: "pw"))
///     try server.load(ldif: writer.ldif)
///     try server.start()          // server.url: "ldap://127.0.0.1:PORT"
///
/// Threading: `Sendable`; its process state is behind a lock, and `start`
/// and `stop` block the calling thread (at most a few seconds).
public final class DemoLDAPServer: @unchecked Sendable {
  public let folder: URL
  public let configuration: SlapdConfiguration
  /// The ldap:// port: the one given to `init`, else a free one picked at
  /// the first start.
  public private(set) var port = 0
  /// The ldaps:// port when the configuration has TLS files, else 0.
  public private(set) var securePort = 0
  private let lock = NSLock()
  private var process: Process?

  /// Writes slapd.conf into `folder` (created if needed). The server will
  /// listen on `port`, or on a free one when it is 0.
  public init(folder: URL, configuration: SlapdConfiguration, port: Int = 0) throws {
    self.folder = folder
    self.configuration = configuration
    self.port = port
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("db"), withIntermediateDirectories: true)
    try configuration.text(directory: folder).write(
      to: configurationFile, atomically: true, encoding: .utf8)
  }

  deinit {
    stop()
  }

  private var configurationFile: URL { folder.appendingPathComponent("slapd.conf") }
  /// slapd's output (a file, not a pipe nobody drains).
  private var logFile: URL { folder.appendingPathComponent("slapd.log") }

  /// "ldap://127.0.0.1:PORT".
  public var url: String { "ldap://127.0.0.1:\(port)" }
  /// "ldaps://127.0.0.1:PORT" (TLS configurations).
  public var secureURL: String { "ldaps://127.0.0.1:\(securePort)" }

  /// Loads `ldif` into the database with slapadd (quick mode; the server
  /// must be stopped).
  public func load(ldif: String) throws {
    let file = folder.appendingPathComponent("load.ldif")
    try ldif.write(to: file, atomically: true, encoding: .utf8)
    try load(ldifFile: file)
    try? FileManager.default.removeItem(at: file)
  }

  /// Loads the LDIF in `file` (see `load(ldif:)`).
  public func load(ldifFile file: URL) throws {
    try DemoCommand.run(
      "/usr/sbin/slapadd", ["-q", "-f", configurationFile.path, "-l", file.path])
  }

  /// Adds the entries in `ldif` through the running server (ldapadd, bound
  /// as the administrator), so its overlays see them: the memberof overlay
  /// keeps memberOf only for groups added this way.
  public func add(ldif: String) throws {
    let file = folder.appendingPathComponent("add.ldif")
    try ldif.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    try add(ldifFile: file)
  }

  /// Applies the change records in `ldif` (changetype: add, modify, modrdn,
  /// delete) through the running server (ldapmodify, bound as the
  /// administrator), as another client of the directory would.
  public func modify(ldif: String) throws {
    let file = folder.appendingPathComponent("modify-\(UUID().uuidString).ldif")
    try ldif.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    try asAdministrator("/usr/bin/ldapmodify", file: file)
  }

  /// Builds the indexes of `attributes` over the entries already loaded
  /// (slapindex; the server must be stopped): what a database loaded before
  /// the configuration indexed them needs.
  public func index(_ attributes: [String]) throws {
    try DemoCommand.run("/usr/sbin/slapindex", ["-q", "-f", configurationFile.path] + attributes)
  }

  /// Adds the entries in `file` (see `add(ldif:)`).
  public func add(ldifFile file: URL) throws {
    try asAdministrator("/usr/bin/ldapadd", file: file)
  }

  /// Runs `tool` (ldapadd, ldapmodify) on `file`, bound as the administrator.
  private func asAdministrator(_ tool: String, file: URL) throws {
    // The password goes through a file of the server's own, not argv.
    let secret = folder.appendingPathComponent("admin.password")
    guard
      FileManager.default.createFile(
        atPath: secret.path, contents: Data(configuration.rootPassword.utf8),
        attributes: [.posixPermissions: 0o600])
    else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: secret.path]) }
    defer { try? FileManager.default.removeItem(at: secret) }
    try DemoCommand.run(
      tool, ["-x", "-H", url, "-D", configuration.rootDN, "-y", secret.path, "-f", file.path])
  }

  /// Starts slapd (on the ports of the first start, if it ran before) and
  /// returns once it accepts connections; throws with its output if it
  /// exits or stays silent for 10 seconds.
  public func start() throws {
    lock.lock()
    defer { lock.unlock() }
    guard process == nil else { return }
    if port == 0 { port = try Self.freePort() }
    if configuration.tls != nil && securePort == 0 { securePort = try Self.freePort() }
    var listeners = "ldap://127.0.0.1:\(port)/"
    if configuration.tls != nil { listeners += " ldaps://127.0.0.1:\(securePort)/" }
    process = try ServerProcess.serve(
      "/usr/sbin/slapd", ["-h", listeners, "-f", configurationFile.path, "-d", "0"],
      environment: configuration.environment, log: logFile, port: port)
  }

  /// Stops slapd: SIGTERM, then SIGKILL if it is still there after 5 seconds.
  public func stop() {
    lock.lock()
    defer { lock.unlock() }
    _stop()
  }

  /// Ends slapd the way a crash does (SIGKILL): no goodbye to its clients,
  /// whose connections drop. `start()` brings it back on the same ports.
  public func crash() {
    lock.lock()
    defer { lock.unlock() }
    guard let slapd = process else { return }
    process = nil
    kill(slapd.processIdentifier, SIGKILL)
    slapd.waitUntilExit()
  }

  /// Stops and starts again on the same ports.
  public func restart() throws {
    stop()
    try start()
  }

  /// Whether slapd is running.
  public var isRunning: Bool {
    lock.lock()
    defer { lock.unlock() }
    return process?.isRunning ?? false
  }

  /// Expects the lock held.
  private func _stop() {
    guard let slapd = process else { return }
    process = nil
    if slapd.isRunning {
      slapd.terminate()
      let deadline = Date().addingTimeInterval(5)
      while slapd.isRunning && Date() < deadline { usleep(10_000) }
      if slapd.isRunning { kill(slapd.processIdentifier, SIGKILL) }
    }
    slapd.waitUntilExit()
  }

  /// A port nobody listens on now: the kernel's pick for port 0.
  public static func freePort() throws -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw DemoLDAPError.noFreePort }
    defer { close(socket) }
    var address = loopback(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    guard bound == 0, named == 0 else { throw DemoLDAPError.noFreePort }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// Whether something accepts TCP connections on 127.0.0.1:`port`.
  public static func answers(port: Int) -> Bool {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return false }
    defer { close(socket) }
    var address = loopback(port: port)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }

  private static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
  }
}
