// The luma sums of a frame on the GPU (moment_kernel.h): the work of the
// twins of float_moment and float_psnr, which differ only in their name and
// in what they report from the sums.
#pragma once

#include <utility>

#include "extractor/extractor.h"
#include "hip/moment/moment_kernel.h"
#include "hip/runtime/error.h"
#include "hip/runtime/frame_pipeline.h"

namespace vmaf::hip::moment {

// The sums of one frame, converted to the doubles the CPU sums to.
struct FrameSums {
    double ref, dis, ref_squared, dis_squared, error_squared;
    double samples;
};

// Report is called as report(const FrameSums &, unsigned index, VmafFeatureSink *).
template <typename Report> class LumaSums {
public:
    LumaSums(const VmafExtractorSetup &setup, Report report)
        : report_(std::move(report)), bpc_(setup.bpc),
          samples_(static_cast<unsigned long long>(setup.w) * setup.h)
    {}

    int init(const VmafExtractorSetup &, FramePipeline::Shape &shape) const
    {
        shape.result_bytes = kLumaSums * sizeof(unsigned long long);
        shape.results = FramePipeline::Results::kAccumulated;
        return 0;
    }

    int enqueue(const FrameWork &f) const
    {
        return check(
            [&] {
                return launch_luma_sums(f.ref.plane(0), f.dis.plane(0), samples_, bpc_,
                                        f.results_as<unsigned long long>(), f.stream);
            },
            "launch of the luma sums kernel");
    }

    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink) const
    {
        const auto *s = result.as<const unsigned long long>();
        const double first = first_unit(bpc_), square = square_unit(bpc_);
        const FrameSums sums{static_cast<double>(s[kRef]) * first,
                             static_cast<double>(s[kDis]) * first,
                             static_cast<double>(s[kRefSquared]) * square,
                             static_cast<double>(s[kDisSquared]) * square,
                             static_cast<double>(s[kErrorSquared]) * square,
                             static_cast<double>(samples_)};
        return report_(sums, index, sink);
    }

private:
    Report report_;
    unsigned bpc_;
    unsigned long long samples_;
};

} // namespace vmaf::hip::moment
