// LDAP Content Synchronization (RFC 4533) controls and messages, encoded and
// parsed with liblber's varargs functions, which Swift cannot call. (libldap's
// own ldap_sync_* calls hand every message of a received chain the chain's
// first message, and block through the whole refresh: Roster does not use
// them.) Every berval returned is a copy the caller frees (ber_memfree on
// bv_val, ber_bvarray_free on an array).
#ifndef ROSTER_CLDAP_SYNC_H
#define ROSTER_CLDAP_SYNC_H

#include <lber.h>
#include <ldap.h>
#include <string.h>

/* The Sync Request control (critical) for `mode` (LDAP_SYNC_REFRESH_ONLY or
 * LDAP_SYNC_REFRESH_AND_PERSIST) from `cookie` (NULL or empty: none). */
static inline int cldap_sync_request_control(int mode, const struct berval *cookie,
                                             LDAPControl **control) {
  BerElement *ber = ber_alloc_t(LBER_USE_DER);
  if (ber == NULL) return LDAP_NO_MEMORY;
  int failed = ber_printf(ber, "{e", (ber_int_t)mode) == -1;
  if (!failed && cookie != NULL && cookie->bv_len > 0) failed = ber_printf(ber, "O", cookie) == -1;
  if (!failed) failed = ber_printf(ber, "N}") == -1;
  struct berval value = {0, NULL};
  if (!failed) failed = ber_flatten2(ber, &value, 0) == -1;
  int code = failed ? LDAP_ENCODING_ERROR : ldap_control_create(LDAP_CONTROL_SYNC, 1, &value, 1, control);
  ber_free(ber, 1);
  return code;
}

static inline void cldap_copy(struct berval *to, const struct berval *from) {
  to->bv_len = 0;
  to->bv_val = NULL;
  if (from != NULL && from->bv_val != NULL) ber_dupbv(to, (struct berval *)from);
}

/* The Sync State control of search entry `entry`: its state (LDAP_SYNC_PRESENT,
 * _ADD, _MODIFY, _DELETE), entryUUID (16 bytes) and cookie, if any. Returns
 * LDAP_SUCCESS, or LDAP_CONTROL_NOT_FOUND / LDAP_DECODING_ERROR. */
static inline int cldap_sync_state(LDAP *ld, LDAPMessage *entry, int *state, struct berval *uuid,
                                   struct berval *cookie) {
  LDAPControl **controls = NULL;
  uuid->bv_val = cookie->bv_val = NULL;
  uuid->bv_len = cookie->bv_len = 0;
  if (ldap_get_entry_controls(ld, entry, &controls) != LDAP_SUCCESS) return LDAP_DECODING_ERROR;
  LDAPControl *control = ldap_control_find(LDAP_CONTROL_SYNC_STATE, controls, NULL);
  int code = LDAP_CONTROL_NOT_FOUND;
  if (control != NULL) {
    code = LDAP_DECODING_ERROR;
    BerElement *ber = ber_init(&control->ldctl_value);
    ber_int_t value = 0;
    struct berval id = {0, NULL}, found = {0, NULL};
    ber_len_t length;
    if (ber != NULL && ber_scanf(ber, "{em", &value, &id) != LBER_ERROR) {
      if (ber_peek_tag(ber, &length) == LDAP_TAG_SYNC_COOKIE) ber_scanf(ber, "m", &found);
      *state = value;
      cldap_copy(uuid, &id);
      cldap_copy(cookie, &found);
      code = LDAP_SUCCESS;
    }
    if (ber != NULL) ber_free(ber, 1);
  }
  ldap_controls_free(controls);
  return code;
}

/* What a Sync Info intermediate message says. */
enum cldap_sync_info_kind {
  CLDAP_SYNC_INFO_NONE = 0,        /* not a Sync Info message */
  CLDAP_SYNC_INFO_NEW_COOKIE = 1,
  CLDAP_SYNC_INFO_REFRESH_DELETE = 2, /* flag: refreshDone */
  CLDAP_SYNC_INFO_REFRESH_PRESENT = 3, /* flag: refreshDone */
  CLDAP_SYNC_INFO_ID_SET = 4,         /* flag: refreshDeletes; uuids */
};

/* Parses intermediate message `message`: its kind, the cookie it carries (if
 * any), its flag (see the kinds) and, for an ID set, the entryUUIDs. */
