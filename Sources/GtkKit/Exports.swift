// GtkKit's users get GObjectKit's references, signals and main loop with it:
// the widget layer and the object layer read as one library.
@_exported import GObjectKit
