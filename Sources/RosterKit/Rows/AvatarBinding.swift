import CGtk
import Directory
import GtkKit
import PreparedImages

/// Decides which avatar a view shows for the person bound to it: the
/// prepared texture once its load has it (at once from the memory cache),
/// else the person's initials on their placeholder colour. The load comes
/// from the service's ``AvatarBinder``. The binding holds the texture shown
/// (``texture``; nil means the initials) and asks its view to draw again when
/// it changes; the view only draws. Rows, grid cells, table rows and the
/// details panel each own one.
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
  /// The view that draws the avatar; its owner owns this binding.
  private let view: Widget
  private var shownTexture = ObjectSlot()
  /// The avatar texture shown (a reference is held), nil for the initials.
  var texture: OpaquePointer? { shownTexture.opaque }

  /// Loads through `avatars` (nil: initials only) and has `view` draw
  /// again when the texture changes.
  init(avatars: AvatarService?, view: Widget) {
    self.avatars = avatars
    self.view = view
    load = avatars.map { avatars in
      avatars.binder.makeLoad(
        pipeline: avatars.pipeline, onStaleDrop: { [weak self] in self?.countStaleDrop() },
        show: { [weak self] in self?.apply($0) })
    }
  }

  /// Drops the texture's reference on the main thread.
  isolated deinit {}

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

  /// Holds `shown` (nil: the initials) and has the view draw it.
  private func show(_ shown: OpaquePointer?) {
    guard shown != texture else { return }
    shownTexture.set(retaining: shown)
    gtk_widget_queue_draw(view)
  }

  /// A late result met the view bound to someone else (or no one).
  private func countStaleDrop() {
    RowProbe.of(view)?.staleDrops += 1
  }

  private func apply(_ texture: OpaquePointer?) {
    showsAvatar = texture != nil
    show(texture)
    if texture != nil, let identity = boundIdentity {
      avatars?.onShown?(identity)
    }
  }
}
