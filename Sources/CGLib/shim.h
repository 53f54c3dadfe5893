// GLib alone (no GIO, no GTK): Unicode case folding and normalization for
// the layers that must not depend on GTK.
#include <glib.h>
