import CGtk
import Directory
import PreparedImages

/// Decides which avatar a view shows for the person bound to it: the
/// prepared texture once its load has it (at once from the memory cache),
/// else the person's initials on their placeholder colour. The load comes
/// from the service's ``AvatarBinder``. The view only draws: ``show`` hands
/// it the texture (borrowed; nil means the initials). Rows, grid cells and
/// the details panel each own one.
///
/// Threading: main-actor only.
@MainActor
final class AvatarBinding {
  /// The bound user's initials and placeholder colour index.
  private(set) var placeholder: (initials: String, colorIndex: Int) = ("", 0)
  /// Whether the bound user has an avatar to show (not empty, not refused).
  private(set) var expectsAvatar = false
  /// Whether the view shows an avatar now (else the initials show).
  private(set) var showsAvatar = false
  /// The initials shown while no avatar covers them (tests).
  var placeholderText: String { placeholder.initials }
  /// Whether the bound user's avatar is still on its way.
  var isLoading: Bool { load?.isLoading ?? false }
  /// The priority of the pending avatar load; nil when none is pending (tests).
  var pendingPriority: ImagePriority? { load?.pendingPriority }

  private let avatars: AvatarService?
  private var load: (any AvatarLoad)?
  private var boundIdentity: String?
  private let show: @MainActor (_ texture: OpaquePointer?) -> Void

  /// Loads through `avatars` (nil: initials only), counts into
  /// `instrumentation` and shows through `show`.
  init(
    avatars: AvatarService?, instrumentation: RowInstrumentation,
    show: @escaping @MainActor (_ texture: OpaquePointer?) -> Void
  ) {
    self.avatars = avatars
    self.show = show
    load = avatars.map { avatars in
      avatars.binder.makeLoad(pipeline: avatars.pipeline, instrumentation: instrumentation) {
        [weak self] in self?.apply($0)
      }
    }
  }

  /// Shows `model`'s avatar, at once from the memory cache or when ready;
  /// a load starts at `priority` (``setPriority(_:)`` moves it later).
  func bind(_ model: UserViewModel, priority: ImagePriority) {
    boundIdentity = model.identity
    placeholder = (model.initials, model.placeholderColorIndex)
    guard let avatars else {
      show(nil)
      return
    }
    let request = avatars.request(for: model)
    expectsAvatar = request != nil
    // The load shows the cached image or nil before it returns.
    load?.bind(identity: model.identity, request: request, priority: priority)
  }

  /// Lets go of the bound user (cancels a pending load, clears the picture).
  func unbind() {
    boundIdentity = nil
    load?.unbind()
  }

  /// Raises or lowers the pending load of a view that scrolled on or off
  /// screen after its bind (visible rows load first).
  func setPriority(_ priority: ImagePriority) {
    load?.setPriority(priority)
  }

  private func apply(_ texture: OpaquePointer?) {
    showsAvatar = texture != nil
    show(texture)
    if texture != nil, let identity = boundIdentity {
      avatars?.onShown?(identity)
    }
  }
}
