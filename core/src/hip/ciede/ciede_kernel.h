// The ciede_hip kernels' launcher, shared by ciede.hip (which defines it)
// and ciede.cpp (which calls it). Plain types only.
#pragma once

#include "hip/runtime/platform.h"

namespace vmaf::hip::ciede {

struct CiedeArgs {
    const void *ref[3];
    const void *dis[3];
    int w, h;        // luma
    int chroma_w, chroma_h; // the chroma planes' size (rows tightly packed)
    unsigned ss_x, ss_y; // chroma subsampling shifts
    unsigned bpc;
};

// Queues sum[0] = the sum over the frame of the pixels' CIEDE2000
// differences (float each, added in double: along each row, then over the
// rows; row_sums holds h doubles).
hipError_t launch_ciede(const CiedeArgs &args, double *row_sums, double *sum, hipStream_t stream);

} // namespace vmaf::hip::ciede
