import Foundation
import LDAPDemo
import SharedSupport

/// The folder a test domain controller runs from: a domain provisioned
/// offline (`samba-tool domain provision --targetdir`) with the people
/// loaded into its `sam.ldb` (`ldbadd`), kept under `.build/samba-dc/HASH`
/// (the hash of Samba's version, the provision's arguments and the
/// people's LDIF) and copied for each run; and the smb.conf it runs with.
///
/// Threading: stateless; every method blocks while the tools run.
enum SambaDomainFolder {
  /// The provision's arguments after `--targetdir`.
  private static let provision = [
    "--realm=\(TestSambaDC.realm)", "--domain=\(TestSambaDC.domain)", "--server-role=dc",
    "--dns-backend=NONE", "--use-rfc2307", "--adminpass=\(TestSambaDC.password)",
    "--host-name=dc1", "--host-ip=127.0.0.1",
  ]

  /// What a real DC has that a provision does not give: the `ldap/`
  /// service principal name for the name the tests reach it by, so that a
  /// Kerberos ticket for `ldap/localhost` is one the DC takes.
  private static let servicePrincipalNames = """
    dn: CN=DC1,OU=Domain Controllers,\(TestSambaDC.baseDN)
    changetype: modify
    add: servicePrincipalName
    servicePrincipalName: ldap/localhost
    servicePrincipalName: ldap/localhost@\(TestSambaDC.realm)

    """

  /// Where provisioned folders are kept between runs.
  private static var cache: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/samba-dc")
  }

  /// Makes the domain's folder at `folder` holding `people`: a copy of the
  /// cached one, made first when there is none. Returns whether it was
  /// cached.
  static func make(at folder: URL, _ people: CompanyPeople) throws -> Bool {
    let ldif = people.activeDirectoryLDIF
    let version = try SambaTool.check("/usr/sbin/samba", ["--version"])
    let key = StableHash.hex(
      ([version] + provision + [ldif, servicePrincipalNames]).joined(separator: "\n"))
    let kept = cache.appendingPathComponent(key)
    let cached = FileManager.default.fileExists(atPath: kept.path)
    if !cached { try build(kept, ldif: ldif) }
    try FileManager.default.createDirectory(
      at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
    try SambaTool.check("/bin/cp", ["-a", kept.path, folder.path])
    return cached
  }

  /// Provisions into a scratch folder beside `kept`, loads the people and
  /// renames it to `kept` (so a run stopped halfway leaves no half folder).
  private static func build(_ kept: URL, ldif: String) throws {
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    let scratch = cache.appendingPathComponent("making-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    try SambaTool.check(
      "/usr/bin/samba-tool",
      ["domain", "provision", "--targetdir=\(scratch.path)"] + provision)
    try apply(ldif, with: "/usr/bin/ldbadd", to: scratch)
    try apply(servicePrincipalNames, with: "/usr/bin/ldbmodify", to: scratch)
    do {
      try FileManager.default.moveItem(at: scratch, to: kept)
    } catch  where FileManager.default.fileExists(atPath: kept.path) {
      // Another test process made it meanwhile.
    }
  }

  /// Runs `tool` (ldbadd, ldbmodify) on `ldif` against the sam.ldb of the
  /// domain in `folder`, offline.
  private static func apply(_ ldif: String, with tool: String, to folder: URL) throws {
    let file = folder.appendingPathComponent("changes.ldif")
    try ldif.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    try SambaTool.check(
      tool, ["-H", folder.appendingPathComponent("private/sam.ldb").path, file.path])
  }

  /// The smb.conf of the domain at `folder`: the provision's domain, every
  /// path inside the folder, TLS with `tls`'s certificate.
  static func configuration(for folder: URL, tls: DemoCertificateAuthority) -> String {
    let path = folder.path
    return """
      [global]
      \tnetbios name = DC1
      \trealm = \(TestSambaDC.realm)
      \tworkgroup = \(TestSambaDC.domain)
      \tserver role = active directory domain controller
      \tserver services = ldap, kdc, cldap
      \tidmap_ldb:use rfc2307 = yes
      \tprivate dir = \(path)/private
      \tlock directory = \(path)
      \tstate directory = \(path)/state
      \tcache directory = \(path)/cache
      \tbinddns dir = \(path)/bind-dns
      \tpid directory = \(path)/run
      \tncalrpc dir = \(path)/run/ncalrpc
      \twinbindd socket directory = \(path)/run/winbindd
      \tntp signd socket directory = \(path)/run/ntp_signd
      \tlog file = \(path)/log/log.%m
      \tpanic action =
      \tinterfaces = lo
      \tbind interfaces only = yes
      \ttls enabled = yes
      \ttls certfile = \(tls.server.certificate.path)
      \ttls keyfile = \(tls.server.key.path)
      \ttls cafile = \(tls.certificate.path)

      """
  }
}
