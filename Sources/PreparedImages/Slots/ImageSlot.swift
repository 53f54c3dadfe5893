/// The avatar of one recycled row. The app makes one in row setup and calls
/// ``bind(identity:request:priority:)`` from bind and ``unbind()`` from unbind; the slot calls
/// `apply` with what the row should show.
///
/// - A memory hit is applied synchronously, in the same frame (`arrivedLate: false`).
/// - Otherwise the placeholder (`apply(nil, false)`) and a load at the priority the bind gives
///   (`.visible` for a row on screen, `.bound` otherwise), so one claim carries it; the result
///   is applied with `arrivedLate: true` (a view may animate it in, or count the wait), but
///   only if the slot still shows that bind (see ``SlotToken``): a re-bound row never shows the
///   previous user's avatar.
/// - A failure keeps the placeholder.
/// - A memory hit whose http freshness ran out is applied all the same, and revalidated: the
///   image is replaced only if the server sent another one, or by the placeholder if the
///   revalidation failed and the server had said the image must be revalidated.
///
/// Threading: main-actor only.
@MainActor
public final class ImageSlot {
  let pipeline: ImagePipeline
  let apply: @MainActor (PreparedImage?, _ arrivedLate: Bool) -> Void
  /// Called for each result dropped by the stale guard (besides the pipeline's count).
  let onStaleDrop: (@MainActor () -> Void)?
  /// Bumped by every bind and unbind.
  public private(set) var generation: UInt64 = 0
  /// What the slot is bound to; nil after unbind.
  public private(set) var identity: AnyHashable?
  /// The claim on the pipeline's work for the current bind, if it is still loading.
  var subscription: SubscriptionToken?

  /// Whether the current bind still waits for its image (a failure ends the wait too).
  public var isLoading: Bool { subscription != nil }

  /// A slot loading through `pipeline` and showing through `apply`; `onStaleDrop` hears of
  /// each late result its guard drops (an app's instrumentation).
  public init(
    pipeline: ImagePipeline, onStaleDrop: (@MainActor () -> Void)? = nil,
    apply: @escaping @MainActor (PreparedImage?, _ arrivedLate: Bool) -> Void
  ) {
    self.pipeline = pipeline
    self.onStaleDrop = onStaleDrop
    self.apply = apply
  }

  /// A row torn down mid-load gives up its claim, like an unbind.
  isolated deinit {
    if let subscription { pipeline.unsubscribe(subscription) }
  }

  /// Shows `request`'s avatar for `identity`, or the placeholder while it loads (or if nil); a
  /// load starts at `priority`, and ``setPriority(_:)`` moves it later.
  public func bind(identity: AnyHashable, request: ImageRequest?, priority: ImagePriority = .bound)
  {
    generation &+= 1
    self.identity = identity
    let previous = subscription
    subscription = nil
    defer {
      // After subscribing anew, so re-binding to the same request keeps its work alive.
      if let previous { pipeline.unsubscribe(previous) }
    }
    guard let request else {
      apply(nil, false)
      return
    }
    if let image = pipeline.cachedImage(for: request) {
      apply(image, false)
      guard pipeline.needsRevalidation(request) else { return }
      // Stale: shown now, and the server asked whether it changed. A 304 delivers this same
      // image (not applied again); a new one replaces it; a failure leaves it, unless the server
      // said it must be revalidated (then the placeholder).
      let token = currentToken
      subscription = pipeline.subscribe(request, priority: priority) { [weak self] result in
        self?.complete(with: result, for: token, showing: (image, request))
      }
      return
    }
    apply(nil, false)
    let token = currentToken
    subscription = pipeline.subscribe(request, priority: priority) { [weak self] result in
      self?.complete(with: result, for: token)
    }
  }

  /// Forgets the bind, cancels its load (unless others want the same image) and clears the
  /// image (`apply(nil, false)`), so an idle row holds no texture.
  public func unbind() {
    generation &+= 1
    identity = nil
    if let subscription { pipeline.unsubscribe(subscription) }
    subscription = nil
    apply(nil, false)
  }

  /// Raises or lowers the pending load of the current bind, for a row that scrolled on or off
  /// screen after its bind.
  public func setPriority(_ priority: ImagePriority) {
    if let subscription { pipeline.setPriority(priority, for: subscription) }
  }

  /// The priority the current bind's pending load holds in the pipeline; nil when nothing is
  /// pending (tests check that rows on screen are raised).
  package var pendingPriority: ImagePriority? {
    subscription.flatMap { pipeline.priority(of: $0) }
  }
}
