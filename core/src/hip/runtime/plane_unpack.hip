// Device pictures read in place: each thread takes one sample where its
// writer left it (packed_sample, the CPU's unpacking of copied-back frames
// too) and writes it to the staging buffer's packed row.
#include <cstdint>

#include "hip/runtime/plane_unpack_kernel.h"

namespace vmaf::hip {

namespace {

constexpr unsigned kBlockX = 64, kBlockY = 4;

template <typename Out>
__global__ void plane_unpack_kernel(PackedPlane src, unsigned w, unsigned h, Out *dst)
{
    const unsigned x = blockIdx.x * kBlockX + threadIdx.x;
    const unsigned y = blockIdx.y * kBlockY + threadIdx.y;
    if (x >= w || y >= h) return;
    const uint8_t *row = static_cast<const uint8_t *>(src.first) + static_cast<ptrdiff_t>(y) * src.stride;
    dst[static_cast<size_t>(y) * w + x] =
        static_cast<Out>(packed_sample(row + static_cast<size_t>(x) * src.layout.step, src.layout));
}

} // namespace

hipError_t launch_plane_unpack(const PackedPlane &src, unsigned w, unsigned h, void *dst,
                               unsigned out_bytes, hipStream_t stream)
{
    const dim3 grid((w + kBlockX - 1) / kBlockX, (h + kBlockY - 1) / kBlockY);
    const dim3 block(kBlockX, kBlockY);
    // Failures of earlier calls were reported where they happened: the
    // status returned is this launch's.
    static_cast<void>(hipGetLastError());
    if (out_bytes == 2)
        hipLaunchKernelGGL(plane_unpack_kernel<uint16_t>, grid, block, 0, stream, src, w, h,
                           static_cast<uint16_t *>(dst));
    else
        hipLaunchKernelGGL(plane_unpack_kernel<uint8_t>, grid, block, 0, stream, src, w, h,
                           static_cast<uint8_t *>(dst));
    return hipGetLastError();
}

} // namespace vmaf::hip
