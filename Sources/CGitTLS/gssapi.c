/* libgit2 speaks GSSAPI (Kerberos "Negotiate" over http) when a server asks for it, which almost none do. Debian
 * ships libgssapi_krb5 shared only, and linking it loaded seven libraries (Kerberos, its crypto, keyutils,
 * resolv, ...) into every run, about 0.3 ms of each command's start. The eight functions and the one name type
 * libgit2 uses are defined here instead, and the library is opened with dlopen on the first call, which only a
 * Negotiate challenge makes. Without the library every call fails, as GSSAPI says a failure (libgit2 then
 * reports that negotiation failed; no other way of signing in changes). */
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/* The types of RFC 2744 (MIT's gssapi.h) that these calls pass; every other handle is an opaque pointer. */
typedef uint32_t OM_uint32;
typedef struct { OM_uint32 length; void *elements; } gss_OID_desc, *gss_OID;
typedef struct { size_t length; void *value; } gss_buffer_desc, *gss_buffer_t;
typedef struct { size_t count; gss_OID elements; } gss_OID_set_desc, *gss_OID_set;
typedef void *gss_name_t, *gss_ctx_id_t, *gss_cred_id_t, *gss_channel_bindings_t;

#define GSS_S_FAILURE (((OM_uint32)13) << 16)

/* 1.2.840.113554.1.2.1.4, the host-based service name type; replaced by the library's own once it is open. */
static gss_OID_desc hostbased_service = { 10, (void *)"\x2a\x86\x48\x86\xf7\x12\x01\x02\x01\x04" };
gss_OID GSS_C_NT_HOSTBASED_SERVICE = &hostbased_service;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *library = NULL;

static void open_library(void) {
    library = dlopen("libgssapi_krb5.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    gss_OID *name_type = dlsym(library, "GSS_C_NT_HOSTBASED_SERVICE");
    if (name_type && *name_type) GSS_C_NT_HOSTBASED_SERVICE = *name_type;
}

/* The library's `name`, or NULL when there is no library or no such function. */
static void *real(const char *name) {
    pthread_once(&once, open_library);
    return library ? dlsym(library, name) : NULL;
}

#define FORWARD(name, params, args)                                  \
    OM_uint32 name params {                                          \
        OM_uint32 (*function) params = real(#name);                  \
        if (!function) {                                             \
            if (minor) *minor = 0;                                   \
            return GSS_S_FAILURE;                                    \
        }                                                            \
        return function args;                                       \
    }

FORWARD(gss_indicate_mechs, (OM_uint32 *minor, gss_OID_set *set), (minor, set))
FORWARD(gss_import_name, (OM_uint32 *minor, gss_buffer_t name, gss_OID type, gss_name_t *out),
        (minor, name, type, out))
FORWARD(gss_init_sec_context,
        (OM_uint32 *minor, gss_cred_id_t cred, gss_ctx_id_t *context, gss_name_t target, gss_OID mech,
         OM_uint32 flags, OM_uint32 time, gss_channel_bindings_t bindings, gss_buffer_t input, gss_OID *actual,
         gss_buffer_t output, OM_uint32 *returned_flags, OM_uint32 *time_left),
        (minor, cred, context, target, mech, flags, time, bindings, input, actual, output, returned_flags,
         time_left))
FORWARD(gss_delete_sec_context, (OM_uint32 *minor, gss_ctx_id_t *context, gss_buffer_t output),
        (minor, context, output))
FORWARD(gss_display_status,
        (OM_uint32 *minor, OM_uint32 status, int type, gss_OID mech, OM_uint32 *context, gss_buffer_t text),
        (minor, status, type, mech, context, text))
FORWARD(gss_release_buffer, (OM_uint32 *minor, gss_buffer_t buffer), (minor, buffer))
FORWARD(gss_release_name, (OM_uint32 *minor, gss_name_t *name), (minor, name))
FORWARD(gss_release_oid_set, (OM_uint32 *minor, gss_OID_set *set), (minor, set))
