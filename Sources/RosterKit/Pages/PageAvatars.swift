import PreparedImages

/// The avatar services a window gives its page: the rows' (48 px, which
/// the bench watches), the details panel's (128 px) and the pipeline they
/// share, from which a page makes the services of its other views.
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

  init(pipeline: ImagePipeline?) {
    self.pipeline = pipeline
    rows = pipeline.map { AvatarService(pipeline: $0, pointSize: Int(UserRow.avatarSize)) }
    details = pipeline.map { AvatarService(pipeline: $0, pointSize: Int(UserDetails.avatarSize)) }
  }
}
