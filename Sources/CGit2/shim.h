#ifndef CGIT2_SHIM_H
#define CGIT2_SHIM_H

#include <git2.h>
#include <git2/sys/filter.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one plain function per option we use. */
static inline int cgit2_enable_fsync(int on) {
    return git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, on);
}

static inline int cgit2_strict_object_creation(int on) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_OBJECT_CREATION, on);
}

static inline int cgit2_strict_hash_verification(int on) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, on);
}

static inline int cgit2_set_search_path(int level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}

/* git_buf_set is deprecated in the public headers but is how an apply-style filter fills its output. */
static inline int cgit2_buf_set(git_buf *buffer, const void *data, size_t size) {
    return git_buf_set(buffer, data, size);
}

#endif
