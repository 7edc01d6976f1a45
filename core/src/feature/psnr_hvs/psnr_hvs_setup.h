// What psnr_hvs and psnr_hvs_hip share around the arithmetic: the checks of
// a setup, the planes' tables, the keys and how a frame writes them.
#pragma once

#include <algorithm>
#include <array>
#include <cerrno>
#include <string>

#include "base/log.h"
#include "base/picture_memory.h"
#include "extractor/extractor.h"
#include "feature/psnr_hvs/psnr_hvs_math.h"
#include "base/first_error.h"
#include "extractor/description.h"

namespace vmaf::psnr_hvs {

inline constexpr const char *kFeatures[] = {"psnr_hvs_y", "psnr_hvs_cb", "psnr_hvs_cr",
                                            "psnr_hvs", nullptr};

// The CSF of each plane. The chroma tables are used for every subsampling,
// as the reference does.
inline constexpr const Csf *kCsf[3] = {&kCsfY, &kCsfCb, &kCsfCr};

// 0, or -EINVAL with a message naming `extractor`.
inline int check_setup(const VmafExtractorSetup &setup, const char *extractor)
{
    if (setup.bpc > 12) {
        log_error("{}: {}-bit input is not supported: its DCT is defined up to 12 bits",
                  extractor, setup.bpc);
        return -EINVAL;
    }
    if (setup.pix_fmt == VMAF_PIX_FMT_YUV400P) {
        log_error("{}: needs chroma planes, and the input is YUV 4:0:0", extractor);
        return -EINVAL;
    }
    // Every plane needs one 8x8 block, or its error would be 0/0.
    unsigned pw[3], ph[3];
    plane_sizes(setup.pix_fmt, setup.w, setup.h, pw, ph);
    if (std::min({pw[0], ph[0], pw[1], ph[1]}) < 8) {
        log_error("{}: picture {}x{} is too small: its 8x8 blocks need every plane at least "
                  "8x8, and the chroma planes are {}x{}", extractor, setup.w, setup.h, pw[1],
                  ph[1]);
        return -EINVAL;
    }
    return 0;
}

// Writes a frame's keys from the float sums of its planes' terms (`terms`
// each).
inline int write_frame(const std::array<std::string, 4> &keys, const float sums[3],
                       const int terms[3], unsigned bpc, unsigned index, VmafFeatureSink *sink)
{
    double e[3];
    int err = 0;
    for (unsigned p = 0; p < 3; p++) {
        e[p] = plane_error(sums[p], terms[p], bpc);
        err = first_error(err, vmaf_sink_append(sink, keys[p].c_str(), to_db(e[p]), index));
    }
    // Luma weighs 0.8, each chroma plane 0.1, before the dB conversion.
    const double combined = e[0] * .8 + .1 * (e[1] + e[2]);
    err = first_error(err, vmaf_sink_append(sink, keys[3].c_str(), to_db(combined), index));
    return err;
}


inline constexpr ExtractorDescription kDescription{"psnr_hvs", nullptr, VMAF_EXTRACTOR_CHROMA, kFeatures};

} // namespace vmaf::psnr_hvs
