/* Output faults for test_output_faults.py (issue 57), preloaded into the
 * `vmaf` under test: a disk that fills up or fails part way, and a folder
 * that takes no new files, for the files under one folder only (stdout,
 * stderr and inputs are untouched).
 *
 *   FAULT_DIR    the folder whose files fail (an absolute, resolved path)
 *   FAULT_ERRNO  writes there fail with ENOSPC, EIO or EDQUOT
 *   FAULT_AFTER  the bytes free there (default 0: the first write fails):
 *                writes take them, truncating a file there (O_TRUNC) gives
 *                its bytes back; the write that crosses it is cut short
 *   FAULT_CREATE creating a file there fails with this errno (EROFS,
 *                EACCES, ENOSPC): open with O_CREAT of a file that does
 *                not exist, mkstemp, mkostemp, fopen to write; as in a
 *                read-only folder
 *
 * Only the calls the program makes through the dynamic linker are seen:
 * write(2), pwrite(2), fwrite(3) (whose buffered bytes a later fflush
 * writes through the C library's own write, unseen: a cut fwrite fails at
 * once), open(2), openat(2), fopen(3), mkstemp(3), mkostemp(3) (and their
 * 64 names). A file written some other way is not failed, so a test that
 * expects a failure notices it. */
#define _GNU_SOURCE
/* Both names of each call are defined here: the headers must not rename
 * the 32-bit-offset ones to the 64-bit ones. */
#undef _FILE_OFFSET_BITS
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* Bytes the folder's files took beyond what it had (FAULT_AFTER is the free
 * space): truncating a file there gives its bytes back. */
static long long used;

static int errno_named(const char *e)
{
    if (!e) return 0;
    if (!strcmp(e, "ENOSPC")) return ENOSPC;
    if (!strcmp(e, "EIO")) return EIO;
    if (!strcmp(e, "EDQUOT")) return EDQUOT;
    if (!strcmp(e, "EROFS")) return EROFS;
    if (!strcmp(e, "EACCES")) return EACCES;
    return 0;
}

static int write_errno(void) { return errno_named(getenv("FAULT_ERRNO")); }
static int create_errno(void) { return errno_named(getenv("FAULT_CREATE")); }

/* Whether `path` lies in FAULT_DIR (directly or below). */
static int in_dir(const char *path)
{
    const char *dir = getenv("FAULT_DIR");
    if (!dir || !*dir || !path) return 0;
    const size_t n = strlen(dir);
    return !strncmp(path, dir, n) && path[n] == '/';
}

static int fd_in_dir(int fd)
{
    char link[64], path[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    const ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0) return 0;
    path[n] = 0;
    return in_dir(path);
}

/* How many of `n` bytes to a file in the folder may be written now: 0 with
 * errno set once FAULT_AFTER bytes have been. */
static size_t allowed(size_t n)
{
    const int err = write_errno();
    if (!err) return n;
    const char *a = getenv("FAULT_AFTER");
    const long long after = a ? strtoll(a, NULL, 10) : 0;
    pthread_mutex_lock(&lock);
    const long long left = after - used;
    size_t ok = left <= 0 ? 0 : ((unsigned long long)left < n ? (size_t)left : n);
    used += (long long)ok;
    pthread_mutex_unlock(&lock);
    if (ok == 0) errno = err;
    return ok;
}

static int refuses_create(const char *path, int flags)
{
    if (!(flags & O_CREAT) || !create_errno() || !in_dir(path)) return 0;
    struct stat st;
    return stat(path, &st) != 0;
}

