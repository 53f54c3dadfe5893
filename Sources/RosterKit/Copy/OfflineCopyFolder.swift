import Directory
import FoundationEssentials
import PreparedImages
import SharedSupport

/// Where Roster keeps a directory server's offline copy:
/// `$XDG_CACHE_HOME/roster/copies/<digest>`, one folder per
/// ``RangedDirectory/peopleKey`` (an LDAP server's: its server, base DN,
/// filter, schema and signed-in person, as two people signed in to one
/// server may see different entries). The digest names no server or person in the
/// file system. A copy holds no secrets, and its folder is mode 0700.
///
/// Threading: stateless; any thread.
package enum OfflineCopyFolder {
  /// The folder of `directory`'s copy under `cacheRoot` (the image cache's
  /// root unless given); nil without a cache folder.
  package static func folder(
    for directory: any RangedDirectory,
    cacheRoot: URL? = ImagePipelineConfiguration.defaultDiskCacheDirectory()
  ) -> URL? {
    guard let cacheRoot else { return nil }
    return cacheRoot.appendingPathComponent("copies", isDirectory: true)
      .appendingPathComponent(StableHash.hex(directory.peopleKey), isDirectory: true)
  }
}
