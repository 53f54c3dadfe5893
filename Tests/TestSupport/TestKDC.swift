import Foundation
import LDAPDemo

/// A Kerberos realm of its own for one test class: an MIT KDC (krb5kdc)
/// with a fresh database in a temporary folder, on 127.0.0.1 (TCP only),
/// its principals, a keytab for a service, and tickets fetched with kinit.
/// Nothing of the machine's Kerberos set-up is read or changed: every tool
/// runs with `KRB5_CONFIG` and `KRB5_KDC_PROFILE` naming files in the
/// folder, and a test gives ``environment(cache:)`` to the process that
/// signs in.
///
/// Threading: made in a class's `setUp`, used by its tests one at a time;
/// every method blocks while the Kerberos tools run.
public final class TestKDC: @unchecked Sendable {
  public let realm: String
  public let folder: URL
  public let port: Int
  private var process: Process?

  /// Creates the realm's database and starts its KDC; returns once it
  /// accepts connections.
  public init(realm: String = "ROSTER.TEST") throws {
    self.realm = realm
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-kdc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    port = try DemoLDAPServer.freePort()
    try Self.clientConfiguration(realm: realm, kdcPort: port).write(
      to: configurationFile, atomically: true, encoding: .utf8)
    try kdcConfiguration.write(to: kdcProfile, atomically: true, encoding: .utf8)
    // The master key is the database's own, of no use outside the test.
    _ = try run("/usr/sbin/kdb5_util", ["create", "-s", "-r", realm, "-P", "roster-test-master"])
    try start()
  }

  deinit { shutDown() }

  /// krb5.conf for clients: this realm, its KDC over TCP on 127.0.0.1, no
  /// DNS (neither for the KDC nor to canonicalize host names).
  public static func clientConfiguration(realm: String, kdcPort: Int) -> String {
    """
    [libdefaults]
      default_realm = \(realm)
      dns_lookup_realm = false
      dns_lookup_kdc = false
      rdns = false
      dns_canonicalize_hostname = false
      udp_preference_limit = 1
    [realms]
      \(realm) = {
        kdc = 127.0.0.1:\(kdcPort)
      }
    [domain_realm]
      localhost = \(realm)
    """
  }

  /// The clients' krb5.conf.
  public var configurationFile: URL { folder.appendingPathComponent("krb5.conf") }
  private var kdcProfile: URL { folder.appendingPathComponent("kdc.conf") }

  private var kdcConfiguration: String {
    """
    [kdcdefaults]
      kdc_listen = 127.0.0.1:\(port)
      kdc_tcp_listen = 127.0.0.1:\(port)
    [realms]
      \(realm) = {
        database_name = \(folder.path)/principal
        key_stash_file = \(folder.path)/stash
        kdc_listen = 127.0.0.1:\(port)
        kdc_tcp_listen = 127.0.0.1:\(port)
      }
    [logging]
      kdc = FILE:\(folder.path)/kdc.log
    """
  }

  /// The environment the Kerberos tools and a signing-in process need:
  /// this realm's krb5.conf and the ticket cache `cache`.
  public func environment(cache: URL) -> [String: String] {
    ["KRB5_CONFIG": configurationFile.path, "KRB5CCNAME": "FILE:\(cache.path)"]
  }

  /// Adds the user `name` with `password` (typed on kadmin's standard
  /// input, never in its arguments).
  public func addUser(_ name: String, password: String) throws {
    _ = try run(
      "/usr/sbin/kadmin.local", ["-q", "addprinc \(name)"], input: "\(password)\n\(password)\n")
  }

  /// Adds the service `name` ("ldap/localhost") with a random key and
  /// writes that key to a new keytab, whose URL it returns.
  public func addService(_ name: String) throws -> URL {
    let keytab = folder.appendingPathComponent("service-\(UUID().uuidString).keytab")
    _ = try run("/usr/sbin/kadmin.local", ["-q", "addprinc -randkey \(name)"])
    _ = try run("/usr/sbin/kadmin.local", ["-q", "ktadd -k \(keytab.path) \(name)"])
    return keytab
  }

  /// Fetches a ticket for `user` with `password` (on kinit's standard
  /// input) into a new cache file, whose URL it returns.
  public func kinit(_ user: String, password: String) throws -> URL {
    let cache = folder.appendingPathComponent("cache-\(UUID().uuidString)")
    _ = try run(
      "/usr/bin/kinit", [user], input: "\(password)\n", environment: environment(cache: cache))
    return cache
  }

  /// Stops the KDC and removes the folder.
  public func shutDown() {
    if let process, process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    process = nil
    try? FileManager.default.removeItem(at: folder)
  }

  private func start() throws {
    do {
      process = try ServerProcess.serve(
        "/usr/sbin/krb5kdc", ["-n"], environment: toolEnvironment(),
        log: folder.appendingPathComponent("krb5kdc.out"), port: port)
    } catch {
      shutDown()
      throw error
    }
  }

  private func toolEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["KRB5_CONFIG"] = configurationFile.path
    environment["KRB5_KDC_PROFILE"] = kdcProfile.path
    return environment.merging(extra) { $1 }
  }

  /// Runs a Kerberos tool with this realm's configuration, `input` on its
  /// standard input; throws with its output when it fails.
  private func run(
    _ executable: String, _ arguments: [String], input: String = "",
    environment extra: [String: String] = [:]
  ) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = toolEnvironment(extra)
    let output = Pipe()
    let stdin = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = stdin
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: bytes, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      throw DemoLDAPError.commandFailed(
        command: ([executable] + arguments).joined(separator: " "),
        status: process.terminationStatus, output: text)
    }
    return text
  }
}
