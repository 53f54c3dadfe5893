import CGtk
import Directory
import PreparedImages

/// Decides which avatar a view shows for the person bound to it: the
/// prepared texture once the image slot has it (at once from the memory
/// cache), else the person's initials on their placeholder colour. The view
/// only draws: ``show`` hands it the texture (borrowed; nil means the
/// initials). Rows, grid cells and the details panel each own one.
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
  var isLoading: Bool { slot?.isLoading ?? false }
  /// The priority of the pending avatar load; nil when none is pending (tests).
  var pendingPriority: ImagePriority? { slot?.pendingPriority }

  private let avatars: AvatarService?
  private var slot: ImageSlot?
  private var boundIdentity: String?
  private let show: @MainActor (_ texture: OpaquePointer?) -> Void

  /// Loads through `avatars` (nil: initials only) and shows through `show`.
  init(avatars: AvatarService?, show: @escaping @MainActor (_ texture: OpaquePointer?) -> Void) {
    self.avatars = avatars
    self.show = show
    if let avatars {
      // No fade: a cached avatar must show in its row's first frame, and a
      // late one is quicker to read without an animation.
      slot = ImageSlot(pipeline: avatars.pipeline) { [weak self] image, _ in self?.apply(image) }
    }
  }

  /// Shows `model`'s avatar, at once from the memory cache or when ready.
  func bind(_ model: UserViewModel) {
    boundIdentity = model.identity
    placeholder = (model.initials, model.placeholderColorIndex)
    guard let avatars else {
      show(nil)
      return
    }
    let request = avatars.request(for: model)
    expectsAvatar = request != nil
    if let decodeInBind = avatars.decodeInBind {
      let image = request.flatMap(decodeInBind)
      showsAvatar = image != nil
      show(image?.texture)
    } else {
      // The slot shows the cached image or nil before it returns.
      slot?.bind(identity: model.identity, request: request)
    }
  }

  /// Lets go of the bound user (cancels a pending load, clears the picture).
  func unbind() {
    boundIdentity = nil
    slot?.unbind()
  }

  /// Raises or lowers the pending load (visible rows load first).
  func setPriority(_ priority: ImagePriority) {
    slot?.setPriority(priority)
  }

  private func apply(_ image: PreparedImage?) {
    showsAvatar = image != nil
    show(image?.texture)
    if image != nil, let identity = boundIdentity {
      avatars?.onShown?(identity)
    }
  }
}
