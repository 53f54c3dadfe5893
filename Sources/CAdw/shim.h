// libadwaita 1.2 (Debian 12): the GNOME chrome around Roster's own rows —
// the application and window, header bar, toasts, status pages, the about
// window and the style manager that follows the system's dark style.
#ifndef ROSTER_CADW_SHIM_H
#define ROSTER_CADW_SHIM_H

#include <adwaita.h>

#endif
