// Synthetic pictures for the differential rig: the same case line gives the
// same samples in every build, whichever library the runner is linked to.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <libvmaf/picture.h>

// One plane's content, from a case's `ref=` (a pattern) and `dis=` (a
// transform of the reference plane) words.
typedef struct PlaneSpec {
    uint64_t seed;      // of the case, the frame and the plane
    unsigned bpc;
    unsigned w, h;
} PlaneSpec;

// Writes w x h samples (uint8_t where bpc is 8, else uint16_t) of `pattern`
// to `dst` with `stride` bytes per row. Returns 0, or -1 for an unknown name.
int pattern_fill(const char *pattern, const PlaneSpec *spec, void *dst, ptrdiff_t stride);

// Writes `transform` of the reference plane `ref` to `dst` (same layout).
// Returns 0, or -1 for an unknown name.
int transform_fill(const char *transform, const PlaneSpec *spec, const void *ref,
                   ptrdiff_t ref_stride, void *dst, ptrdiff_t stride);
