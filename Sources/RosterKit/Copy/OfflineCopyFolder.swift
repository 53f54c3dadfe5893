import DirectoryLDAP
import FoundationEssentials
import PreparedImages
import SharedSupport

/// Where Roster keeps a directory server's offline copy:
/// `$XDG_CACHE_HOME/roster/copies/<digest>`, one folder per server, base
/// DN, filter and signed-in person (two people signed in to one server may
/// see different entries). The digest names no server or person in the
/// file system. A copy holds no secrets, and its folder is mode 0700.
///
/// Threading: stateless; any thread.
package enum OfflineCopyFolder {
  /// The folder of `directory`'s copy under `cacheRoot` (the image cache's
  /// root unless given); nil without a cache folder.
  package static func folder(
    for directory: LDAPDirectory,
    cacheRoot: URL? = ImagePipelineConfiguration.defaultDiskCacheDirectory()
  ) -> URL? {
    guard let cacheRoot else { return nil }
    return cacheRoot.appendingPathComponent("copies", isDirectory: true)
      .appendingPathComponent(StableHash.hex(key(of: directory)), isDirectory: true)
  }

  /// What names `directory`'s people: the server, base DN, scope, filter,
  /// schema and the person signed in (never a secret).
  package static func key(of directory: LDAPDirectory) -> String {
    let options = directory.options
    let who =
      switch options.signIn {
      case .password: "password:\(options.bindDN ?? "")"
      case .kerberos: "kerberos"
      case .certificate: "certificate:\(options.clientCertificate?.certificateFile ?? "")"
      }
    return [
      directory.settingsKey, directory.url.scope.rawValue, directory.url.filter, who,
      options.schema == .activeDirectory ? "activeDirectory" : "openLDAP",
    ].joined(separator: "\n")
  }
}
