import Glibc

/// Where a test stops the network thread at the moment libsoup hands an exchange its answer's
/// head, before the exchange takes it (`soup_session_send_finish`): the moment a thread
/// preempted there leaves open, made to happen rather than hoped for
/// (``HTTPSession/holdAnswers()``). Open (the default), an answer goes straight on.
///
/// Threading: `Sendable`; a pthread mutex and condition guard it. The network thread waits
/// in ``pass()``; any thread holds and releases.
final class AnswerGate: @unchecked Sendable {
  private var holding = false
  private var waiting = 0
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(lock, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(lock)
    condition.deallocate()
    lock.deallocate()
  }

  /// Stops every answer from now on in ``pass()``.
  func hold() {
    pthread_mutex_lock(lock)
    holding = true
    pthread_mutex_unlock(lock)
  }

  /// Lets the answers stopped go on, and later ones pass.
  func release() {
    pthread_mutex_lock(lock)
    holding = false
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(lock)
  }

  /// Exchanges stopped in ``pass()`` now.
  var heldCount: Int {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return waiting
  }

  /// Returns at once while open; while holding, waits until released (network thread).
  func pass() {
    pthread_mutex_lock(lock)
    while holding {
      waiting += 1
      pthread_cond_wait(condition, lock)
      waiting -= 1
    }
    pthread_mutex_unlock(lock)
  }
}
