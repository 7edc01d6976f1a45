#include "feature/float_picture.h"

#include <cstdint>

namespace vmaf {

namespace {

template <typename Sample>
void copy_luma(const VmafPicture &pic, float scaler, float offset, FloatImage &out)
{
    const auto *base = static_cast<const uint8_t *>(pic.data[0]);
    for (int y = 0; y < out.h; y++) {
        const auto *in = reinterpret_cast<const Sample *>(base + y * pic.stride[0]);
        float *o = out.row(y);
        if constexpr (sizeof(Sample) == 1) {
            for (int x = 0; x < out.w; x++) o[x] = static_cast<float>(in[x]) + offset;
        } else {
            for (int x = 0; x < out.w; x++) o[x] = static_cast<float>(in[x]) / scaler + offset;
        }
    }
}

} // namespace

void luma_to_float(const VmafPicture &pic, FloatImage &out, float offset)
{
    out.resize(static_cast<int>(pic.w[0]), static_cast<int>(pic.h[0]));
    if (pic.bpc > 8)
        copy_luma<uint16_t>(pic, static_cast<float>(1u << (pic.bpc - 8)), offset, out);
    else
        copy_luma<uint8_t>(pic, 1.0f, offset, out);
}

} // namespace vmaf
