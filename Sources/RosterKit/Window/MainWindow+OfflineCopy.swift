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
  /// Builds the window for an LDAP server whose people `copy` keeps; call
  /// ``refresh()`` to open it.
  package convenience init(
    application: UnsafeMutablePointer<GtkApplication>?, copy: OfflineCopy,
    pipeline: ImagePipeline?
  ) {
    self.init(
      application: application, copy: copy, pipeline: pipeline,
      probe: RowProbe())
  }

  /// ``init(application:copy:pipeline:)`` with the rows counting into
  /// `probe`.
  package convenience init(
    application: UnsafeMutablePointer<GtkApplication>?, copy: OfflineCopy,
    pipeline: ImagePipeline?, probe: RowProbe,
    rowAvatars: any AvatarBinder = PipelineAvatarBinder()
  ) {
    self.init(
      application: application, pipeline: pipeline, probe: probe,
      rowAvatars: rowAvatars
    ) { window, avatars in
      // Held by another Roster window or process: the server, read directly.
      guard copy.isComplete, copy.claim() else {
        return ServerDirectoryPage(directory: copy.directory, avatars: avatars)
      }
      let page = LocalDirectoryPage(
        source: .success(.file(copy.folder)), window: window, avatars: avatars)
      page.follow(copy)
      return page
    }
    offlineCopy.follow(copy)
  }

  /// Shows `next` in the page's place; the page it replaces stays hidden
  /// until the window goes.
  func replacePage(with next: any DirectoryPage) {
    pageSlot.replace(with: next)
    adoptPage()
    handle(.loaded(isEmpty: next.count == 0))
    (next as? LocalDirectoryPage)?.showSubtitle()
  }
}
