#include "patterns.h"

#include <string.h>

// splitmix64: a fixed, portable stream of numbers from the plane's seed.
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static unsigned below(uint64_t *s, unsigned n) { return (unsigned)(next(s) % n); }

static uint64_t hash2(uint64_t seed, unsigned x, unsigned y)
{
    uint64_t s = seed ^ ((uint64_t)x << 32 | y);
    return next(&s);
}

static void put(const PlaneSpec *p, void *dst, ptrdiff_t stride, unsigned x, unsigned y, int64_t v)
{
    const int64_t max = (1ll << p->bpc) - 1;
    v = v < 0 ? 0 : (v > max ? max : v);
    uint8_t *row = (uint8_t *)dst + (ptrdiff_t)y * stride;
    if (p->bpc == 8) row[x] = (uint8_t)v;
    else ((uint16_t *)row)[x] = (uint16_t)v;
}

static int64_t get(const PlaneSpec *p, const void *src, ptrdiff_t stride, int x, int y)
{
    x = x < 0 ? 0 : (x >= (int)p->w ? (int)p->w - 1 : x);
    y = y < 0 ? 0 : (y >= (int)p->h ? (int)p->h - 1 : y);
    const uint8_t *row = (const uint8_t *)src + (ptrdiff_t)y * stride;
    return p->bpc == 8 ? row[x] : ((const uint16_t *)row)[x];
}

int pattern_fill(const char *pattern, const PlaneSpec *p, void *dst, ptrdiff_t stride)
{
    uint64_t s = p->seed;
    const int64_t max = (1ll << p->bpc) - 1;
    // Parameters every pattern may use, drawn in one order.
    const int64_t a = (int64_t)below(&s, 64) - 32, b = (int64_t)below(&s, 64) - 32;
    const int64_t level = (int64_t)(next(&s) % (uint64_t)(max + 1));
    const int64_t level2 = (int64_t)(next(&s) % (uint64_t)(max + 1));
    const unsigned cell = 1 + below(&s, 16);
    const int64_t amp = 1 + (int64_t)(next(&s) % (uint64_t)(max / 4 + 1));
    for (unsigned y = 0; y < p->h; y++) {
        for (unsigned x = 0; x < p->w; x++) {
            const uint64_t r = hash2(p->seed, x, y);
            int64_t v;
            if (!strcmp(pattern, "noise")) v = (int64_t)(r % (uint64_t)(max + 1));
            else if (!strcmp(pattern, "ramp")) v = level + (a * (int64_t)x + b * (int64_t)y) * (max + 1) / 256;
            else if (!strcmp(pattern, "bands")) v = level + ((a * (int64_t)x + b * (int64_t)y) >> 4);
            else if (!strcmp(pattern, "checker")) v = ((x / cell + y / cell) & 1) ? level : level2;
            else if (!strcmp(pattern, "flat")) v = level;
            else if (!strcmp(pattern, "extremes")) v = (r & 1) ? max : 0;
            else if (!strcmp(pattern, "mix"))
                v = level / 2 + (a * (int64_t)x + b * (int64_t)y) + (int64_t)(r % (uint64_t)(2 * amp + 1)) - amp;
            else if (!strcmp(pattern, "blocks")) v = (int64_t)(hash2(p->seed, x / 8, y / 8) % (uint64_t)(max + 1));
            else return -1;
            put(p, dst, stride, x, y, v);
        }
    }
    return 0;
}

int transform_fill(const char *transform, const PlaneSpec *p, const void *ref, ptrdiff_t ref_stride,
                   void *dst, ptrdiff_t stride)
{
    uint64_t s = p->seed ^ 0x5851F42D4C957F2Dull;
    const int64_t max = (1ll << p->bpc) - 1;
    const int64_t amp = 1 + (int64_t)(next(&s) % (uint64_t)(max / 8 + 1));
    const int dx = (int)below(&s, 7) - 3, dy = (int)below(&s, 7) - 3;
    const int64_t step = 2 + (int64_t)(next(&s) % (uint64_t)(max / 4 + 1));
    if (!strncmp(transform, "other:", 6)) {
        PlaneSpec q = *p;
        q.seed = p->seed ^ 0xD1B54A32D192ED03ull;
        return pattern_fill(transform + 6, &q, dst, stride);
    }
    for (unsigned y = 0; y < p->h; y++) {
        for (unsigned x = 0; x < p->w; x++) {
            const int64_t o = get(p, ref, ref_stride, (int)x, (int)y);
            int64_t v;
            if (!strcmp(transform, "same")) v = o;
            else if (!strcmp(transform, "noise"))
                v = o + (int64_t)(hash2(s, x, y) % (uint64_t)(2 * amp + 1)) - amp;
            else if (!strcmp(transform, "shift")) v = get(p, ref, ref_stride, (int)x + dx, (int)y + dy);
            else if (!strcmp(transform, "quant")) v = o / step * step;
            else if (!strcmp(transform, "blur")) {
                int64_t sum = 0;
                for (int k = -1; k <= 1; k++)
                    for (int l = -1; l <= 1; l++) sum += get(p, ref, ref_stride, (int)x + l, (int)y + k);
                v = (sum + 4) / 9;
            } else if (!strcmp(transform, "invert")) v = max - o;
            else return -1;
            put(p, dst, stride, x, y, v);
        }
    }
    return 0;
}
