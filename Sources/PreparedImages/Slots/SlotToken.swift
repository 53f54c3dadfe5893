/// The stale-image guard, in one place.
///
/// Every bind or unbind bumps the slot's generation. A load remembers the token of the bind that
/// asked for it; when its result arrives, it is applied only if the slot still shows that very
/// bind: same generation and same identity. Anything else is dropped and counted as stale.
/// This is what keeps a recycled row from cycling through earlier users' avatars.
///
/// Threading: main-actor only, like ``ImageSlot``.
struct SlotToken: Hashable {
  let generation: UInt64
  let identity: AnyHashable?
}

extension ImageSlot {
  /// The token of the bind the slot shows now.
  var currentToken: SlotToken { SlotToken(generation: generation, identity: identity) }

  /// A load for the bind `token` finished: apply it if that bind is still current. With
  /// `shown` (a stale image the bind applied, being revalidated, and its request), only a
  /// different image is applied, and a failure keeps `shown` while the memory cache still
  /// holds it (it drops one that must be revalidated).
  func complete(
    with result: Result<PreparedImage, ImageFailure>, for token: SlotToken,
    showing shown: (image: PreparedImage, request: ImageRequest)? = nil
  ) {
    guard token == currentToken else {
      pipeline.recordStaleDrop()
      onStaleDrop?()
      return
    }
    subscription = nil
    switch result {
    case .success(let image): if image !== shown?.image { apply(image, true) }
    case .failure:
      // A stale image stays, unless the pipeline let it go: it must not be shown unrevalidated.
      if let shown, pipeline.holdsInMemory(shown.request) { return }
      apply(nil, false)
    }
  }
}
