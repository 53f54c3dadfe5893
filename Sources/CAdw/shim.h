// libadwaita 1.2 (Debian 12): the GNOME chrome around Roster's own rows —
// the application and window, header bar, toasts, status pages, the about
// window and the style manager that follows the system's dark style.
#ifndef ROSTER_CADW_SHIM_H
#define ROSTER_CADW_SHIM_H

// GTK's declarations come from the CGtk module (this include becomes an
// import of it), not from a second textual copy inside this module: with two
// copies, a file that imports CGtk alone could find GTK's constants owned by
// CAdw and not see them.
#include "../CGtk/shim.h"
#include <adwaita.h>

// Checked casts for the libadwaita types Swift imports as typed pointers.
static inline AdwWindow *cadw_window(gpointer p) { return ADW_WINDOW(p); }
static inline AdwApplicationWindow *cadw_application_window(gpointer p) { return ADW_APPLICATION_WINDOW(p); }

#endif
