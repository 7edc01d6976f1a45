// The luma sums of a frame on the GPU (moment_kernel.h) behind a
// FramePipeline: the twins of float_moment and float_psnr differ only in
// what they report from the sums.
#pragma once

#include <array>
#include <utility>

#include "extractor/extractor.h"
#include "hip/moment/moment_kernel.h"
#include "hip/runtime/device.h"
#include "hip/runtime/error.h"
#include "hip/runtime/frame_pipeline.h"
#include "hip/runtime/state.h"

namespace vmaf::hip::moment {

// The sums of one frame, converted to the doubles the CPU sums to.
struct FrameSums {
    double ref, dis, ref_squared, dis_squared, error_squared;
    double samples;
};

// Report is called as report(const FrameSums &, unsigned index, VmafFeatureSink *).
template <typename Report> class LumaSumsTwin {
public:
    LumaSumsTwin(const VmafExtractorSetup &setup, const VmafHipState &state, const char *name,
                 Report report)
        : report_(std::move(report)), device_(state.device.index), bpc_(setup.bpc),
          samples_(static_cast<unsigned long long>(setup.w) * setup.h), pipeline_(name)
    {}

    int init(const VmafExtractorSetup &setup)
    {
        if (int err = make_current()) return err;
        return pipeline_.init(setup, 1, kLumaSums * sizeof(unsigned long long));
    }
    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        return extract_with(*this, pipeline_, frame, sink);
    }
    int flush(VmafFeatureSink *sink) { return flush_with(*this, pipeline_, sink); }
    int wait_reads(unsigned index) { return wait_reads_with(*this, pipeline_, index); }
    int make_current() const { return hip::make_current(device_); }

    int enqueue(const PlaneStaging &ref, const PlaneStaging &dis, unsigned lane,
                hipStream_t stream) const
    {
        auto *sums = pipeline_.results<unsigned long long>(lane);
        if (int err = check(hipMemsetAsync(sums, 0, kLumaSums * sizeof(unsigned long long), stream),
                            "hipMemsetAsync"))
            return err;
        return check(launch_luma_sums(ref.plane(0), dis.plane(0), samples_, bpc_, sums, stream),
                     "launch of the luma sums kernel");
    }
    int report(const PinnedBuffer &result, unsigned index, VmafFeatureSink *sink)
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
    int device_;
    unsigned bpc_;
    unsigned long long samples_;
    FramePipeline pipeline_;
};

} // namespace vmaf::hip::moment
