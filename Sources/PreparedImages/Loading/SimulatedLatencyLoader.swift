import SharedSupport

/// `--simulate-latency`: wraps another loader and holds each result for a random, cancellable
/// delay before it goes on to decoding, as a slow server would. The delay holds the load slot,
/// like the slow server it stands in for.
///
/// With a `seed`, each image's delay is a fixed function of the seed and the image's source, so
/// a test sees the same delays on every run whatever order the loads run in; without one, each
/// load draws its own.
///
/// Threading: `Sendable`, like the loader it wraps.
struct SimulatedLatencyLoader: ImageLoading {
  let base: any ImageLoading
  let latency: ClosedRange<Duration>
  var seed: UInt64?

  func load(_ source: ImageSource) async -> Result<LoadedBytes, ImageFailure> {
    let result = await base.load(source)
    guard case .success = result else { return result }
    guard (try? await Task.sleep(for: delay(for: source))) != nil else {
      return .failure(.cancelled)
    }
    return result
  }

  /// A delay in `latency` for `source`.
  func delay(for source: ImageSource) -> Duration {
    let low = latency.lowerBound.nanoseconds
    let high = latency.upperBound.nanoseconds
    guard let seed else { return .nanoseconds(Int64.random(in: low...high)) }
    // One SplitMix64 output for the seed mixed with the source: uniform over the range.
    var mixed = (seed ^ StableHash.fnv1a(source.description)) &+ 0x9E37_79B9_7F4A_7C15
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    mixed ^= mixed >> 31
    let span = UInt64(high - low) + 1
    return .nanoseconds(low + Int64(mixed.multipliedFullWidth(by: span).high))
  }
}
