import Foundation
import LDAPDemo
import SharedSupport

/// A 389 Directory Server for the tests (Debian's `389-ds-base`, the
/// directory of FreeIPA and Red Hat Directory Server): an instance made in
/// a temporary folder (``DS389Folder``), started as `ns-slapd -D`, on a
/// free port of 127.0.0.1, holding ``CompanyPeople`` with the access
/// controls of 389's sample entries. As on a fresh installation: anonymous
/// readers see only names, usernames and email, and virtual list view is
/// refused to them; the memberOf plugin is off; groups sit in
/// `ou=groups`, beside the people's `ou=people`. Three more people sit
/// where FreeIPA keeps its users (`cn=users,cn=accounts`).
///
/// `shared(memberOfPlugin: true)` is a second server holding the same
/// entries with 389's MemberOf Plugin on (switched on in its dse.ldif
/// before it starts, as FreeIPA runs 389): the groups are added over LDAP
/// after the people, so the plugin writes each person's `memberOf` as
/// each group arrives, within the add's own transaction.
///
/// `shared(tls: true)` is another server with the same entries that also
/// listens for TLS (ldaps://, and StartTLS on its plain port), with a
/// certificate for 127.0.0.1 signed by a CA of its own (``caFile``): 389
/// takes Password Modify only over TLS.
///
/// One server of each kind serves a whole test process (``shared()``),
/// all stopped when the process exits. `ns-slapd` runs under a shell that stops it when the
/// test process's end closes its standard input, so a crashed test takes
/// it along.
///
/// Threading: `Sendable`; ``shared()`` may be called from any thread.
public final class Test389Server: Sendable {
  public static let suffix = "dc=roster,dc=test"
  public static let peopleBase = "ou=people,\(suffix)"
  public static let groupsBase = "ou=groups,\(suffix)"
  public static let rootDN = "cn=Directory Manager"
  /// The root DN's password (written to a 0600 file for the tools).
  public static let password = "Passw0rd-Roster-389"
  /// How many people it holds.
  public static let peopleCount = 300

  public let people: CompanyPeople
  /// Whether the MemberOf Plugin is on: people carry `memberOf`.
  public let memberOfPlugin: Bool
  /// The port of TLS from the first byte (ldaps://); nil without TLS.
  public let securePort: Int?
  /// The PEM file of the CA that signed the server's certificate; nil
  /// without TLS.
  public let caFile: String?
  /// The folder the server runs from (removed at exit).
  public let folder: URL
  public let port: Int
  /// A file holding ``password`` (mode 0600): what `--password-file` reads.
  public let passwordFile: URL
  /// How long the server took to start and to take the people.
  public let startup: Duration
  public let loading: Duration
  private let process: Process
  private let lifeline: Pipe

  /// `ldap://127.0.0.1:PORT/` + `base` (default: the people's OU), the
  /// people under it found by `filter`.
  public func ldapURL(
    base: String = Test389Server.peopleBase, filter: String = "(objectClass=person)"
  ) -> String {
    "ldap://127.0.0.1:\(port)/\(base)??sub?\(filter)"
  }

  /// `ldaps://127.0.0.1:SECUREPORT/` + `base`, as ``ldapURL(base:filter:)``;
  /// nil without TLS.
  public func ldapsURL(
    base: String = Test389Server.peopleBase, filter: String = "(objectClass=person)"
  ) -> String? {
    securePort.map { "ldaps://127.0.0.1:\($0)/\(base)??sub?\(filter)" }
  }

  /// The process's server with the MemberOf Plugin on or off (default:
  /// off, as a new instance has it), with TLS or without (default),
  /// started on first use; the same error for every caller when it cannot
  /// start.
  public static func shared(memberOfPlugin: Bool = false, tls: Bool = false) throws
    -> Test389Server
  {
    let kind = Kind(memberOfPlugin: memberOfPlugin, tls: tls)
    return try instances.withLock { started in
      if let result = started[kind] { return try result.get() }
      let result = Result { try Test389Server(memberOfPlugin: memberOfPlugin, tls: tls) }
      if case .success = result, !started.values.contains(where: { (try? $0.get()) != nil }) {
        atexit { Test389Server.stopShared() }
      }
      started[kind] = result
      return try result.get()
    }
  }

