import Foundation
import LDAPDemo
import SharedSupport

/// A Samba 4 Active Directory domain controller for the tests: a domain
/// provisioned into a temporary folder (`samba-tool domain provision
/// --targetdir`), loaded with ``CompanyPeople`` by `ldbadd` before it starts,
/// serving LDAP, LDAPS, the Global Catalog and Kerberos on 127.0.0.1 with a
/// certificate of the tests' own for `localhost` and 127.0.0.1. Nothing is
/// written outside the folder: the smb.conf it runs with is the tests' own,
/// every path in it (state, cache, logs, sockets) inside the folder.
///
/// Samba listens on fixed ports (389, 636, 3268, 3269, 88): one DC serves a
/// whole test process (``shared()``), started by the first class that asks
/// and stopped when the process exits. If one of those ports is taken (a DC
/// of another test run, a system slapd), ``shared()`` throws naming it. The
/// provisioned and loaded folder is kept under `.build/samba-dc` (named by
/// a hash of what made it) and copied for each run: provisioning takes
/// about 12 s, the copy well under one.
///
/// Threading: `Sendable`; ``shared()`` may be called from any thread.
public final class TestSambaDC: Sendable {
  public static let realm = "ROSTER.TEST"
  public static let domain = "ROSTER"
  public static let baseDN = "DC=roster,DC=test"
  public static let peopleBase = "OU=People,\(baseDN)"
  public static let administratorDN = "CN=Administrator,CN=Users,\(baseDN)"
  /// The administrator's password (AD's complexity rules want one like it).
  public static let password = "Passw0rd!Roster1"
  /// The ports Samba listens on, all fixed.
  public static let ports = [389, 636, 3268, 3269, 88]
  /// How many people the domain holds.
  public static let peopleCount = 300

  /// One of Samba's ports is taken on 127.0.0.1.
  public struct PortTaken: Error, CustomStringConvertible {
    public let port: Int
    public let reason: String

    public var description: String {
      "port \(port) on 127.0.0.1 is taken (\(reason)): the tests' Samba DC needs 389, 636, 3268, "
        + "3269 and 88; stop what listens there (another test run's DC, a system slapd or samba)"
    }
  }

  /// The people loaded.
  public let people: CompanyPeople
  /// The folder the DC runs from (removed at exit).
  public let folder: URL
  /// The certificate authority that signed the DC's certificate (PEM): what
  /// a client trusts.
  public let certificateAuthority: URL
  /// How long the folder took to make (provisioned and loaded, or copied
  /// from the cache) and Samba to answer an LDAPS bind.
  public let preparation: Duration
  public let startup: Duration
  /// Whether the folder came from the cache.
  public let fromCache: Bool
  private let process: Process
  /// Samba's standard input: it stops when this closes, so a test process
  /// that dies takes its DC with it.
  private let lifeline: Pipe

  /// `ldaps://127.0.0.1/` + `base` (default: the people's OU).
  public func ldapsURL(base: String = TestSambaDC.peopleBase) -> String {
    "ldaps://127.0.0.1/\(base)"
  }

  /// `ldap://localhost/` + `base` (default: the people's OU): the name the
  /// DC's `ldap/localhost` service principal is for.
  public func kerberosURL(base: String = TestSambaDC.peopleBase) -> String {
    "ldap://localhost/\(base)"
  }

  /// A Kerberos ticket for `user` (the administrator by default) from the
  /// DC's KDC, fetched by kinit with the password on its standard input
  /// into a cache of its own: the environment a Kerberos client then runs
  /// with (the realm's krb5.conf and that cache).
  public func ticket(
    _ user: String = "Administrator", password: String = TestSambaDC.password
  ) throws -> [String: String] {
    let configuration = folder.appendingPathComponent("krb5.conf")
    if !FileManager.default.fileExists(atPath: configuration.path) {
      try TestKDC.clientConfiguration(realm: Self.realm, kdcPort: 88).write(
        to: configuration, atomically: true, encoding: .utf8)
    }
    let environment = [
      "KRB5_CONFIG": configuration.path,
      "KRB5CCNAME": "FILE:\(folder.appendingPathComponent("cache-\(UUID().uuidString)").path)",
    ]
    let run = try SambaTool.run(
      "/usr/bin/kinit", ["\(user)@\(Self.realm)"], environment: environment,
      input: "\(password)\n")
    guard run.status == 0 else {
      throw DemoLDAPError.commandFailed(command: "kinit", status: run.status, output: run.output)
    }
    return environment
  }

