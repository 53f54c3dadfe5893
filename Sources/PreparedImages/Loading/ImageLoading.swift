/// Something that fetches the bytes of an ``ImageSource``: the pipeline's loaders, and
/// decorators that wrap one loader in another (``SimulatedLatencyLoader``).
///
/// Threading: `Sendable`; `load` may run concurrently from any task, and cancelling the calling
/// task must end the load (as `.cancelled`) or at least have its result ignored.
protocol ImageLoading: Sendable {
  func load(_ source: ImageSource) async -> Result<LoadedBytes, ImageFailure>
}

/// Bytes of an image, not yet decoded.
///
/// Threading: a `Sendable` value.
struct LoadedBytes: Sendable {
  let bytes: [UInt8]
  /// Called with the bytes once they decoded: a download is kept in the disk cache only then,
  /// so bytes that do not decode are fetched again next time instead of served forever.
  let didDecode: (@Sendable ([UInt8]) -> Void)?

  init(_ bytes: [UInt8], didDecode: (@Sendable ([UInt8]) -> Void)? = nil) {
    self.bytes = bytes
    self.didDecode = didDecode
  }
}
