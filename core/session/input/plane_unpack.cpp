#include "session/input/plane_unpack.h"

namespace vmaf::session {

namespace {

template <typename Out>
void unpack_rows(const PackedComponent &src, unsigned w, unsigned h, uint8_t *dst,
                 ptrdiff_t dst_stride)
{
    for (unsigned y = 0; y < h; y++) {
        const uint8_t *in = src.first + static_cast<ptrdiff_t>(y) * src.linesize;
        auto *out = reinterpret_cast<Out *>(dst + static_cast<ptrdiff_t>(y) * dst_stride);
        for (unsigned x = 0; x < w; x++, in += src.layout.step)
            out[x] = static_cast<Out>(packed_sample(in, src.layout));
    }
}

} // namespace

void unpack_component(const PackedComponent &src, unsigned w, unsigned h, uint8_t *dst,
                      ptrdiff_t dst_stride, bool wide)
{
    if (wide) unpack_rows<uint16_t>(src, w, h, dst, dst_stride);
    else unpack_rows<uint8_t>(src, w, h, dst, dst_stride);
}

} // namespace vmaf::session
