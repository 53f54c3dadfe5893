// GLib and GObject alone (no GIO, no GTK), for the layers that must not
// depend on GTK: Unicode case folding and normalization, object references
// and signals, and the main context with the two libdispatch hooks that
// expose the main queue to a foreign run loop.
#ifndef ROSTER_CGLIB_SHIM_H
#define ROSTER_CGLIB_SHIM_H

#include <glib.h>
#include <glib-object.h>
#include <glib-unix.h>

// libdispatch's run-loop integration (exported by libdispatch.so on Linux):
// the main queue signals this eventfd when work is enqueued, and the callback
// drains it on the calling (main) thread.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static inline int cglib_main_queue_fd(void) { return _dispatch_get_main_queue_handle_4CF(); }
static inline void cglib_drain_main_queue(void) { _dispatch_main_queue_callback_4CF(NULL); }

#endif
