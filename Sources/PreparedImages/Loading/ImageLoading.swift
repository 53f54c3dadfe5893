/// Something that fetches the bytes of an ``ImageSource``: the pipeline's loaders, and
/// decorators that wrap one loader in another (``SimulatedLatencyLoader``).
///
/// Threading: `Sendable`; `load` may run concurrently from any task, and cancelling the calling
/// task must end the load (as `.cancelled`) or at least have its result ignored.
protocol ImageLoading: Sendable {
  func load(_ source: ImageSource) async -> Result<LoadedBytes, ImageFailure>

  /// A read of `source` that takes a moment and waits on nothing slow (a local file), for the
  /// decode thread to run just before it decodes; nil when the source must go through
  /// ``load(_:)``. Such a source skips the load stage and its thread hops: every hop wakes a
  /// thread beside the main thread while it draws a frame.
  func immediateRead(of source: ImageSource) -> ImmediateRead?
}

extension ImageLoading {
  func immediateRead(of source: ImageSource) -> ImmediateRead? { nil }
}

/// Reads a source's bytes at once, on the calling thread (a decode thread).
typealias ImmediateRead = @Sendable () -> Result<LoadedBytes, ImageFailure>

/// Bytes of an image, not yet decoded.
///
/// Threading: a `Sendable` value.
struct LoadedBytes: Sendable {
  let bytes: [UInt8]
  /// Called with the bytes once they decoded: a download is kept in the disk cache only then,
  /// so bytes that do not decode are fetched again next time instead of served forever.
  let didDecode: (@Sendable ([UInt8]) -> Void)?
  /// Seconds since 1970 from which an image decoded from these bytes is stale (an http
  /// source's ``CachePolicy/freshUntil``); nil: never.
  var freshUntil: Int64? = nil
  /// The bytes an image in the memory cache was decoded from, as far as anyone knows: the
  /// server answered 304, or could not be asked. The coordinator then delivers that image,
  /// without decoding, when the memory cache still holds it.
  var unchanged = false
  /// Once stale, an image decoded from these bytes is not shown again until the server said
  /// they still hold (``CachePolicy/mustRevalidate``).
  var mustRevalidate = false

  init(
    _ bytes: [UInt8], freshUntil: Int64? = nil, unchanged: Bool = false,
    mustRevalidate: Bool = false, didDecode: (@Sendable ([UInt8]) -> Void)? = nil
  ) {
    self.bytes = bytes
    self.freshUntil = freshUntil
    self.unchanged = unchanged
    self.mustRevalidate = mustRevalidate
    self.didDecode = didDecode
  }
}
