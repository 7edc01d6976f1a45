// A picture of the library's allocator (vmaf_picture_alloc) that the session
// holds: given back when it goes, unless handed over first.
#pragma once

#include "libvmaf/picture.h"
#include "session/input/video_format.h"

namespace vmaf::session {

struct OwnedPicture {
    VmafPicture pic{};
    OwnedPicture() = default;
    OwnedPicture(const OwnedPicture &) = delete;
    OwnedPicture &operator=(const OwnedPicture &) = delete;
    ~OwnedPicture()
    {
        if (pic.ref) vmaf_picture_unref(&pic);
    }
    // A picture of format `f`; false where it cannot be allocated.
    bool alloc(const VideoFormat &f)
    {
        return vmaf_picture_alloc(&pic, f.pix_fmt, f.bpc, f.w, f.h) == 0;
    }
    // The picture, no longer this one's (vmaf_read_pictures takes it).
    VmafPicture release()
    {
        const VmafPicture out = pic;
        pic = VmafPicture{};
        return out;
    }
};

} // namespace vmaf::session
