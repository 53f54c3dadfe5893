import Dispatch
import FoundationEssentials

/// How a finished task reaches a subscriber: on the main actor, after the fact.
typealias ImageDelivery = @MainActor @Sendable (Result<PreparedImage, ImageFailure>) -> Void

/// The last step of the pipeline: results go to their subscribers on the main actor, through
/// `DispatchQueue.main` (which runs inside the GLib loop), never under the coordinator's lock.
///
/// Threading: stateless; callable from any thread.
enum Delivery {
  static func send(
    _ result: Result<PreparedImage, ImageFailure>, to deliveries: [ImageDelivery]
  ) {
    guard !deliveries.isEmpty else { return }
    DispatchQueue.main.async {
      MainActor.assumeIsolated {
        for deliver in deliveries { deliver(result) }
      }
    }
  }
}
