/* The floor for journal's freshness walk (issue 12): readdir + fstatat on directory file descriptors,
   one thread per core, nothing else. Walks DIR (the journal's entries/ folder): its folders two levels
   down (entries/YEAR/MONTH) are the units of work threads take in turn. Prints the number of files.

     cc -O2 -pthread bench/walkfloor.c -o walkfloor && ./walkfloor entries [THREADS] */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct unit { int parent; char name[256]; };
static struct unit *units;
static size_t unit_count, unit_capacity;
static atomic_size_t next_unit;
static atomic_long files, checksum;

static void add_unit(int parent, const char *name) {
    if (unit_count == unit_capacity) {
        unit_capacity = unit_capacity ? unit_capacity * 2 : 256;
        units = realloc(units, unit_capacity * sizeof *units);
        if (!units) exit(1);
    }
    units[unit_count].parent = parent;
    snprintf(units[unit_count].name, sizeof units[unit_count].name, "%s", name);
    unit_count++;
}

/* Stats everything in the folder; subfolders are walked too (depth first) when descend is set,
   else they become units of work. */
static void walk(int parent, const char *name, int descend, int depth) {
    int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    DIR *dir = fdopendir(fd);
    if (!dir) { close(fd); return; }
    struct dirent *item;
    long found = 0, sum = 0;
    while ((item = readdir(dir))) {
        if (item->d_name[0] == '.') continue;
        struct stat info;
        if (fstatat(fd, item->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0) continue;
        if (S_ISDIR(info.st_mode)) {
            if (descend) walk(fd, item->d_name, 1, depth + 1);
            else if (depth == 0) walk(fd, item->d_name, 0, 1);   /* a year: its months are units */
            else add_unit(dup(fd), item->d_name);
        } else {
            found++;
            sum += info.st_size + info.st_mtim.tv_nsec;
        }
    }
    closedir(dir);
    atomic_fetch_add(&files, found);
    atomic_fetch_add(&checksum, sum);
}

static void *worker(void *unused) {
    (void)unused;
    size_t index;
    while ((index = atomic_fetch_add(&next_unit, 1)) < unit_count) walk(units[index].parent, units[index].name, 1, 2);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: walkfloor DIR [THREADS]\n"); return 64; }
    long threads = argc > 2 ? atol(argv[2]) : sysconf(_SC_NPROCESSORS_ONLN);
    if (threads < 1) threads = 1;
    walk(AT_FDCWD, argv[1], 0, 0);
    pthread_t ids[256];
    if (threads > 256) threads = 256;
    for (long i = 1; i < threads; i++) pthread_create(&ids[i], NULL, worker, NULL);
    worker(NULL);
    for (long i = 1; i < threads; i++) pthread_join(ids[i], NULL);
    printf("%ld\n", atomic_load(&files));
    return 0;
}
