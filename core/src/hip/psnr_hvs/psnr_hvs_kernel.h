// psnr_hvs_hip's kernel launchers, shared by psnr_hvs.hip (which defines
// them) and psnr_hvs.cpp (which calls them). Plain types only; planes are
// packed (stride = width).
#pragma once

#include <cstddef>

#include "hip/runtime/platform.h"

namespace vmaf::hip::psnr_hvs {

// A plane's CSF and masking tables (psnr_hvs::masking_table).
struct PlaneTables {
    float csf[8][8], mask[8][8];
};

// Queues terms = the 64 error terms of every 8x8 block on the 7-sample grid
// of a w x h plane pair (16-bit samples when `wide`), block by block in
// raster order, each block's in raster order (psnr_hvs::block_terms).
hipError_t launch_block_terms(const void *ref, const void *dis, int w, int h, bool wide,
                              const PlaneTables &tables, float *terms, hipStream_t stream);

// Queues result[p] = the float sum of terms[p][0..count[p]), left to right,
// for the three planes; scratch[p] holds plane_sum_scratch_bytes(count[p])
// bytes (the segments folded ahead, runtime/float_chain.h).
struct PlaneSums {
    const float *terms[3];
    int count[3];
    void *scratch[3];
    float *result;
};
hipError_t launch_plane_sums(const PlaneSums &a, hipStream_t stream);
size_t plane_sum_scratch_bytes(int count);

} // namespace vmaf::hip::psnr_hvs