  /// What sets a shared server apart.
  private struct Kind: Hashable {
    let memberOfPlugin: Bool
    let tls: Bool
  }

  /// The servers started, by kind.
  private static let instances = Locked<[Kind: Result<Test389Server, Error>]>([:])

  private static func stopShared() {
    let started = instances.withLock { $0.values.compactMap { try? $0.get() } }
    for server in started { server.stop() }
  }

  private init(memberOfPlugin: Bool, tls: Bool) throws {
    self.memberOfPlugin = memberOfPlugin
    people = CompanyPeople(count: Self.peopleCount)
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-389\(memberOfPlugin ? "-memberof" : "")\(tls ? "-tls" : "")-\(UUID().uuidString)")
    let certificates = folder.appendingPathComponent("tls")
    caFile = tls ? certificates.appendingPathComponent("ca.pem").path : nil
    passwordFile = folder.appendingPathComponent("root.password")
    let clock = ContinuousClock()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      guard
        FileManager.default.createFile(
          atPath: passwordFile.path, contents: Data(Self.password.utf8),
          attributes: [.posixPermissions: 0o600])
      else { throw CocoaError(.fileWriteNoPermission) }
      if tls { _ = try DS389TLS.makeCertificates(in: certificates) }
      let started = clock.now
      (process, lifeline, port, securePort) = try Self.start(
        folder, memberOfPlugin: memberOfPlugin, certificates: tls ? certificates : nil)
      startup = clock.now - started
      let loaded = clock.now
      for (name, ldif) in [
        ("backend", DS389Folder.backend(suffix: Self.suffix)),
        ("ous", CompanyPeople.ous389(base: Self.suffix)),
        ("people", people.ldif389(base: Self.suffix)),
        ("freeipa", CompanyPeople.freeIPAUsers389(base: Self.suffix).ldif),
      ] {
        try Self.apply(ldif, name: name, tool: "/usr/bin/ldapadd", port: port, folder: folder)
      }
      loading = clock.now - loaded
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
  }

  /// Adds the entries in `ldif` as the root DN (`ldapadd`).
  public func add(_ ldif: String, name: String) throws {
    try modify(ldif, name: name, tool: "/usr/bin/ldapadd")
  }

  /// Searches the server as the root DN (`ldapsearch -LLL` under `base`,
  /// the whole subtree): `arguments` are the filter and the attributes;
  /// the entries found as LDIF, long lines unwrapped.
  public func search(_ arguments: [String], base: String = Test389Server.suffix) throws
    -> String
  {
    try SambaTool.check(
      "/usr/bin/ldapsearch",
      [
        "-x", "-LLL", "-o", "ldif-wrap=no", "-H", "ldap://127.0.0.1:\(port)", "-D",
        Self.rootDN, "-y", passwordFile.path, "-b", base,
      ] + arguments)
  }

  /// Applies the changes in `ldif` as the root DN (`ldapmodify`).
  public func modify(_ ldif: String, name: String, tool: String = "/usr/bin/ldapmodify") throws {
    try Self.apply(ldif, name: name, tool: tool, port: port, folder: folder)
  }

  /// Runs `tool` (ldapadd, ldapmodify) on `ldif` as the root DN of the
  /// server on `port`, the LDIF kept in `folder` as NAME.ldif.
  private static func apply(_ ldif: String, name: String, tool: String, port: Int, folder: URL)
    throws
  {
    let file = folder.appendingPathComponent("\(name).ldif")
    try ldif.write(to: file, atomically: true, encoding: .utf8)
    try SambaTool.check(
      tool,
      [
        "-x", "-H", "ldap://127.0.0.1:\(port)", "-D", rootDN, "-y",
        folder.appendingPathComponent("root.password").path,
        "-f", file.path,
      ])
  }

  /// Stops the server and removes its folder.
  public func stop() {
    try? lifeline.fileHandleForWriting.close()
    let deadline = ContinuousClock.now + .seconds(20)
    while process.isRunning && ContinuousClock.now < deadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    try? FileManager.default.removeItem(at: folder)
  }

