// OpenLDAP's client library (libldap, liblber) for Swift. The constants
// below are cast or pointer macros, which Swift does not import.
#ifndef ROSTER_CLDAP_SHIM_H
#define ROSTER_CLDAP_SHIM_H

#include <lber.h>
#include <ldap.h>

static inline int cldap_scope_base(void) { return LDAP_SCOPE_BASE; }
static inline int cldap_scope_one_level(void) { return LDAP_SCOPE_ONELEVEL; }
static inline int cldap_scope_subtree(void) { return LDAP_SCOPE_SUBTREE; }

static inline int cldap_result_search_entry(void) { return (int)LDAP_RES_SEARCH_ENTRY; }
static inline int cldap_result_search_reference(void) { return (int)LDAP_RES_SEARCH_REFERENCE; }
static inline int cldap_result_search_result(void) { return (int)LDAP_RES_SEARCH_RESULT; }

static inline void *cldap_option_on(void) { return LDAP_OPT_ON; }
static inline void *cldap_option_off(void) { return LDAP_OPT_OFF; }

/* Puts liblber's read-ahead layer (a 16 KiB buffer) above the socket of
 * `sockbuf`: without it libldap reads each message with two read(2) calls
 * and a poll(2). */
static inline int cldap_add_readahead(Sockbuf *sockbuf) {
  return ber_sockbuf_add_io(sockbuf, &ber_sockbuf_io_readahead, LBER_SBIOD_LEVEL_PROVIDER, NULL);
}

#endif
