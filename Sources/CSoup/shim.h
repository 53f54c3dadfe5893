// libsoup 3 (and GIO beneath it) for Swift: GNOME's HTTP client, with the
// system's proxy resolver and TLS backend (glib-networking). The macros
// below are casts Swift does not import.
#ifndef ROSTER_CSOUP_SHIM_H
#define ROSTER_CSOUP_SHIM_H

#include <libsoup/soup.h>
#include <gio/gio.h>

static inline GQuark csoup_io_error_quark(void) { return G_IO_ERROR; }
static inline GQuark csoup_tls_error_quark(void) { return G_TLS_ERROR; }
static inline GQuark csoup_resolver_error_quark(void) { return G_RESOLVER_ERROR; }
static inline GQuark csoup_session_error_quark(void) { return SOUP_SESSION_ERROR; }

/// A session with room for `per_host` connections to each host (libsoup's
/// default of 2 would queue an avatar page behind two slow photos); the
/// properties are construct-only, and g_object_new's varargs do not reach
/// Swift.
static inline SoupSession *csoup_session_new(guint max_conns, guint per_host) {
  return soup_session_new_with_options("max-conns", max_conns, "max-conns-per-host", per_host,
                                       NULL);
}

static inline void csoup_cancel_other(GCancellable *cancelled, gpointer other) {
  g_cancellable_cancel(G_CANCELLABLE(other));
}

/// Cancels `inner` when `outer` is cancelled (at once if it already is);
/// `g_cancellable_disconnect(outer, id)` ends the link.
static inline gulong csoup_cancel_with(GCancellable *outer, GCancellable *inner) {
  return g_cancellable_connect(outer, G_CALLBACK(csoup_cancel_other), inner, NULL);
}

/// How many certificates the PEM file at `path` holds.
static inline guint csoup_certificates_in_file(const gchar *path, GError **error) {
  GList *list = g_tls_certificate_list_new_from_file(path, error);
  guint count = g_list_length(list);
  g_list_free_full(list, g_object_unref);
  return count;
}

typedef gboolean (*csoup_accept_certificate_fn)(SoupMessage *message, GTlsCertificate *certificate,
                                                GTlsCertificateFlags errors, gpointer data);

/// Asks `fn` whether to accept a certificate the TLS database refused.
static inline gulong csoup_on_accept_certificate(SoupMessage *message,
                                                 csoup_accept_certificate_fn fn, gpointer data) {
  return g_signal_connect(message, "accept-certificate", G_CALLBACK(fn), data);
}

typedef void (*csoup_handshaked_fn)(SoupMessage *message, GTlsConnection *connection,
                                   gpointer data);

/// Calls `fn` after each TLS handshake of `message`'s connection, resumed
/// ones included (which skip GIO's own check of the certificate).
static inline gulong csoup_on_handshaked(SoupMessage *message, csoup_handshaked_fn fn,
                                         gpointer data);

typedef struct {
  csoup_handshaked_fn fn;
  gpointer data;
} csoup_handshake_watch;

static inline void csoup_network_event(SoupMessage *message, GSocketClientEvent event,
                                       GIOStream *connection, gpointer data) {
  if (event != G_SOCKET_CLIENT_TLS_HANDSHAKED || !G_IS_TLS_CONNECTION(connection))
    return;
  csoup_handshake_watch *watch = data;
  watch->fn(message, G_TLS_CONNECTION(connection), watch->data);
}

static inline gulong csoup_on_handshaked(SoupMessage *message, csoup_handshaked_fn fn,
                                         gpointer data) {
  csoup_handshake_watch *watch = g_new(csoup_handshake_watch, 1);
  watch->fn = fn;
  watch->data = data;
  return g_signal_connect_data(message, "network-event", G_CALLBACK(csoup_network_event), watch,
                               (GClosureNotify)(void (*)(void))g_free, 0);
}

#endif
