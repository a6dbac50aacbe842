#ifndef CGIT2_SHIM_H
#define CGIT2_SHIM_H

#include <git2.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one plain function per option we use. */
static inline int cgit2_enable_fsync(int on) {
    return git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, on);
}

static inline int cgit2_set_search_path(int level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}

#endif
