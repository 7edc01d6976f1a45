#include "feature/common/float_picture.h"

#include <cstdint>

#include "feature/common/float_sample.h"

namespace vmaf {

namespace {

template <typename Sample>
void copy_plane(const VmafPicture &pic, unsigned p, float scaler, float offset, float *dst,
                size_t dst_stride)
{
    const auto *base = static_cast<const uint8_t *>(pic.data[p]);
    for (unsigned y = 0; y < pic.h[p]; y++) {
        const auto *in = reinterpret_cast<const Sample *>(base + y * pic.stride[p]);
        float *o = dst + y * dst_stride;
        for (unsigned x = 0; x < pic.w[p]; x++) o[x] = sample_to_float(in[x], scaler, offset);
    }
}

} // namespace

void plane_to_float(const VmafPicture &pic, unsigned plane, float *dst, size_t dst_stride,
                    float offset)
{
    const float scaler = sample_scaler(pic.bpc);
    if (pic.bpc > 8)
        copy_plane<uint16_t>(pic, plane, scaler, offset, dst, dst_stride);
    else
        copy_plane<uint8_t>(pic, plane, scaler, offset, dst, dst_stride);
}

void plane_to_float(const VmafPicture &pic, unsigned plane, FloatPlane &out, float offset)
{
    out.resize(static_cast<int>(pic.w[plane]), static_cast<int>(pic.h[plane]));
    plane_to_float(pic, plane, out.px.data(), static_cast<size_t>(out.w), offset);
}

void luma_to_float(const VmafPicture &pic, FloatPlane &out, float offset)
{
    plane_to_float(pic, 0, out, offset);
}

} // namespace vmaf
