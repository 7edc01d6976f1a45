// Host-pic staging: pictures stay in host memory; an extractor copies the
// planes it reads into device buffers of its own before its kernels run.
// Device pictures (a hardware decoder's frames) are read in place on the
// device the same way: copied, or unpacked from their writer's layout.
// Device rows are tightly packed (pitch = width * sample size), so a plane
// is one contiguous array of w * h samples.
#pragma once

#include <cstddef>

#include "base/picture_memory.h"
#include "hip/runtime/buffer.h"
#include "hip/runtime/stream.h"
#include "libvmaf/picture.h"

namespace vmaf::hip {

class PlaneStaging {
public:
    // Device room for the first `planes` planes of a picture of this format.
    int allocate(VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h, unsigned planes);

    // Queues the copy of pic's planes (host stride in, packed rows out) on
    // `stream`, after a device picture's writer. The picture must stay valid
    // until that copy is done.
    int upload(const VmafPicture &pic, const Stream &stream) const;

    const void *plane(unsigned p) const;
    // Samples in plane p (width * height).
    size_t samples(unsigned p) const { return size_t{w_[p]} * h_[p]; }

private:
    int copy_device(const VmafPicture &pic, const DevicePlanes &device,
                    const Stream &stream) const;

    DeviceBuffer buffer_;
    unsigned planes_ = 0;
    unsigned w_[3] = {}, h_[3] = {};
    size_t sample_bytes_ = 1;
    size_t offset_[3] = {};
};

} // namespace vmaf::hip
