// The thumbnails' kernels: a thread per thumbnail sample (its block's sum
// in integers, so in any order), then a thread per pair of thumbnails, which
// runs the CPU's sequence of float and double additions
// (align::thumbnail_mse) and so gives its bits. A search compares thousands
// of pairs of thumbnails of ~15,000 samples: enough threads, each short.
#include <cstdint>

#include "align/thumbnail_math.h"
#include "hip/align/thumbnails_kernel.h"

namespace vmaf::hip::align {

namespace {

constexpr unsigned kShrinkBlock = 128;
// Few pairs to a block, so that a search's few thousand spread over every
// multiprocessor.
constexpr unsigned kMseBlock = 32;

template <typename Sample>
__global__ void shrink_kernel(const Sample *frame, ThumbnailGeometry g, float *out)
{
    const size_t i = static_cast<size_t>(blockIdx.x) * kShrinkBlock + threadIdx.x;
    if (i >= static_cast<size_t>(g.w) * g.h) return;
    const unsigned tx = static_cast<unsigned>(i % g.w), ty = static_cast<unsigned>(i / g.w);
    uint64_t sum = 0;
    for (unsigned y = ty * g.block; y < (ty + 1) * g.block; y++) {
        const Sample *row = frame + static_cast<size_t>(y) * g.frame_w + tx * g.block;
        for (unsigned k = 0; k < g.block; k++) sum += row[k];
    }
    out[i] = vmaf::align::thumbnail_sample(sum, g.scale);
}

__global__ void mse_kernel(const float *luma, unsigned w, unsigned h, const unsigned *a,
                           const unsigned *b, size_t count, double *mse)
{
    const size_t i = static_cast<size_t>(blockIdx.x) * kMseBlock + threadIdx.x;
    if (i >= count) return;
    const size_t size = static_cast<size_t>(w) * h;
    mse[i] = vmaf::align::thumbnail_mse(luma + a[i] * size, luma + b[i] * size, w, h);
}

} // namespace

hipError_t launch_shrink(const void *frame, unsigned sample_bytes, const ThumbnailGeometry &g,
                         float *out, hipStream_t stream)
{
    const size_t samples = static_cast<size_t>(g.w) * g.h;
    const dim3 grid(static_cast<unsigned>((samples + kShrinkBlock - 1) / kShrinkBlock)),
        block(kShrinkBlock);
    // Clear the status of earlier calls (each reported when it failed), so
    // that the one returned is this launch's.
    static_cast<void>(hipGetLastError());
    if (sample_bytes == 2)
        hipLaunchKernelGGL(shrink_kernel<unsigned short>, grid, block, 0, stream,
                           static_cast<const unsigned short *>(frame), g, out);
    else
        hipLaunchKernelGGL(shrink_kernel<unsigned char>, grid, block, 0, stream,
                           static_cast<const unsigned char *>(frame), g, out);
    return hipGetLastError();
}

hipError_t launch_mse(const float *luma, unsigned w, unsigned h, const unsigned *a,
                      const unsigned *b, size_t count, double *mse, hipStream_t stream)
{
    const dim3 grid(static_cast<unsigned>((count + kMseBlock - 1) / kMseBlock)), block(kMseBlock);
    static_cast<void>(hipGetLastError());
    hipLaunchKernelGGL(mse_kernel, grid, block, 0, stream, luma, w, h, a, b, count, mse);
    return hipGetLastError();
}

} // namespace vmaf::hip::align
