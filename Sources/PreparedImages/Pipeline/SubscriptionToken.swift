/// One subscriber's claim on the work for a request: an image slot's current bind, a prefetch,
/// or an `await`. Handing it back (unsubscribe) drops the claim; the last claim cancels the work.
///
/// Threading: a `Sendable` value.
struct SubscriptionToken: Hashable, Sendable {
  let request: ImageRequest
  let id: UInt64
}
