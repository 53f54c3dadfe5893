import Foundation
import LDAPDemo

/// The folder a test 389 Directory Server runs from, made as `dscreate`
/// makes an instance's (its `template-dse.ldif` filled in, the schema and
/// the collation and certificate-map files copied), with every path
/// (configuration, database, logs, locks, the LDAPI socket) inside the
/// folder: nothing is written to /etc, /var or /run, and no `systemctl`
/// is called (`dscreate` calls it even when told not to).
///
/// Threading: stateless; every method blocks while the tools run.
enum DS389Folder {
  /// Where Debian's `389-ds-base` keeps what an instance is made from.
  static let template = "/usr/share/dirsrv/data/template-dse.ldif"
  static let systemSchema = "/etc/dirsrv/schema"
  static let configFiles = "/etc/dirsrv/config"

  /// Makes the instance's folders under `folder` and writes its dse.ldif:
  /// the server listens on 127.0.0.1:`port` only, its root DN `rootDN`
  /// with `password` (stored as it is: a
  /// test's password, in a folder only root reads), its one
  /// suffix `suffix`; with `memberOfPlugin`, its MemberOf Plugin on
  /// (``enablingMemberOf(_:)``); with `secure`, TLS on its port too, with
  /// the certificates in its folder (``DS389TLS``) in the instance's own
  /// NSS database. Returns the configuration folder (`ns-slapd -D`).
  static func make(
    at folder: URL, port: Int, suffix: String, rootDN: String, password: String,
    memberOfPlugin: Bool = false, secure: (port: Int, certificates: URL)? = nil
  ) throws -> URL {
    let configuration = folder.appendingPathComponent("etc")
    for name in ["etc", "db", "log", "lock", "run", "tmp", "ldif", "bak"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    try SambaTool.check(
      "/bin/cp", ["-r", systemSchema, configuration.appendingPathComponent("schema").path])
    for file in ["slapd-collations.conf", "certmap.conf"] {
      try SambaTool.check(
        "/bin/cp", ["\(configFiles)/\(file)", configuration.appendingPathComponent(file).path])
    }
    let path = folder.path
    let values = [
      "schema_dir": "\(path)/etc/schema", "lock_dir": "\(path)/lock", "tmp_dir": "\(path)/tmp",
      "cert_dir": "\(path)/etc", "ldif_dir": "\(path)/ldif", "bak_dir": "\(path)/bak",
      "run_dir": "\(path)/run", "inst_dir": path, "log_dir": "\(path)/log",
      "fqdn": "localhost", "ds_port": String(port), "ds_user": "root", "rootdn": rootDN,
      "ds_passwd": "{CLEAR}\(password)", "ds_suffix": suffix, "config_dir": "\(path)/etc",
      "db_dir": "\(path)/db", "db_home_dir": "\(path)/db", "db_lib": "bdb",
      "ldapi_enabled": "on", "ldapi": "\(path)/run/slapd.socket", "ldapi_autobind": "off",
    ]
    var text = try String(contentsOfFile: template, encoding: .utf8)
    for (key, value) in values { text = text.replacingOccurrences(of: "%\(key)%", with: value) }
    guard !text.contains(/%[a-z_]+%/) else {
      throw DemoLDAPError.commandFailed(
        command: "filling \(template)", status: 1,
        output: "a placeholder is left: the template is newer than this harness")
    }
    // Loopback only (the template listens on every interface), and every
    // operation in the access log as it happens.
    text = text.replacingOccurrences(
      of: "nsslapd-port: \(port)\n",
      with: "nsslapd-port: \(port)\nnsslapd-listenhost: 127.0.0.1\n"
        + "nsslapd-accesslog-logbuffering: off\n")
    if memberOfPlugin { text = try enablingMemberOf(text) }
    if let secure {
      text = try DS389TLS.enablingSecurity(text, securePort: secure.port)
      try DS389TLS.makeDatabase(in: configuration, certificates: secure.certificates)
    }
    try text.write(
      to: configuration.appendingPathComponent("dse.ldif"), atomically: true, encoding: .utf8)
    return configuration
  }

  /// `dse` (an instance's dse.ldif, the server stopped) with the entry
  /// `cn=MemberOf Plugin,cn=plugins,cn=config` switched on, keeping
  /// `memberOf` on every entry a group's `member` values name, as
  /// `dsconf plugin memberof enable` leaves it. The template has the entry
  /// switched off; its other values (the plugin's path, its type) stay.
  static func enablingMemberOf(_ dse: String) throws -> String {
    let dn = "dn: cn=MemberOf Plugin,cn=plugins,cn=config\n"
    guard let start = dse.range(of: dn) else {
      throw DemoLDAPError.commandFailed(
        command: "enabling the MemberOf Plugin", status: 1,
        output: "dse.ldif has no entry \(dn)")
    }
    let end =
      dse.range(of: "\n\n", range: start.upperBound..<dse.endIndex)?.lowerBound
      ?? dse.endIndex
    let replaced = ["nsslapd-pluginenabled:", "memberofattr:", "memberofgroupattr:"]
    var lines = dse[start.lowerBound..<end].split(separator: "\n").map(String.init)
      .filter { line in !replaced.contains { line.lowercased().hasPrefix($0) } }
    lines += ["nsslapd-pluginEnabled: on", "memberOfAttr: memberOf", "memberOfGroupAttr: member"]
    return dse.replacingCharacters(
      in: start.lowerBound..<end, with: lines.joined(separator: "\n"))
  }

  /// The backend holding `suffix` and its mapping-tree entry, added to a
  /// running server as `dsconf backend create` adds them.
  static func backend(suffix: String) -> String {
    """
    dn: cn=userRoot,cn=ldbm database,cn=plugins,cn=config
    objectClass: top
    objectClass: extensibleObject
    objectClass: nsBackendInstance
    cn: userRoot
    nsslapd-suffix: \(suffix)

    dn: cn="\(suffix)",cn=mapping tree,cn=config
    objectClass: top
    objectClass: extensibleObject
    objectClass: nsMappingTree
    cn: \(suffix)
    nsslapd-state: backend
    nsslapd-backend: userRoot


    """
  }
}
