// What a twin reports a frame's results to: the engine's sink of the call in
// progress (a later frame's extract, or the flush), with each value stamped
// with the frame that produced it (vmaf_sink_append_at). The CPU extractor
// writes them while that frame is extracted; the stamp gives the keys the
// same order however late the GPU's results come.
#pragma once

#include <string>
#include <string_view>

#include "extractor/collector.h"

namespace vmaf::hip {

class FrameSink final : public VmafFeatureSink {
public:
    FrameSink(VmafFeatureSink *sink, unsigned frame) : sink_(sink), frame_(frame) {}

    int append(std::string_view key, double value, unsigned index) override
    {
        return vmaf_sink_append_at(sink_, std::string(key).c_str(), value, index, frame_);
    }
    int append_at(std::string_view key, double value, unsigned index, unsigned frame) override
    {
        return vmaf_sink_append_at(sink_, std::string(key).c_str(), value, index, frame);
    }
    int set_aggregate(std::string_view key, double value) override
    {
        return vmaf_sink_set_aggregate(sink_, std::string(key).c_str(), value);
    }

private:
    VmafFeatureSink *sink_;
    unsigned frame_;
};

} // namespace vmaf::hip
