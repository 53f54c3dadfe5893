// gettext, from glibc's libintl.h (Swift's Glibc module does not import it):
// the message catalogues behind every word Roster shows.
#ifndef ROSTER_CINTL_SHIM_H
#define ROSTER_CINTL_SHIM_H

#include <libintl.h>
#include <locale.h>

#endif
