import CLibFuzzer
import Foundation

/// Runs libFuzzer on one input handler: the shared start of every fuzz
/// target under Tests/Fuzz (built with `make fuzz`, see docs/ROBUSTNESS.md).
///
/// libFuzzer calls the handler with each input it makes; a crash, a trap
/// (`precondition`), an Address Sanitizer report, a slow input (`-timeout`)
/// or an allocation over `-malloc_limit_mb` stops the run and saves the input.
///
/// Threading: `run` is called once, from `main`; libFuzzer then calls the
/// handler on one worker thread, one input at a time.
public enum Fuzzing {
  /// Starts libFuzzer with the process's arguments and never returns.
  ///
  /// The driver runs on a thread of its own with a large stack: the
  /// decoders refuse the main thread, and deep (but allowed) JSON nesting
  /// takes more stack under Address Sanitizer than a worker's default.
  public static func run(_ handler: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
    Handler.current = handler
    let driver = Thread {
      var argc = CommandLine.argc
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }
    driver.stackSize = 64 << 20
    driver.start()
    while true { sleep(60) }
  }
}

/// The handler, set once before the driver starts and only read after.
private enum Handler {
  nonisolated(unsafe) static var current: ((UnsafeRawBufferPointer) -> Void)?
}

/// libFuzzer's callback. Linking libFuzzer (-sanitize=fuzzer) also brings
/// its own `main`, which needs this exact symbol even though `Fuzzing.run`
/// is the entry point that starts the driver.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Handler.current?(UnsafeRawBufferPointer(start: data, count: size))
  return 0
}
