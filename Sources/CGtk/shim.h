// Roster's C interop shim: what Swift cannot import from GTK's headers.
// Function-like cast macros become inline functions.
#ifndef ROSTER_CGTK_SHIM_H
#define ROSTER_CGTK_SHIM_H

#include <gtk/gtk.h>
// GSettings backends of one's own (a memory or keyfile backend): tests keep
// preferences out of the user's dconf with them.
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
// The GL renderer's type, which gtk.h leaves out (FlattenedBin asks for it).
#include <gsk/gl/gskglrenderer.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
// The org chart written as PDF (cairo's PDF surface; pango draws its text).
#include <cairo-pdf.h>
#include <glib-unix.h>
// glibc's allocator controls and statistics (mallopt, malloc_trim, mallinfo2):
// the app bounds its arenas at start-up and the soak tells heap in use from
// heap kept free.
#include <malloc.h>

// Casts (the G_OBJECT/GTK_WIDGET family are macros Swift does not import).
static inline GtkWindow *cgtk_window(gpointer p) { return (GtkWindow *)p; }
static inline GtkBox *cgtk_box(gpointer p) { return (GtkBox *)p; }
static inline GdkPaintable *cgtk_paintable(gpointer p) { return (GdkPaintable *)p; }
static inline GListModel *cgtk_list_model(gpointer p) { return (GListModel *)p; }
// The same casts through GLib's checked macros (a wrong type logs a
// critical warning in builds with cast checks), for the types Swift imports
// as typed pointers.
static inline GObject *cgtk_gobject(gpointer p) { return G_OBJECT(p); }
static inline GtkWidget *cgtk_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkButton *cgtk_button(gpointer p) { return GTK_BUTTON(p); }
static inline GAppLaunchContext *cgtk_app_launch_context(gpointer p) { return G_APP_LAUNCH_CONTEXT(p); }
static inline GtkCheckButton *cgtk_check_button(gpointer p) { return GTK_CHECK_BUTTON(p); }
static inline GtkPopover *cgtk_popover(gpointer p) { return GTK_POPOVER(p); }
static inline GtkGrid *cgtk_grid(gpointer p) { return GTK_GRID(p); }
static inline GtkEntry *cgtk_entry(gpointer p) { return GTK_ENTRY(p); }
static inline GtkDrawingArea *cgtk_drawing_area(gpointer p) { return GTK_DRAWING_AREA(p); }
static inline GtkAdjustment *cgtk_adjustment(gpointer p) { return GTK_ADJUSTMENT(p); }
static inline GtkNativeDialog *cgtk_native_dialog(gpointer p) { return GTK_NATIVE_DIALOG(p); }
static inline GtkApplication *cgtk_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GApplication *cgtk_gapplication(gpointer p) { return G_APPLICATION(p); }
// Whether `p` is an instance of `type` or of a subtype (G_TYPE_CHECK_INSTANCE_TYPE).
static inline gboolean cgtk_is_a(gpointer p, GType type) { return G_TYPE_CHECK_INSTANCE_TYPE(p, type); }

static inline GType cgtk_type_string(void) { return G_TYPE_STRING; }
static inline GType cgtk_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType cgtk_type_int(void) { return G_TYPE_INT; }

// g_signal_emit_by_name is variadic; this covers signals without arguments
// or return value.
static inline void cgtk_emit(gpointer instance, const char *signal) { g_signal_emit_by_name(instance, signal); }
static inline void cgtk_emit_uint(gpointer instance, const char *signal, guint value) { g_signal_emit_by_name(instance, signal, value); }
// GtkDropTarget's "drop" of `path` as a GFile (what a file manager's drag
// brings), at (0, 0); returns whether the target took it.
static inline gboolean cgtk_emit_drop_file(gpointer target, const char *path) {
  GValue value = G_VALUE_INIT;
  g_value_init(&value, G_TYPE_FILE);
  g_value_take_object(&value, g_file_new_for_path(path));
  gboolean taken = FALSE;
  g_signal_emit_by_name(target, "drop", &value, 0.0, 0.0, &taken);
  g_value_unset(&value);
  return taken;
}

static inline gboolean cgtk_false(void) { return FALSE; }

#endif
