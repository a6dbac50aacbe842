/* Debian's libgit2 (built with mbedTLS) reads and parses the system's CA bundle inside git_libgit2_init(),
 * 216 KB of PEM, whatever the command: a few milliseconds of every `journal add`, `log` or `edit`, none of which
 * goes to the network. The executable is linked with `--wrap` for mbedTLS's two certificate loaders (Package.swift),
 * so calls from libgit2 land here: until `cgittls_load_certificates()` is called they remember what was asked for
 * and load nothing (libgit2 then holds an empty chain, which fails every TLS handshake: never insecure); that call,
 * made by the Git module before it fetches, pushes or clones, asks libgit2 to load the remembered location again,
 * and this time it goes through. */
#include "cgittls.h"

#include <git2.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

int __real_mbedtls_x509_crt_parse_file(void *chain, const char *path);
int __real_mbedtls_x509_crt_parse_path(void *chain, const char *path);

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int loading_allowed = 0;
static char *deferred_file = NULL;
static char *deferred_folder = NULL;

static int defer(char **slot, const char *path) {
    pthread_mutex_lock(&lock);
    int allowed = loading_allowed;
    if (!allowed) {
        free(*slot);
        *slot = path ? strdup(path) : NULL;
    }
    pthread_mutex_unlock(&lock);
    return !allowed;
}

int __wrap_mbedtls_x509_crt_parse_file(void *chain, const char *path) {
    if (defer(&deferred_file, path)) return 0;
    return __real_mbedtls_x509_crt_parse_file(chain, path);
}

int __wrap_mbedtls_x509_crt_parse_path(void *chain, const char *path) {
    if (defer(&deferred_folder, path)) return 0;
    return __real_mbedtls_x509_crt_parse_path(chain, path);
}

int cgittls_load_certificates(void) {
    pthread_mutex_lock(&lock);
    int first = !loading_allowed;
    loading_allowed = 1;
    char *file = deferred_file, *folder = deferred_folder;
    deferred_file = deferred_folder = NULL;
    pthread_mutex_unlock(&lock);
    if (!first || (!file && !folder)) return 0;
    int code = git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, folder);
    free(file);
    free(folder);
    return code;
}
