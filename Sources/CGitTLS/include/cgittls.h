#ifndef CGITTLS_H
#define CGITTLS_H

/* Loads the CA certificates libgit2 asked for when it started, which the link defers (see certificates.c).
   Call before the first network operation; the next calls do nothing. Returns libgit2's code (0: loaded, or
   nothing to load). */
int cgittls_load_certificates(void);

#endif
