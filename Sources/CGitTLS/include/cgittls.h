#ifndef CGITTLS_H
#define CGITTLS_H

/* Loads the CA certificates libgit2 asked for when it started, which the link defers (see certificates.c).
   Call before the first network operation; the next calls do nothing. Returns libgit2's code (0: loaded, or
   nothing to load). */
int cgittls_load_certificates(void);

/* SHA-1 of `len` bytes at `data` into the 20 bytes at `out`, with OpenSSL's libcrypto (the CPU's SHA
   instructions); 0 on success. A file checksum, never an object id. */
#include <stddef.h>
int cgittls_sha1(const void *data, size_t len, unsigned char *out);

/* The same over `count` pieces read in order, as if they were one run of bytes. */
#include <sys/uio.h>
int cgittls_sha1_pieces(const struct iovec *pieces, int count, unsigned char *out);

#endif
