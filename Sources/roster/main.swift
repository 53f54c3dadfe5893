import ArgumentParser
import Foundation
import RosterKit

// A synchronous main on purpose: an async main lets MainActor work leave the
// main thread after the first await on Linux, and GTK must stay on it.
RosterCommand.main()
