// float_motion's blur taps, size check and the scores it writes at the
// flush, shared by the CPU extractor and its HIP twin.
#pragma once

#include <algorithm>
#include <cerrno>
#include <span>
#include <string>
#include <vector>

#include "base/log.h"
#include "extractor/extractor.h"
#include "feature/motion/float_motion_options.h"
#include "feature/motion/motion_math.h"
#include "base/first_error.h"

namespace vmaf::float_motion {

// The reference's blurs (motion_tools.h).
inline constexpr float kFilter5[5] = {0.054488685f, 0.244201342f, 0.402619947f, 0.244201342f,
                                      0.054488685f};
inline constexpr float kFilter3[3] = {0.166378498f, 0.667243004f, 0.166378498f};
inline constexpr float kNoOp5[5] = {0.0f, 0.0f, 1.0f, 0.0f, 0.0f};

inline std::span<const float> blur_taps(int filter_size)
{
    if (filter_size == 1) return kNoOp5;
    if (filter_size == 3) return kFilter3;
    return kFilter5;
}

// -EINVAL with a message naming `extractor` when the options ask for
// chroma of a 4:0:0 input or a plane is too small for the blur.
inline int check_setup(const char *extractor, const VmafExtractorSetup &setup)
{
    const bool add_uv = setup.options[kAddUv].b;
    if (add_uv && setup.pix_fmt == VMAF_PIX_FMT_YUV400P) {
        log_error("{}: motion_add_uv needs chroma planes; the input is 4:0:0", extractor);
        return -EINVAL;
    }
    const int radius = static_cast<int>(blur_taps(setup.options[kFilterSize].i).size()) / 2;
    unsigned cw = setup.w, ch = setup.h;
    if (add_uv && setup.pix_fmt == VMAF_PIX_FMT_YUV420P) {
        cw /= 2;
        ch /= 2;
    } else if (add_uv && setup.pix_fmt == VMAF_PIX_FMT_YUV422P) {
        cw /= 2;
    }
    if (std::min({setup.w, setup.h, cw, ch}) <= static_cast<unsigned>(radius)) {
        log_error("{}: picture {}x{} is too small; the {}-tap blur needs planes of at least {}x{}",
                  extractor, setup.w, setup.h, 2 * radius + 1, radius + 1, radius + 1);
        return -EINVAL;
    }
    return 0;
}

inline motion::MotionParams params_of(const VmafExtractorSetup &setup)
{
    return {setup.options[kBlendFactor].d, setup.options[kBlendOffset].d, 1.0,
            setup.options[kMaxVal].d, false, false};
}

// The per-frame keys of a frame's weighted score (scores.back()): motion2
// of the first frame, always 0, at that frame, which places the key before
// motion, as the reference; motion with debug, clipped.
inline int write_frame(const std::vector<std::string> &keys, const std::vector<double> &scores,
                       bool debug, double max_val, unsigned index, VmafFeatureSink *sink)
{
    int err = 0;
    if (index == 0) err = first_error(err, vmaf_sink_append(sink, keys[kMotion2].c_str(), 0.0, 0));
    if (debug)
        err = first_error(err, vmaf_sink_append(sink, keys[kMotion].c_str(),
                                                std::min(scores.back(), max_val), index));
    return err;
}

// motion2 (after the first frame) and motion3 of every frame, at the flush.
inline int write_derived(const std::vector<std::string> &keys, const std::vector<double> &scores,
                         const motion::MotionParams &params, double max_val, VmafFeatureSink *sink)
{
    const motion::Derived d = motion::derive(scores, params);
    int err = 0;
    for (unsigned i = 0; i < scores.size(); i++) {
        if (i > 0)
            err = first_error(err, vmaf_sink_append(sink, keys[kMotion2].c_str(), std::min(d.motion2[i], max_val), i));
        err = first_error(err, vmaf_sink_append(sink, keys[kMotion3].c_str(), d.motion3[i], i));
    }
    return err;
}

} // namespace vmaf::float_motion
