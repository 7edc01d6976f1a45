#include "hip/runtime/staging.h"

#include <cerrno>

#include "hip/runtime/error.h"
#include "hip/runtime/plane_unpack_kernel.h"
#include "base/log.h"
#include "base/picture_memory.h"

namespace vmaf::hip {

namespace {
// Plane starts aligned for wide loads whatever the previous plane's size.
constexpr size_t kPlaneAlign = 256;
} // namespace

int PlaneStaging::allocate(VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h,
                           unsigned planes)
{
    if (planes < 1 || planes > 3 || !plane_sizes(pix_fmt, w, h, w_, h_)) {
        log_error("HIP staging: cannot stage {} planes of pixel format {}", planes,
                  static_cast<int>(pix_fmt));
        return -EINVAL;
    }
    planes_ = planes;
    sample_bytes_ = bytes_per_sample(bpc);
    size_t total = 0;
    for (unsigned p = 0; p < planes_; p++) {
        offset_[p] = total;
        total += (samples(p) * sample_bytes_ + kPlaneAlign - 1) / kPlaneAlign * kPlaneAlign;
    }
    return buffer_.allocate(total);
}

int PlaneStaging::upload(const VmafPicture &pic, const Stream &stream) const
{
    if (const DevicePlanes *device = picture_device(pic)) return copy_device(pic, *device, stream);
    for (unsigned p = 0; p < planes_; p++) {
        const size_t row = size_t{w_[p]} * sample_bytes_;
        if (int err = check(
                [&] {
                    return hipMemcpy2DAsync(buffer_.as<unsigned char>() + offset_[p], row,
                                            pic.data[p], static_cast<size_t>(pic.stride[p]), row,
                                            h_[p], hipMemcpyHostToDevice, stream.get());
                },
                "hipMemcpy2DAsync (picture to device)"))
            return err;
    }
    return 0;
}

int PlaneStaging::copy_device(const VmafPicture &pic, const DevicePlanes &device,
                              const Stream &stream) const
{
    if (planes_ > device.planes_written) {
        log_error("a GPU extractor reads chroma, but the pictures handed in carry luma alone "
                  "(their chroma planes were never written: FFmpeg's libvmaf_cuda filter copies "
                  "the luma plane only); ask for features that read luma only, or score with "
                  "FFmpeg's libvmaf filter and VMAF_BACKEND=hip");
        return -EINVAL;
    }
    if (int err = check(
            [&] {
                return hipStreamWaitEvent(stream.get(), static_cast<hipEvent_t>(device.ready), 0);
            },
            "hipStreamWaitEvent (device picture)"))
        return err;
    for (unsigned p = 0; p < planes_; p++) {
        const SampleLayout &layout = device.layout[p];
        unsigned char *dst = buffer_.as<unsigned char>() + offset_[p];
        const size_t row = size_t{w_[p]} * sample_bytes_;
        const int err = is_planar(layout) && layout.bytes == sample_bytes_
                            ? check(
                                  [&] {
                                      return hipMemcpy2DAsync(
                                          dst, row, pic.data[p], static_cast<size_t>(pic.stride[p]),
                                          row, h_[p], hipMemcpyDeviceToDevice, stream.get());
                                  },
                                  "hipMemcpy2DAsync (device picture)")
                            : check(
                                  [&] {
                                      return launch_plane_unpack(
                                          {pic.data[p], pic.stride[p], layout}, w_[p], h_[p], dst,
                                          static_cast<unsigned>(sample_bytes_), stream.get());
                                  },
                                  "plane_unpack (device picture)");
        if (err) return err;
    }
    return 0;
}

const void *PlaneStaging::plane(unsigned p) const
{
    return buffer_.as<const unsigned char>() + offset_[p];
}

} // namespace vmaf::hip
