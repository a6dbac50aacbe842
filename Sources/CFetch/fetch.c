#include "cfetch.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The few parts of libcurl's stable ABI used here (curl.h is not needed to build). */
typedef void CURL;
struct curl_slist;
enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_USERAGENT = 10018, OPT_HTTPHEADER = 10023,
    OPT_WRITEFUNCTION = 20011, OPT_NOSIGNAL = 99, OPT_TIMEOUT_MS = 155, OPT_FOLLOWLOCATION = 52,
    INFO_RESPONSE_CODE = 0x200002, GLOBAL_DEFAULT = 3,
    E_COULDNT_RESOLVE_HOST = 6, E_COULDNT_CONNECT = 7, E_PARTIAL_FILE = 18, E_OPERATION_TIMEDOUT = 28,
    E_GOT_NOTHING = 52, E_SEND_ERROR = 55, E_RECV_ERROR = 56
};

static struct {
    int (*global_init)(long);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *, int, ...);
    int (*easy_perform)(CURL *);
    int (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(int);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    char problem[200];
} curl;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so", "libcurl.4.dylib", "libcurl.dylib"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(curl.problem, sizeof curl.problem, "libcurl is not installed (%s)", dlerror());
        return;
    }
    *(void **)&curl.global_init = dlsym(library, "curl_global_init");
    *(void **)&curl.easy_init = dlsym(library, "curl_easy_init");
    *(void **)&curl.easy_setopt = dlsym(library, "curl_easy_setopt");
    *(void **)&curl.easy_perform = dlsym(library, "curl_easy_perform");
    *(void **)&curl.easy_getinfo = dlsym(library, "curl_easy_getinfo");
    *(void **)&curl.easy_cleanup = dlsym(library, "curl_easy_cleanup");
    *(void **)&curl.easy_strerror = dlsym(library, "curl_easy_strerror");
    *(void **)&curl.slist_append = dlsym(library, "curl_slist_append");
    *(void **)&curl.slist_free_all = dlsym(library, "curl_slist_free_all");
    if (!curl.global_init || !curl.easy_init || !curl.easy_setopt || !curl.easy_perform || !curl.easy_getinfo
        || !curl.easy_cleanup || !curl.easy_strerror || !curl.slist_append || !curl.slist_free_all) {
        snprintf(curl.problem, sizeof curl.problem, "libcurl lacks a function this program needs");
        curl.easy_init = NULL;
        return;
    }
    /* Not thread-safe in older libcurl: once, here, under pthread_once. */
    curl.global_init(GLOBAL_DEFAULT);
}

static size_t collect(char *data, size_t size, size_t count, void *context) {
    cfetch_reply *reply = context;
    size_t more = size * count;
    unsigned char *grown = realloc(reply->body, reply->length + more + 1);
    if (grown == NULL) return 0;
    memcpy(grown + reply->length, data, more);
    reply->body = grown;
    reply->length += more;
    return more;
}

void cfetch_get(const char *url, const char *user_agent, const char *accept, long timeout_ms, cfetch_reply *reply) {
    memset(reply, 0, sizeof *reply);
    pthread_once(&loaded, load);
    if (curl.easy_init == NULL) {
        reply->failure = CFETCH_NO_LIBRARY;
        snprintf(reply->message, sizeof reply->message, "%s", curl.problem);
        return;
    }
    CURL *handle = curl.easy_init();
    if (handle == NULL) {
        reply->failure = CFETCH_OTHER;
        snprintf(reply->message, sizeof reply->message, "libcurl could not start a request");
        return;
    }
    struct curl_slist *headers = curl.slist_append(NULL, accept);
    curl.easy_setopt(handle, OPT_URL, url);
    curl.easy_setopt(handle, OPT_USERAGENT, user_agent);
    curl.easy_setopt(handle, OPT_HTTPHEADER, headers);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, collect);
    curl.easy_setopt(handle, OPT_WRITEDATA, (void *)reply);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);   /* threads: no SIGALRM for DNS timeouts */
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 1L);
    int code = curl.easy_perform(handle);
    switch (code) {
    case 0:
        reply->failure = CFETCH_OK;
        curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &reply->status);
        break;
    case E_OPERATION_TIMEDOUT: reply->failure = CFETCH_TIMEOUT; break;
    case E_COULDNT_RESOLVE_HOST: reply->failure = CFETCH_UNKNOWN_HOST; break;
    case E_COULDNT_CONNECT: reply->failure = CFETCH_REFUSED; break;
    case E_GOT_NOTHING: reply->failure = CFETCH_NO_REPLY; break;
    case E_PARTIAL_FILE: case E_SEND_ERROR: case E_RECV_ERROR: reply->failure = CFETCH_LOST; break;
    default: reply->failure = CFETCH_OTHER; break;
    }
    if (code != 0) snprintf(reply->message, sizeof reply->message, "%s", curl.easy_strerror(code));
    curl.easy_cleanup(handle);
    curl.slist_free_all(headers);
}

void cfetch_free(cfetch_reply *reply) {
    free(reply->body);
    reply->body = NULL;
    reply->length = 0;
}
