// A distorted copy of a video for the SSIM parity tests: two noise videos
// have next to no structure in common, a copy with a little noise added
// keeps SSIM's terms in their usual range.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>

#include <gtest/gtest.h>

#include "libvmaf/libvmaf.h"
#include "support/golden.h"

namespace vmaf::test {

// `ref` with uniform noise of up to `amplitude` (a fraction of the peak)
// added to every sample, rounded and clamped to the depth's range.
inline Video distorted(const Video &ref, double amplitude, unsigned seed)
{
    std::mt19937 rng(seed);
    const double peak = static_cast<double>((1u << ref.bpc) - 1);
    std::uniform_real_distribution<double> noise(-amplitude * peak, amplitude * peak);
    Video v;
    v.w = ref.w;
    v.h = ref.h;
    v.bpc = ref.bpc;
    v.pix_fmt = ref.pix_fmt;
    for (const VmafPicture &in : ref.frames) {
        VmafPicture pic;
        EXPECT_EQ(vmaf_picture_alloc(&pic, ref.pix_fmt, ref.bpc, ref.w, ref.h), 0);
        for (unsigned p = 0; p < 3; p++)
            for (unsigned y = 0; y < pic.h[p]; y++) {
                const auto *src = static_cast<const uint8_t *>(in.data[p]) + y * in.stride[p];
                auto *dst = static_cast<uint8_t *>(pic.data[p]) + y * pic.stride[p];
                for (unsigned x = 0; x < pic.w[p]; x++) {
                    const bool wide = ref.bpc > 8;
                    const double s = wide ? reinterpret_cast<const uint16_t *>(src)[x] : src[x];
                    const auto d = static_cast<unsigned>(
                        std::clamp(std::round(s + noise(rng)), 0.0, peak));
                    if (wide)
                        reinterpret_cast<uint16_t *>(dst)[x] = static_cast<uint16_t>(d);
                    else
                        dst[x] = static_cast<uint8_t>(d);
                }
            }
        v.frames.push_back(pic);
    }
    return v;
}

} // namespace vmaf::test
