#include "feature/float_picture.h"

#include <cstdint>

namespace vmaf {

namespace {

template <typename Sample>
void copy_luma(const VmafPicture &pic, float scaler, float offset, float *dst, size_t dst_stride)
{
    const auto *base = static_cast<const uint8_t *>(pic.data[0]);
    for (unsigned y = 0; y < pic.h[0]; y++) {
        const auto *in = reinterpret_cast<const Sample *>(base + y * pic.stride[0]);
        float *o = dst + y * dst_stride;
        if constexpr (sizeof(Sample) == 1) {
            for (unsigned x = 0; x < pic.w[0]; x++) o[x] = static_cast<float>(in[x]) + offset;
        } else {
            for (unsigned x = 0; x < pic.w[0]; x++)
                o[x] = static_cast<float>(in[x]) / scaler + offset;
        }
    }
}

} // namespace

void luma_to_float(const VmafPicture &pic, float *dst, size_t dst_stride, float offset)
{
    if (pic.bpc > 8)
        copy_luma<uint16_t>(pic, static_cast<float>(1u << (pic.bpc - 8)), offset, dst, dst_stride);
    else
        copy_luma<uint8_t>(pic, 1.0f, offset, dst, dst_stride);
}

void luma_to_float(const VmafPicture &pic, FloatImage &out, float offset)
{
    out.resize(static_cast<int>(pic.w[0]), static_cast<int>(pic.h[0]));
    luma_to_float(pic, out.px.data(), static_cast<size_t>(out.w), offset);
}

} // namespace vmaf
