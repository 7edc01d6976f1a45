// adm_hip's kernel launchers, shared by adm.hip (which defines them) and
// adm.cpp (which calls them). Each stage is the per-sample arithmetic of the
// CPU stage of the same name (feature/adm/), from adm_math.h and adm_csf.h.
// Bands are packed (stride = width); T is int16_t at scale 0, int32_t at
// scales 1-3. Every launcher returns the launch's status.
#pragma once

#include <cstdint>

#include "feature/adm/adm_csf.h"
#include "feature/adm/adm_math.h"
#include "hip/runtime/platform.h"

namespace vmaf::hip::adm {

using vmaf::adm::DenShifts;
using vmaf::adm::DwtShifts;
using vmaf::adm::Region;

// Scale 0 of both pictures (z = 0 reference, 1 distorted).
struct Dwt0Args {
    const void *src[2]; // staged luma, w x h, 16-bit samples when bpc > 8
    int w, h, bpc;
    int32_t *approx[2];  // (w + 1) / 2 x (h + 1) / 2
    int16_t *band[2][3]; // detail bands h, v, d; all null with adm_skip_scale0
};
hipError_t launch_dwt0(const Dwt0Args &a, hipStream_t stream);

// Scale 1, 2 or 3 of both pictures from the previous scale's approximations.
struct DwtArgs {
    const int32_t *in[2]; // w x h
    int w, h;
    DwtShifts shifts;
    int32_t *vlo[2], *vhi[2]; // the vertical pass, w x (h + 1) / 2
    // What the reference's row buffer holds past its layout, where the last
    // output reads it (adm::last_output_unreflected): at scales 2 and 3 the
    // distorted lowpass of the previous scale's last row from column
    // stale_offset on; null at scale 1, whose buffer is zero there.
    const int32_t *stale;
    int stale_offset;
    int32_t *approx[2];  // next scale's input, or null
    int32_t *band[2][3]; // (w + 1) / 2 x (h + 1) / 2
};
hipError_t launch_dwt(const DwtArgs &a, hipStream_t stream);

// adm::decouple over reg (work_region) of w x h bands.
template <typename T> struct DecoupleArgs {
    const T *ref[3], *dis[3];
    T *restored[3], *additive[3];
    int w;
    Region reg;
    int nearest_end; // adm::x86_work_end(reg)
    double egl;
    float cos_1deg_sq;
    const int32_t *division_table; // 65537 entries, on the device
};
template <typename T> hipError_t launch_decouple(const DecoupleArgs<T> &a, hipStream_t stream);

// adm::csf_row over the rows of reg (work_region), for one or two passes at once
// (z = pass): detail loss, masked by the additive part, and additive
// impairment, masked by the restored part.
template <typename T> struct CsfPass {
    const T *in[3];
    T *weighted[3], *floor[3];
};
template <typename T> struct CsfArgs {
    CsfPass<T> pass[2];
    int passes;
    uint32_t factor[3];
    int w;
    Region reg;
};
template <typename T> hipError_t launch_csf(const CsfArgs<T> &a, hipStream_t stream);

// adm::masked_row's band sums over reg (score_region), per pass (z):
// sums[b] += (row sum + row_round) >> row_shift for every row, modulo 2^64.
template <typename T> struct MaskPass {
    const T *src[3], *weighted[3], *floor[3];
    unsigned long long *sums; // 3, zeroed by the caller
};
template <typename T> struct MaskArgs {
    MaskPass<T> pass[2];
    int passes;
    uint32_t factor[3];
    uint32_t cube[3];
    uint32_t row_shift;
    int64_t row_round;
    int w, h;
    Region reg;
};
template <typename T> hipError_t launch_mask(const MaskArgs<T> &a, hipStream_t stream);

// The denominator's band sums over reg (score_region), as csf_den*().
template <typename T> struct DenArgs {
    const T *ref[3];
    int w;
    Region reg;
    DenShifts shifts;
    unsigned long long *sums; // 3, zeroed by the caller
};
template <typename T> hipError_t launch_den(const DenArgs<T> &a, hipStream_t stream);

} // namespace vmaf::hip::adm