static inline int cldap_sync_info(LDAP *ld, LDAPMessage *message, int *kind, struct berval *cookie,
                                  int *flag, BerVarray *uuids) {
  char *oid = NULL;
  struct berval *data = NULL;
  *kind = CLDAP_SYNC_INFO_NONE;
  *flag = 0;
  *uuids = NULL;
  cookie->bv_val = NULL;
  cookie->bv_len = 0;
  int code = ldap_parse_intermediate(ld, message, &oid, &data, NULL, 0);
  if (code != LDAP_SUCCESS) return code;
  if (oid == NULL || strcmp(oid, LDAP_SYNC_INFO) != 0 || data == NULL) {
    ldap_memfree(oid);
    ber_bvfree(data);
    return LDAP_SUCCESS;
  }
  code = LDAP_DECODING_ERROR;
  BerElement *ber = ber_init(data);
  ber_len_t length;
  struct berval found = {0, NULL};
  ber_tag_t tag = ber != NULL ? ber_peek_tag(ber, &length) : LBER_ERROR;
  switch (tag) {
  case LDAP_TAG_SYNC_NEW_COOKIE:
    if (ber_scanf(ber, "m", &found) != LBER_ERROR) {
      *kind = CLDAP_SYNC_INFO_NEW_COOKIE;
      code = LDAP_SUCCESS;
    }
    break;
  case LDAP_TAG_SYNC_REFRESH_DELETE:
  case LDAP_TAG_SYNC_REFRESH_PRESENT: {
    ber_int_t done = 1; /* refreshDone DEFAULT TRUE */
    if (ber_scanf(ber, "{") == LBER_ERROR) break;
    if (ber_peek_tag(ber, &length) == LDAP_TAG_SYNC_COOKIE) ber_scanf(ber, "m", &found);
    if (ber_peek_tag(ber, &length) == LDAP_TAG_REFRESHDONE) ber_scanf(ber, "b", &done);
    *kind = tag == LDAP_TAG_SYNC_REFRESH_DELETE ? CLDAP_SYNC_INFO_REFRESH_DELETE
                                                : CLDAP_SYNC_INFO_REFRESH_PRESENT;
    *flag = done != 0;
    code = LDAP_SUCCESS;
    break;
  }
  case LDAP_TAG_SYNC_ID_SET: {
    ber_int_t deletes = 0; /* refreshDeletes DEFAULT FALSE */
    if (ber_scanf(ber, "{") == LBER_ERROR) break;
    if (ber_peek_tag(ber, &length) == LDAP_TAG_SYNC_COOKIE) ber_scanf(ber, "m", &found);
    if (ber_peek_tag(ber, &length) == LDAP_TAG_REFRESHDELETES) ber_scanf(ber, "b", &deletes);
    if (ber_scanf(ber, "[W]", uuids) == LBER_ERROR) break;
    *kind = CLDAP_SYNC_INFO_ID_SET;
    *flag = deletes != 0;
    code = LDAP_SUCCESS;
    break;
  }
  default:
    break;
  }
  cldap_copy(cookie, &found);
  if (ber != NULL) ber_free(ber, 1);
  ldap_memfree(oid);
  ber_bvfree(data);
  return code;
}

/* The search result `result`: its result code, and from its Sync Done
 * control the cookie (if any) and refreshDeletes. */
static inline int cldap_sync_done(LDAP *ld, LDAPMessage *result, int *resultCode,
                                  struct berval *cookie, int *refreshDeletes) {
  LDAPControl **controls = NULL;
  cookie->bv_val = NULL;
  cookie->bv_len = 0;
  *refreshDeletes = 0;
  int code = ldap_parse_result(ld, result, resultCode, NULL, NULL, NULL, &controls, 0);
  if (code != LDAP_SUCCESS) return code;
  LDAPControl *control = ldap_control_find(LDAP_CONTROL_SYNC_DONE, controls, NULL);
  if (control != NULL) {
    BerElement *ber = ber_init(&control->ldctl_value);
    ber_len_t length;
    struct berval found = {0, NULL};
    ber_int_t deletes = 0;
    if (ber != NULL && ber_scanf(ber, "{") != LBER_ERROR) {
      if (ber_peek_tag(ber, &length) == LDAP_TAG_SYNC_COOKIE) ber_scanf(ber, "m", &found);
      if (ber_peek_tag(ber, &length) == LDAP_TAG_REFRESHDELETES) ber_scanf(ber, "b", &deletes);
    }
    cldap_copy(cookie, &found);
    *refreshDeletes = deletes != 0;
    if (ber != NULL) ber_free(ber, 1);
  }
  ldap_controls_free(controls);
  return LDAP_SUCCESS;
}

#endif
