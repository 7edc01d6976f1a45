// float_adm_hip's kernel launchers, shared by float_adm.hip (which defines
// them) and float_adm.cpp (which calls them). Each stage is the per-sample
// arithmetic of the CPU stage of the same name (feature/adm/float_adm_*.cpp)
// from float_adm_math.h. Bands are packed (stride = width); every launcher
// returns the launch's status.
#pragma once

#include <cstdint>

#include "feature/adm/adm_math.h"
#include "hip/runtime/platform.h"

namespace vmaf::hip::float_adm {

using vmaf::adm::Region;

// One db2 level of both pictures (z = 0 reference, 1 distorted).
struct DwtArgs {
    // Scale 0: the staged luma (16-bit samples when bpc > 8), read as float
    // on the 8-bit scale minus 128 as the CPU loads it; else the previous
    // scale's approximations (bpc 0).
    const void *src[2];
    unsigned bpc;
    int w, h;
    float *approx[2];    // (w + 1) / 2 x (h + 1) / 2
    float *band[2][3];   // detail bands h, v, d; all null with adm_skip_scale0
};
hipError_t launch_dwt(const DwtArgs &a, hipStream_t stream);

// decouple over reg (work_region) of w-wide bands.
struct DecoupleArgs {
    const float *ref[3], *dis[3];
    float *restored[3], *additive[3];
    int w;
    Region reg;
    double gain_limit;
    float cos_sq;
    const uint16_t *rcp_table; // kRcpEstimate, on the device
};
hipError_t launch_decouple(const DecoupleArgs &a, hipStream_t stream);

// csf_weight over reg (work_region) for one or two passes (z): the band
// times its factor, and its masking floor.
struct CsfPass {
    const float *in[3];
    float *weighted[3], *floor[3];
};
struct CsfArgs {
    CsfPass pass[2];
    int passes;
    float factor[3]; // of bands h, v, d
    int w;
    Region reg;
};
hipError_t launch_csf(const CsfArgs &a, hipStream_t stream);

// The band sums of up to three poolings (z) over reg (score_region): the
// denominator's |f x|^p where `weighted` is null, else the masked terms
// (without masking when `bypass`). Each row is summed left to right in
// float (row_sums: 3 floats per pass, band and row), then the rows top to
// bottom into sums[0..2], as csf_den_sums and masked_sums do.
struct PoolPass {
    const float *src[3];
    const float *weighted[3], *floor[3];
    float *sums;
};
struct PoolArgs {
    PoolPass pass[3];
    int passes;
    float factor[3];
    int w, h;
    Region reg;
    bool bypass;
    double p_norm;
    float *row_sums;
};
hipError_t launch_pool(const PoolArgs &a, hipStream_t stream);

} // namespace vmaf::hip::float_adm
