import Directory
import FoundationEssentials

/// A directory server whose people Roster can keep in an offline copy
/// (``OfflineCopy``): the window asks for it by type, and the kind that
/// reads such a server says so (Kinds/LDAPKind.swift: Content Sync, or
/// DirSync on Active Directory).
///
/// Threading: `Sendable`; the copy is made on the main actor.
package protocol CopyableDirectory: RangedDirectory {
  /// A copy of the people in `folder`; nothing runs before its
  /// ``OfflineCopy/start()``.
  @MainActor func offlineCopy(in folder: URL) -> OfflineCopy
}
