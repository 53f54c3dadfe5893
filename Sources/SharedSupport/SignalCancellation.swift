import Dispatch
import FoundationEssentials
import Glibc

/// Turns SIGINT and SIGTERM (Ctrl+C in a terminal, a service stopping)
/// into a cancellation of the command's work, so a long `roster export`
/// stopped by the user discards its temporary file instead of dying with
/// it half-written beside the destination.
///
/// While it lives the signals do not end the process; ``stop()`` gives
/// them back their default action.
///
/// Threading: the signals are handled on a global queue; `cancel` runs there.
public final class SignalCancellation: @unchecked Sendable {
  private let sources: [any DispatchSourceSignal]
  private let signals: [Int32]
  private let caught = Locked<Int32?>(nil)

  /// Calls `cancel` on the first of `signals` to arrive.
  public init(signals: [Int32] = [SIGINT, SIGTERM], _ cancel: @escaping @Sendable () -> Void) {
    self.signals = signals
    var sources: [any DispatchSourceSignal] = []
    for number in signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      sources.append(source)
    }
    self.sources = sources
    for (number, source) in zip(signals, sources) {
      source.setEventHandler { @Sendable [weak self] in
        guard let self else { return }
        let first = self.caught.withLock { caught -> Bool in
          guard caught == nil else { return false }
          caught = number
          return true
        }
        if first { cancel() }
      }
      source.resume()
    }
  }

  /// The signal that cancelled the work, if one did.
  public var signalReceived: Int32? { caught.withLock { $0 } }

  /// Stops handling the signals: they end the process again.
  public func stop() {
    for source in sources { source.cancel() }
    for number in signals { signal(number, SIG_DFL) }
  }

  deinit { stop() }
}
