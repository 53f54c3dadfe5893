/// `--simulate-latency`: wraps another loader and holds each result for a random, cancellable
/// delay before it goes on to decoding, as a slow server would. The delay holds the load slot,
/// like the slow server it stands in for.
///
/// Threading: `Sendable`, like the loader it wraps.
struct SimulatedLatencyLoader: ImageLoading {
  let base: any ImageLoading
  let latency: ClosedRange<Duration>

  func load(_ source: ImageSource) async -> Result<LoadedBytes, ImageFailure> {
    let result = await base.load(source)
    guard case .success = result else { return result }
    let delay = Duration.nanoseconds(
      Int64.random(in: latency.lowerBound.nanoseconds...latency.upperBound.nanoseconds))
    guard (try? await Task.sleep(for: delay)) != nil else { return .failure(.cancelled) }
    return result
  }
}
