import SharedSupport

/// Resumes a continuation exactly once, whichever comes first: the delivery or cancellation,
/// even if cancellation comes before the continuation exists.
///
/// Threading: `Sendable`; guarded by a mutex.
final class ResumeOnce: Sendable {
  private enum State {
    case waiting
    case ready(CheckedContinuation<PreparedImage, any Error>)
    case early(Result<PreparedImage, ImageFailure>)
    case done
  }

  private let state = Locked(State.waiting)

  func install(_ continuation: CheckedContinuation<PreparedImage, any Error>) {
    let early = state.withLock { state -> Result<PreparedImage, ImageFailure>? in
      if case .early(let result) = state {
        state = .done
        return result
      }
      state = .ready(continuation)
      return nil
    }
    if let early { continuation.resume(with: early.mapError { $0 }) }
  }

  func resume(with result: Result<PreparedImage, ImageFailure>) {
    let continuation = state.withLock { state -> CheckedContinuation<PreparedImage, any Error>? in
      switch state {
      case .waiting:
        state = .early(result)
        return nil
      case .ready(let continuation):
        state = .done
        return continuation
      case .early, .done:
        return nil
      }
    }
    continuation?.resume(with: result.mapError { $0 })
  }
}
