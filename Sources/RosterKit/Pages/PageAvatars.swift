import PreparedImages

/// The avatar services a window gives its page: the rows' (48 px, which
/// the bench watches), the details panel's (128 px) and the pipeline they
/// share, from which a page makes the services of its other views; and the
/// window's probe, whose censuses count the page's rows and items.
///
/// Threading: main-actor only (the services are).
@MainActor
package struct PageAvatars {
  /// The list rows' avatars.
  let rows: AvatarService?
  /// The details panel's avatar.
  let details: AvatarService?
  /// The pipeline behind both, nil when avatars are off.
  let pipeline: ImagePipeline?

  /// The window's probe: its views' factories and models count in its censuses.
  let probe: RowProbe

  /// The services of `pipeline`, the rows' loading through `rowAvatars`.
  init(pipeline: ImagePipeline?, rowAvatars: any AvatarBinder, probe: RowProbe) {
    self.pipeline = pipeline
    self.probe = probe
    rows = pipeline.map {
      AvatarService(pipeline: $0, pointSize: Int(UserRow.avatarSize), binder: rowAvatars)
    }
    details = pipeline.map {
      AvatarService(pipeline: $0, pointSize: Int(PersonShape.details.avatarSize))
    }
  }
}