  /// Applies `ldif` (changetype records) as the administrator over LDAPS
  /// with `ldapmodify`, the password read from a file in the DC's folder.
  public func modify(_ ldif: String) throws {
    let name = UUID().uuidString
    let file = folder.appendingPathComponent("\(name).ldif")
    let secret = folder.appendingPathComponent("\(name).password")
    try ldif.write(to: file, atomically: true, encoding: .utf8)
    try Self.password.write(to: secret, atomically: true, encoding: .utf8)
    defer {
      try? FileManager.default.removeItem(at: file)
      try? FileManager.default.removeItem(at: secret)
    }
    let run = try SambaTool.run(
      "/usr/bin/ldapmodify",
      [
        "-x", "-H", "ldaps://127.0.0.1", "-D", Self.administratorDN, "-y", secret.path, "-f",
        file.path,
      ], environment: ["LDAPTLS_CACERT": certificateAuthority.path])
    guard run.status == 0 else {
      throw DemoLDAPError.commandFailed(
        command: "ldapmodify", status: run.status, output: run.output)
    }
  }

  /// The process's DC, started on first use; the same error for every
  /// caller when it cannot start.
  public static func shared() throws -> TestSambaDC {
    try instance.withLock { result in
      if let result { return try result.get() }
      let started = Result { try TestSambaDC() }
      result = started
      if case .success = started { atexit { TestSambaDC.stopShared() } }
      return try started.get()
    }
  }

  private static let instance = Locked<Result<TestSambaDC, Error>?>(nil)

  /// Stops the process's DC and removes its folder (at exit).
  private static func stopShared() {
    let started = instance.withLock { $0.flatMap { try? $0.get() } }
    started?.stop()
  }

  private init() throws {
    for port in Self.ports {
      if let holder = Self.holder(of: port) { throw PortTaken(port: port, reason: holder) }
    }
    people = CompanyPeople(count: Self.peopleCount)
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-samba-dc-\(UUID().uuidString)")
    let clock = ContinuousClock()
    let prepared = clock.now
    do {
      fromCache = try SambaDomainFolder.make(at: folder.appendingPathComponent("domain"), people)
      let authority = try DemoCertificateAuthority(
        folder: folder.appendingPathComponent("ca"), name: "Roster Samba DC Test CA")
      certificateAuthority = authority.certificate
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o600], ofItemAtPath: authority.server.key.path)
      let configuration = folder.appendingPathComponent("domain/etc/smb.conf")
      try SambaDomainFolder.configuration(
        for: folder.appendingPathComponent("domain"), tls: authority
      ).write(to: configuration, atomically: true, encoding: .utf8)
      preparation = clock.now - prepared
      let started = clock.now
      (process, lifeline) = try Self.start(configuration, folder: folder)
      startup = clock.now - started
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
  }

  /// Stops Samba and removes the folder.
  public func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGTERM)
      let deadline = ContinuousClock.now + .seconds(10)
      while process.isRunning && ContinuousClock.now < deadline { usleep(20_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    try? lifeline.fileHandleForWriting.close()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Starts Samba (one process: `-M single`) and waits until an LDAPS bind
  /// as the administrator reads the root DSE (at most 60 s); throws with
  /// its output if it exits or stays silent.
  private static func start(_ configuration: URL, folder: URL) throws -> (Process, Pipe) {
    let logs = folder.appendingPathComponent("domain/log")
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    let output = folder.appendingPathComponent("samba.out")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let log = try FileHandle(forWritingTo: output)
    defer { try? log.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/sbin/samba")
    process.arguments = [
      "-s", configuration.path, "--foreground", "--interactive", "--no-process-group",
      "--model=single", "--log-basename=\(logs.path)", "--maximum-runtime=7200",
      "--option=interfaces=lo", "--option=bind interfaces only=yes",
      "--option=server services=ldap,kdc,cldap",
    ]
    let lifeline = Pipe()
    process.standardInput = lifeline
    process.standardOutput = log
    process.standardError = log
    try process.run()
    let deadline = ContinuousClock.now + .seconds(60)
    while !answers(folder: folder) {
      guard process.isRunning, ContinuousClock.now < deadline else {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        throw DemoLDAPError.notAnswering(port: 636, output: text)
      }
      usleep(100_000)
    }
    return (process, lifeline)
  }

  /// Whether an LDAPS bind as the administrator reads the root DSE.
  private static func answers(folder: URL) -> Bool {
    let run = try? SambaTool.run(
      "/usr/bin/ldapsearch",
      [
        "-x", "-H", "ldaps://127.0.0.1", "-D", administratorDN, "-w", password, "-b", "", "-s",
        "base", "-o", "nettimeout=5", "defaultNamingContext",
      ], environment: ["LDAPTLS_CACERT": folder.appendingPathComponent("ca/ca.pem").path])
    return run?.status == 0 && run?.output.contains("defaultNamingContext") == true
  }

  /// What holds `port` on 127.0.0.1, or nil when it can be bound.
  private static func holder(of port: Int) -> String? {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return nil }
    defer { close(socket) }
    // As Samba binds: a port in TIME_WAIT after the last run is free.
    var reuse: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound != 0 else { return nil }
    return String(cString: strerror(errno))
  }
}
