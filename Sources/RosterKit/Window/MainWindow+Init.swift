import CGtk
import Directory
import PreparedImages

/// The ways to build a window: on a users.json's source, on one already
/// read, or on a directory server. Each makes its own ``RowProbe`` unless
/// given one (the bench and the tests read theirs).
extension MainWindow {
  /// Builds the window for `source`; call ``refresh()`` to load it.
  public convenience init(
    application: UnsafeMutablePointer<GtkApplication>?,
    source: Result<DirectorySource, DirectoryError>,
    pipeline: ImagePipeline? = nil
  ) {
    self.init(
      application: application, source: source, pipeline: pipeline,
      probe: RowProbe())
  }

  /// Builds the window for a users.json already read (the Connect dialog's
  /// check read it); ``refresh()`` shows `contents` without reading the
  /// source again, and later refreshes read it as usual.
  public convenience init(
    application: UnsafeMutablePointer<GtkApplication>?,
    loaded contents: DirectoryContents,
    pipeline: ImagePipeline? = nil
  ) {
    self.init(
      application: application, source: .success(contents.source), pipeline: pipeline,
      loaded: contents, probe: RowProbe())
  }

  /// Builds the window for a directory server, read a window at a time;
  /// call ``refresh()`` to open it.
  public convenience init(
    application: UnsafeMutablePointer<GtkApplication>?,
    server: any RangedDirectory,
    pipeline: ImagePipeline? = nil
  ) {
    self.init(
      application: application, server: server, pipeline: pipeline,
      probe: RowProbe())
  }

  /// Builds the window for a directory server whose first screen is kept
  /// in `firstScreen`: shown at once from the last time, marked as cached,
  /// until the server's first window replaces it in place.
  package convenience init(
    application: UnsafeMutablePointer<GtkApplication>?,
    server: any RangedDirectory,
    firstScreen: FirstScreenFile?,
    pipeline: ImagePipeline?
  ) {
    self.init(
      application: application, pipeline: pipeline, probe: RowProbe(),
      rowAvatars: PipelineAvatarBinder()
    ) { _, avatars in
      let page = ServerDirectoryPage(directory: server, avatars: avatars)
      page.firstScreenFile = firstScreen
      return page
    }
  }

  /// Builds the window for `source` (or shows `loaded`, already read from
  /// it), its rows counting into `probe` and loading their avatars
  /// through `rowAvatars`.
  package convenience init(
    application: UnsafeMutablePointer<GtkApplication>?,
    source: Result<DirectorySource, DirectoryError>,
    pipeline: ImagePipeline?,
    loaded: DirectoryContents? = nil,
    probe: RowProbe,
    rowAvatars: any AvatarBinder = PipelineAvatarBinder()
  ) {
    self.init(
      application: application, pipeline: pipeline, probe: probe,
      rowAvatars: rowAvatars
    ) { window, avatars in
      LocalDirectoryPage(source: source, loaded: loaded, window: window, avatars: avatars)
    }
  }

  /// Builds the window for a directory server, its rows counting into
  /// `probe` and loading their avatars through `rowAvatars`.
  package convenience init(
    application: UnsafeMutablePointer<GtkApplication>?,
    server: any RangedDirectory,
    pipeline: ImagePipeline?,
    probe: RowProbe,
    rowAvatars: any AvatarBinder = PipelineAvatarBinder()
  ) {
    self.init(
      application: application, pipeline: pipeline, probe: probe,
      rowAvatars: rowAvatars
    ) { _, avatars in
      ServerDirectoryPage(directory: server, avatars: avatars)
    }
  }
}
