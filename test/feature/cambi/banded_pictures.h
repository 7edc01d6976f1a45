// Synthetic pictures with banding for the cambi tests: a diagonal ramp that
// steps one 8-bit code per band (scaled to the depth), textured noise in one
// corner, fine detail below 8 bits in another. The reference side
// ("source") has more texture, so full_ref has banding to subtract.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "support/feature_scoring.h"

namespace vmaf::test {

inline unsigned banded_luma(unsigned x, unsigned y, unsigned frame, unsigned w, unsigned h,
                            unsigned bpc, bool source)
{
    const unsigned shift = bpc - 8;
    const unsigned pos = x + y / 2 + 3 * frame;
    unsigned v = (60 + pos * 24 / (w + h / 2)) << shift;
    // The source's texture covers twice the area: less banding to see.
    if (x < (source ? w / 2 : w / 4) && y > h / 2) {
        // A 32-bit hash of the position: texture that hides banding.
        uint32_t n = x * 73856093u ^ y * 19349663u ^ (frame + 1) * 83492791u;
        n ^= n >> 13;
        n *= 0x5bd1e995u;
        n ^= n >> 15;
        v += (n % 5) << shift;
    }
    // Detail below 8 bits, which the 10-bit conversion keeps or rounds.
    if (x > 3 * w / 4 && y < h / 2 && shift > 0) v += (x * 7 + y * 13) % (1u << shift);
    return v;
}

inline VmafPicture banded_picture(VmafPixelFormat fmt, unsigned bpc, unsigned w, unsigned h,
                                  unsigned frame, bool source)
{
    return make_picture(fmt, bpc, w, h, [&](unsigned p, unsigned x, unsigned y) {
        return p ? 128u << (bpc - 8) : banded_luma(x, y, frame, w, h, bpc, source);
    });
}

// Appends the picture's planes to a raw YUV file, as the reference CLI reads
// them (-w -h -p -b): 16-bit samples little-endian above 8 bits.
inline void append_yuv(const VmafPicture &pic, std::FILE *f)
{
    const unsigned planes = pic.pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
    const size_t bytes = pic.bpc > 8 ? 2 : 1;
    for (unsigned p = 0; p < planes; p++)
        for (unsigned y = 0; y < pic.h[p]; y++)
            std::fwrite(static_cast<const uint8_t *>(pic.data[p]) + y * pic.stride[p], bytes,
                        pic.w[p], f);
}

} // namespace vmaf::test
