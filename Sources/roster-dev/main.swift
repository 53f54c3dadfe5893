import ArgumentParser
import Foundation
import RosterKit

// As `roster` starts, so the window measured is the one people run: big
// arrays get mappings of their own (AllocatorSettings), no OpenGL set up
// under cairo (RendererSettings), the user's language (Localization).
AllocatorSettings.apply()
RendererSettings.apply()
Localization.start()

// A synchronous main on purpose: an async main lets MainActor work leave the
// main thread after the first await on Linux, and GTK must stay on it.
RosterDevCommand.main()
