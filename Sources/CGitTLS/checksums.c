/* libgit2 checks the SHA-1 at the end of git's index every time it reads it, with its collision-detecting
 * SHA-1 (sha1dc): about 20 ms for the 10 MB index of a 100,000-entry journal, in every command that commits.
 * A trailing checksum guards a file against damage, not against a crafted collision (git itself does not
 * verify the index's when it reads it). The executable is linked with
 * `--wrap=git_hash_buf` (Package.swift): libgit2 calls it only for such checksums (the index, the commit-graph,
 * config and other files it re-reads when they change), while object ids go through `git_hash_vec` and
 * git_hash_ctx, untouched. Here SHA-1 comes from OpenSSL's libcrypto (linked in already, for libssh2), which
 * uses the CPU's SHA instructions: about 4 times as fast. Other algorithms go to libgit2's own code. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
#include <stddef.h>
#include <sys/uio.h>

int __real_git_hash_buf(unsigned char *out, const void *data, size_t len, int algorithm);

int __wrap_git_hash_buf(unsigned char *out, const void *data, size_t len, int algorithm) {
    enum { sha1 = 1 };  /* GIT_HASH_ALGORITHM_SHA1 (libgit2 1.5's src/util/hash.h) */
    if (algorithm != sha1) return __real_git_hash_buf(out, data, len, algorithm);
    SHA_CTX context;
    if (!SHA1_Init(&context) || !SHA1_Update(&context, data, len) || !SHA1_Final(out, &context)) return -1;
    return 0;
}

/* The same SHA-1, for git's index as the journal rewrites it (Sources/Git/IndexFile.swift). */
int cgittls_sha1(const void *data, size_t len, unsigned char *out) {
    SHA_CTX context;
    return SHA1_Init(&context) && SHA1_Update(&context, data, len) && SHA1_Final(out, &context) ? 0 : -1;
}

/* The same over `count` pieces, as if they were one run of bytes. */
int cgittls_sha1_pieces(const struct iovec *pieces, int count, unsigned char *out) {
    SHA_CTX context;
    if (!SHA1_Init(&context)) return -1;
    for (int i = 0; i < count; i++)
        if (!SHA1_Update(&context, pieces[i].iov_base, pieces[i].iov_len)) return -1;
    return SHA1_Final(out, &context) ? 0 : -1;
}
