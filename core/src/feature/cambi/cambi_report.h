// The keys a frame of cambi (and cambi_hip) writes from its scores.
#pragma once

#include <algorithm>
#include <cerrno>
#include <array>
#include <string>

#include "base/log.h"
#include "extractor/extractor.h"
#include "feature/cambi/cambi_options.h"

namespace vmaf::cambi {

// The error of a picture with a luma sample above its depth's range, which
// has no 10-bit code (the reference refuses the picture): logged, -EINVAL.
inline int out_of_range_error(const char *extractor, const char *side, unsigned frame,
                              unsigned x, unsigned y, unsigned value, unsigned bpc)
{
    log_error("{}: {} frame {}: luma sample {} at ({}, {}) is above {}, the largest of {}-bit "
              "input", extractor, side, frame, value, x, y, (1u << bpc) - 1, bpc);
    return -EINVAL;
}

// The distorted picture's score and, with full_ref, the reference's and the
// banding the distortion added (none where the source has more), each
// clipped to max_val.
inline int write_frame(const std::array<std::string, 3> &keys, double max_val, bool full_ref,
                       double dis, double src, unsigned index, VmafFeatureSink *sink)
{
    auto put = [&](FeatureIndex key, double score) {
        return vmaf_sink_append(sink, keys[key].c_str(), std::min(score, max_val), index);
    };
    if (int err = put(kScoreKey, dis)) return err;
    if (!full_ref) return 0;
    if (int err = put(kSourceKey, src)) return err;
    return put(kFullReferenceKey, std::max(0.0, dis - src));
}

} // namespace vmaf::cambi
