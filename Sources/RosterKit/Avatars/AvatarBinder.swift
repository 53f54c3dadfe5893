import CGtk
import PreparedImages

/// The avatar load of one view (a row, a cell, the details panel): bound to
/// the person the view shows, it hands the view what to draw.
///
/// Threading: main-actor only.
@MainActor
package protocol AvatarLoad: AnyObject {
  /// Whether the current bind still waits for its image.
  var isLoading: Bool { get }
  /// The priority the pending load holds; nil when none is pending.
  var pendingPriority: ImagePriority? { get }
  /// Shows `request`'s avatar for `identity` (nil: the initials), loading it
  /// at `priority` if it must wait.
  func bind(identity: AnyHashable, request: ImageRequest?, priority: ImagePriority)
  /// Lets go of the bound person and clears the picture.
  func unbind()
  /// Raises or lowers the pending load (a view scrolled on or off screen).
  func setPriority(_ priority: ImagePriority)
}

/// How a window's rows get their avatars: it makes each view's
/// ``AvatarLoad`` and says whether the list prefetches. The app's is
/// ``PipelineAvatarBinder``; a benchmark measuring another way of loading
/// (or a test showing what a check catches) passes its own to the window.
///
/// Threading: main-actor only.
@MainActor
package protocol AvatarBinder {
  /// Whether the list asks for the avatars of rows about to scroll in.
  var prefetches: Bool { get }
  /// A load for one view, loading through `pipeline`, calling
  /// `onStaleDrop` for each late result its guard drops and showing through
  /// `show` (a borrowed texture; nil for the initials).
  func makeLoad(
    pipeline: ImagePipeline, onStaleDrop: @escaping @MainActor () -> Void,
    show: @escaping @MainActor (_ texture: OpaquePointer?) -> Void
  ) -> any AvatarLoad
}

/// The app's avatars: each view's through an ``ImageSlot`` (memory cache at
/// bind, else the pipeline, its result applied only to the bind that asked),
/// and prefetching one screen ahead.
///
/// Threading: main-actor only.
@MainActor
package struct PipelineAvatarBinder: AvatarBinder {
  /// The app's binder.
  package init() {}

  package var prefetches: Bool { true }

  package func makeLoad(
    pipeline: ImagePipeline, onStaleDrop: @escaping @MainActor () -> Void,
    show: @escaping @MainActor (_ texture: OpaquePointer?) -> Void
  ) -> any AvatarLoad {
    // No fade: a cached avatar must show in its row's first frame, and a
    // late one is quicker to read without an animation.
    ImageSlot(
      pipeline: pipeline, onStaleDrop: onStaleDrop,
      apply: { image, _ in show(image?.texture) })
  }
}

extension ImageSlot: AvatarLoad {}
