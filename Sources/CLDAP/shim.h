// OpenLDAP's client library (libldap, liblber) for Swift. The constants
// below are cast or pointer macros, which Swift does not import.
#ifndef ROSTER_CLDAP_SHIM_H
#define ROSTER_CLDAP_SHIM_H

#include <lber.h>
#include <ldap.h>
#include <sasl/sasl.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <stdlib.h>
#include "sync.h"
#include <string.h>

static inline int cldap_scope_base(void) { return LDAP_SCOPE_BASE; }
static inline int cldap_scope_one_level(void) { return LDAP_SCOPE_ONELEVEL; }
static inline int cldap_scope_subtree(void) { return LDAP_SCOPE_SUBTREE; }

static inline int cldap_result_search_entry(void) { return (int)LDAP_RES_SEARCH_ENTRY; }
static inline int cldap_result_search_reference(void) { return (int)LDAP_RES_SEARCH_REFERENCE; }
static inline int cldap_result_search_result(void) { return (int)LDAP_RES_SEARCH_RESULT; }

/* A modification's operation, its values given as bervals. */
static inline int cldap_mod_add(void) { return LDAP_MOD_ADD | LDAP_MOD_BVALUES; }
static inline int cldap_mod_delete(void) { return LDAP_MOD_DELETE | LDAP_MOD_BVALUES; }
static inline int cldap_mod_replace(void) { return LDAP_MOD_REPLACE | LDAP_MOD_BVALUES; }

/* A modification of `type` by `op` with `values` (a NULL-terminated array
 * of bervals, or NULL for none), filled into `mod`: the values sit in a
 * union Swift does not import. */
static inline void cldap_mod_fill(LDAPMod *mod, int op, char *type, struct berval **values) {
  mod->mod_op = op;
  mod->mod_type = type;
  mod->mod_bvalues = values;
}

static inline void *cldap_option_on(void) { return LDAP_OPT_ON; }
static inline void *cldap_option_off(void) { return LDAP_OPT_OFF; }

/* Puts liblber's read-ahead layer (a 16 KiB buffer) above the socket of
 * `sockbuf`: without it libldap reads each message with two read(2) calls
 * and a poll(2). */
static inline int cldap_add_readahead(Sockbuf *sockbuf) {
  return ber_sockbuf_add_io(sockbuf, &ber_sockbuf_io_readahead, LBER_SBIOD_LEVEL_PROVIDER, NULL);
}

/* Caps one incoming LDAP message of `sockbuf` at `bytes`: liblber reads a
 * message's length first and refuses a longer one (errno ERANGE) before it
 * allocates or reads its body. Returns 1 when set, as liblber does. */
static inline int cldap_set_max_incoming(Sockbuf *sockbuf, ber_len_t bytes) {
  return ber_sockbuf_ctrl(sockbuf, LBER_SB_OPT_SET_MAX_INCOMING, &bytes);
}

/* The SASL interaction libldap asks for during an interactive bind (GSSAPI,
 * EXTERNAL): nothing is ever prompted; each value takes its default, and
 * the authorization identity is left empty, so the server derives it from
 * the Kerberos principal or the certificate. */
static inline int cldap_sasl_defaults(LDAP *ld, unsigned flags, void *defaults, void *interactions) {
  (void)ld; (void)flags; (void)defaults;
  for (sasl_interact_t *interaction = interactions; interaction->id != SASL_CB_LIST_END; interaction++) {
    const char *value = interaction->defresult ? interaction->defresult : "";
    if (interaction->id == SASL_CB_USER) value = "";
    interaction->result = value;
    interaction->len = (unsigned)strlen(value);
  }
  return LDAP_SUCCESS;
}

static inline LDAP_SASL_INTERACT_PROC *cldap_sasl_defaults_proc(void) { return cldap_sasl_defaults; }

/* A private key in PEM (`pem`, `pem_length` bytes), decrypted with
 * `passphrase` when it is encrypted, re-encoded as unencrypted PKCS #8 DER
 * (the form libldap's GnuTLS layer reads) into `der` (free with
 * cldap_free_key_der). Returns 0, or a GnuTLS error code
 * (GNUTLS_E_DECRYPTION_FAILED: a wrong passphrase). */
static inline int cldap_private_key_der(const unsigned char *pem, unsigned pem_length,
                                        const char *passphrase, gnutls_datum_t *der) {
  gnutls_x509_privkey_t key;
  int code = gnutls_x509_privkey_init(&key);
  if (code < 0) return code;
  gnutls_datum_t data = {(unsigned char *)pem, pem_length};
  code = gnutls_x509_privkey_import2(key, &data, GNUTLS_X509_FMT_PEM, passphrase,
                                     0);
  if (code >= 0)
    code = gnutls_x509_privkey_export2_pkcs8(key, GNUTLS_X509_FMT_DER, NULL, GNUTLS_PKCS_PLAIN, der);
  gnutls_x509_privkey_deinit(key);
  return code;
}

/* The first certificate of a PEM file (`pem`, `pem_length` bytes) as DER in
 * `der` (free with cldap_free_key_der). Returns 0 or a GnuTLS error code. */
static inline int cldap_certificate_der(const unsigned char *pem, unsigned pem_length,
                                        gnutls_datum_t *der) {
  gnutls_x509_crt_t certificate;
  int code = gnutls_x509_crt_init(&certificate);
  if (code < 0) return code;
  gnutls_datum_t data = {(unsigned char *)pem, pem_length};
  code = gnutls_x509_crt_import(certificate, &data, GNUTLS_X509_FMT_PEM);
  if (code >= 0) code = gnutls_x509_crt_export2(certificate, GNUTLS_X509_FMT_DER, der);
  gnutls_x509_crt_deinit(certificate);
  return code;
}

/* Zeroes and frees a key made by cldap_private_key_der. */
static inline void cldap_free_key_der(gnutls_datum_t *der) {
  if (der->data) {
    memset(der->data, 0, der->size);
    gnutls_free(der->data);
  }
  der->data = NULL;
  der->size = 0;
}

static inline int cldap_gnutls_decryption_failed(void) { return GNUTLS_E_DECRYPTION_FAILED; }

#endif
