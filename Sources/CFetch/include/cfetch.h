#ifndef CFETCH_H
#define CFETCH_H

#include <stddef.h>

/* One HTTP GET through libcurl, loaded with dlopen on the first request: a command that does not go to
   the network never maps libcurl (and its TLS, Kerberos and LDAP libraries) into the process. */

enum cfetch_failure {
    CFETCH_OK = 0,
    CFETCH_NO_LIBRARY = 1,   /* libcurl could not be loaded: message says why */
    CFETCH_TIMEOUT = 2,
    CFETCH_UNKNOWN_HOST = 3,
    CFETCH_REFUSED = 4,
    CFETCH_LOST = 5,         /* the connection broke during the exchange */
    CFETCH_NO_REPLY = 6,     /* the server closed the connection without a reply */
    CFETCH_OTHER = 7         /* message holds libcurl's text */
};

typedef struct {
    int failure;             /* enum cfetch_failure */
    long status;             /* the HTTP status, when failure is CFETCH_OK */
    unsigned char *body;     /* malloc'ed, freed by cfetch_free */
    size_t length;
    char message[256];
} cfetch_reply;

/* Fetches url, giving up after timeout_ms milliseconds whatever the server does. Any HTTP status is a reply. */
void cfetch_get(const char *url, const char *user_agent, const char *accept, long timeout_ms, cfetch_reply *reply);
void cfetch_free(cfetch_reply *reply);

#endif