  /// Makes the instance on a free port (with `certificates`, TLS on a
  /// second one) and starts it, waiting until it answers a root DSE search
  /// (at most 60 s), over TLS too, its certificate verified. A port taken
  /// between the pick and the start (another test's server) makes
  /// ns-slapd exit: new ports are picked, three times at most.
  private static func start(_ folder: URL, memberOfPlugin: Bool, certificates: URL?) throws
    -> (Process, Pipe, Int, Int?)
  {
    var failure: Error = DemoLDAPError.noFreePort
    for attempt in 1...3 {
      let port = try DemoLDAPServer.freePort()
      let secure = try certificates.map { (port: try DemoLDAPServer.freePort(), certificates: $0) }
      let instance = folder.appendingPathComponent("instance-\(attempt)")
      let configuration = try DS389Folder.make(
        at: instance, port: port, suffix: suffix, rootDN: rootDN, password: password,
        memberOfPlugin: memberOfPlugin, secure: secure)
      do {
        let (process, lifeline) = try run(
          configuration, instance: instance, port: port,
          secure: secure.map { ($0.port, $0.certificates.appendingPathComponent("ca.pem")) })
        return (process, lifeline, port, secure?.port)
      } catch {
        failure = error
      }
    }
    throw failure
  }

  /// Runs ns-slapd in the foreground under a shell that kills it when its
  /// standard input closes (kept as descriptor 3: a background command's
  /// own standard input is /dev/null), and waits until the server answers
  /// (on `secure`'s port too, trusting its CA file).
  private static func run(
    _ configuration: URL, instance: URL, port: Int, secure: (port: Int, caFile: URL)?
  ) throws -> (Process, Pipe) {
    let output = instance.appendingPathComponent("slapd.out")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let log = try FileHandle(forWritingTo: output)
    defer { try? log.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c",
      """
      exec 3<&0
      /usr/sbin/ns-slapd -D "$1" -i "$2" -d 0 </dev/null & slapd=$!
      (cat <&3 >/dev/null; kill "$slapd") &
      wait "$slapd"
      """,
      "sh", configuration.path, instance.appendingPathComponent("run/slapd.pid").path,
    ]
    let lifeline = Pipe()
    process.standardInput = lifeline
    process.standardOutput = log
    process.standardError = log
    try process.run()
    let deadline = ContinuousClock.now + .seconds(60)
    while !answers(port: port)
      || !(secure.map { answers(securePort: $0.port, caFile: $0.caFile) } ?? true)
    {
      guard process.isRunning, ContinuousClock.now < deadline else {
        try? lifeline.fileHandleForWriting.close()
        process.waitUntilExit()
        let errors = instance.appendingPathComponent("log/errors")
        let text =
          ((try? String(contentsOf: output, encoding: .utf8)) ?? "")
          + ((try? String(contentsOf: errors, encoding: .utf8)) ?? "")
        throw DemoLDAPError.notAnswering(port: port, output: text)
      }
      usleep(50_000)
    }
    return (process, lifeline)
  }

  /// Whether the server answers an anonymous root DSE search.
  private static func answers(port: Int) -> Bool {
    guard DemoLDAPServer.answers(port: port) else { return false }
    let run = try? SambaTool.run(
      "/usr/bin/ldapsearch",
      [
        "-x", "-H", "ldap://127.0.0.1:\(port)", "-b", "", "-s", "base", "-o", "nettimeout=5",
        "vendorName",
      ])
    return run?.status == 0 && run?.output.contains("vendorName") == true
  }

  /// Whether the server answers a root DSE search over ldaps:// on
  /// `securePort`, its certificate verified against `caFile` alone.
  private static func answers(securePort: Int, caFile: URL) -> Bool {
    let run = try? SambaTool.run(
      "/usr/bin/ldapsearch",
      [
        "-x", "-H", "ldaps://127.0.0.1:\(securePort)", "-b", "", "-s", "base", "-o",
        "nettimeout=5", "vendorName",
      ], environment: ["LDAPTLS_CACERT": caFile.path, "LDAPTLS_REQCERT": "demand"])
    return run?.status == 0 && run?.output.contains("vendorName") == true
  }
}
