import ArgumentParser
import FoundationEssentials
import RosterKit

// First, before any thread or GTK starts: the password, passphrase and
// token leave the environment, so the apps Roster launches and a core dump
// do not get them (EnvironmentSecrets).
EnvironmentSecrets.take()
// Before any thread allocates: big arrays get mappings of their own, so the
// memory of a replaced directory goes back to the system (AllocatorSettings).
AllocatorSettings.apply()
// No OpenGL set up when the cairo renderer draws (RendererSettings).
RendererSettings.apply()
// The user's language for every word shown, errors on the terminal included.
Localization.start()

// A synchronous main on purpose: an async main lets MainActor work leave the
// main thread after the first await on Linux, and GTK must stay on it.
RosterCommand.main()
