import Dispatch

extension UserViewModel {
  /// Below this many users one thread is faster than waking a second one.
  private static let parallelThreshold = 20_000

  /// Builds the view models of `users`, in order, splitting the work across
  /// two threads for large directories (the machine has two cores, and this
  /// runs while the window waits for data, not while it scrolls).
  ///
  /// Blocks the calling thread until done; call it off the main thread.
  static func makeAll(for users: [User]) -> [UserViewModel] {
    guard users.count >= parallelThreshold else {
      return users.map(UserViewModel.init(user:))
    }
    let chunkCount = 2
    return [UserViewModel](unsafeUninitializedCapacity: users.count) { buffer, initialized in
      let output = UncheckedBuffer(buffer)
      let chunkSize = (users.count + chunkCount - 1) / chunkCount
      // Each iteration writes a disjoint slice, so sharing the buffer is safe.
      DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
        let start = chunk * chunkSize
        let end = min(start + chunkSize, users.count)
        for index in start..<end {
          (output.base + index).initialize(to: UserViewModel(user: users[index]))
        }
      }
      initialized = users.count
    }
  }
}

/// Lets the chunks of `makeAll` write their disjoint ranges of one buffer.
///
/// Threading: `@unchecked Sendable` because callers write disjoint elements
/// only.
private struct UncheckedBuffer: @unchecked Sendable {
  let base: UnsafeMutablePointer<UserViewModel>

  init(_ buffer: UnsafeMutableBufferPointer<UserViewModel>) {
    base = buffer.baseAddress!
  }
}
