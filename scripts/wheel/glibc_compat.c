/* What GCC 12's libstdc++.a, built against glibc 2.36, takes from glibc that
 * glibc 2.27 lacks: defined here, hidden, in the manylinux wheel's shared
 * objects (scripts/wheel/manylinux.sh, ADR 0065). */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/random.h>
#include <unistd.h>

/* libstdc++ skips atomic operations while it is non-zero (glibc 2.32 sets
 * it while one thread runs); 0: atomics always, correct for any thread
 * count. */
__attribute__((visibility("hidden"))) char __libc_single_threaded = 0;

/* std::random_device's default source (glibc 2.36): the kernel's
 * getrandom (glibc 2.25), else /dev/urandom. */
__attribute__((visibility("hidden"))) uint32_t arc4random(void)
{
    uint32_t v;
    for (;;) {
        const ssize_t n = getrandom(&v, sizeof v, 0);
        if (n == (ssize_t)sizeof v) return v;
        if (n < 0 && errno != EINTR) break;
    }
    const int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0 && read(fd, &v, sizeof v) == (ssize_t)sizeof v) {
        close(fd);
        return v;
    }
    abort();
}
