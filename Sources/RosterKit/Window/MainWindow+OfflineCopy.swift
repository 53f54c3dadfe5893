import CGtk
import Directory
import FoundationEssentials
import GtkKit
import PreparedImages
import SharedSupport

/// A directory server's people browsed from the offline copy Content Sync
/// or, on Active Directory, DirSync keeps (``OfflineCopy``). With a
/// complete copy on disk the window opens on it at once and the copy
/// resumes from its cookie; without one the window reads the server a
/// range at a time, as for any server, while the copy fills, then the
/// copy's page takes over (``OfflineCopyController``) and sorting and
/// filtering are local from then on. Each change the server sends reaches
/// the rows as differences.
extension MainWindow {
  /// Shows `next` in the page's place; the page it replaces stays hidden
  /// until the window goes.
  func replacePage(with next: any DirectoryPage) {
    pageSlot.replace(with: next)
    adoptPage()
    handle(.loaded(isEmpty: next.people.count == 0))
  }
}