ssize_t write(int fd, const void *buf, size_t n)
{
    static ssize_t (*real)(int, const void *, size_t);
    if (!real) real = (ssize_t(*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
    if (n > 0 && fd > 2 && fd_in_dir(fd)) {
        n = allowed(n);
        if (n == 0) return -1;
    }
    return real(fd, buf, n);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t offset)
{
    static ssize_t (*real)(int, const void *, size_t, off_t);
    if (!real) real = (ssize_t(*)(int, const void *, size_t, off_t))dlsym(RTLD_NEXT, "pwrite");
    if (n > 0 && fd > 2 && fd_in_dir(fd)) {
        n = allowed(n);
        if (n == 0) return -1;
    }
    return real(fd, buf, n, offset);
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off_t offset) { return pwrite(fd, buf, n, offset); }

size_t fwrite(const void *buf, size_t size, size_t count, FILE *f)
{
    static size_t (*real)(const void *, size_t, size_t, FILE *);
    if (!real) real = (size_t(*)(const void *, size_t, size_t, FILE *))dlsym(RTLD_NEXT, "fwrite");
    const int fd = fileno(f);
    if (size > 0 && count > 0 && fd > 2 && fd_in_dir(fd)) {
        const size_t n = allowed(size * count);
        if (n < size * count) {
            const int err = errno;
            const size_t done = real(buf, 1, n, f);
            errno = err;
            return done / size;
        }
    }
    return real(buf, size, count, f);
}

static int open_with(const char *name, int dirfd, const char *path, int flags, mode_t mode)
{
    if (refuses_create(path, flags)) {
        errno = create_errno();
        return -1;
    }
    struct stat st;
    if ((flags & O_TRUNC) && in_dir(path) && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
        pthread_mutex_lock(&lock);
        used -= (long long)st.st_size;
        pthread_mutex_unlock(&lock);
    }
    if (dirfd == INT_MIN) {
        static int (*real)(const char *, int, ...);
        if (!real) real = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, name);
        return real(path, flags, mode);
    }
    static int (*real_at)(int, const char *, int, ...);
    if (!real_at) real_at = (int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT, "openat");
    return real_at(dirfd, path, flags, mode);
}

/* The mode open(2) takes after `flags` with O_CREAT or O_TMPFILE. */
#define MODE_AFTER(flags)                                                                          \
    mode_t mode = 0;                                                                               \
    if ((flags) & (O_CREAT | O_TMPFILE)) {                                                         \
        va_list ap;                                                                                \
        va_start(ap, flags);                                                                       \
        mode = va_arg(ap, mode_t);                                                                 \
        va_end(ap);                                                                                \
    }

int open(const char *path, int flags, ...)
{
    MODE_AFTER(flags);
    return open_with("open", INT_MIN, path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
    MODE_AFTER(flags);
    return open_with("open64", INT_MIN, path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
    MODE_AFTER(flags);
    return open_with("openat", dirfd, path, flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
    MODE_AFTER(flags);
    return open_with("openat", dirfd, path, flags, mode);
}

int mkostemp(char *templ, int flags)
{
    static int (*real)(char *, int);
    if (!real) real = (int (*)(char *, int))dlsym(RTLD_NEXT, "mkostemp");
    if (create_errno() && in_dir(templ)) {
        errno = create_errno();
        return -1;
    }
    return real(templ, flags);
}

int mkostemp64(char *templ, int flags) { return mkostemp(templ, flags); }
int mkstemp(char *templ) { return mkostemp(templ, 0); }
int mkstemp64(char *templ) { return mkostemp(templ, 0); }

static FILE *fopen_with(const char *name, const char *path, const char *mode)
{
    const int creates = mode && (mode[0] == 'w' || mode[0] == 'a');
    if (creates && refuses_create(path, O_CREAT)) {
        errno = create_errno();
        return NULL;
    }
    FILE *(*real)(const char *, const char *) =
        (FILE * (*)(const char *, const char *)) dlsym(RTLD_NEXT, name);
    return real(path, mode);
}

FILE *fopen(const char *path, const char *mode) { return fopen_with("fopen", path, mode); }
FILE *fopen64(const char *path, const char *mode) { return fopen_with("fopen64", path, mode); }
