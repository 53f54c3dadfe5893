// libsecret (the Secret Service: GNOME Keyring, KWallet) for Swift. Its
// password calls are C varargs, which Swift cannot call, so the three Roster
// needs are wrapped here with Roster's schema: one secret per remembered
// directory, found by its id.
#ifndef ROSTER_CSECRET_SHIM_H
#define ROSTER_CSECRET_SHIM_H

#include <libsecret/secret.h>

static inline const SecretSchema *csecret_schema(void) {
  static const SecretSchema schema = {
      "org.roster.Roster.Directory",
      SECRET_SCHEMA_NONE,
      {
          {"directory", SECRET_SCHEMA_ATTRIBUTE_STRING},
          {NULL, 0},
      }};
  return &schema;
}

/// Stores `password` for the directory `id` in the default collection.
static inline gboolean csecret_store(const char *id, const char *label, const char *password,
                                     GError **error) {
  return secret_password_store_sync(csecret_schema(), SECRET_COLLECTION_DEFAULT, label, password,
                                    NULL, error, "directory", id, NULL);
}

/// The password for `id` (free with secret_password_free), or NULL.
static inline gchar *csecret_lookup(const char *id, GError **error) {
  return secret_password_lookup_sync(csecret_schema(), NULL, error, "directory", id, NULL);
}

/// Removes the password for `id`; false when there was none or on error.
static inline gboolean csecret_clear(const char *id, GError **error) {
  return secret_password_clear_sync(csecret_schema(), NULL, error, "directory", id, NULL);
}

#endif
