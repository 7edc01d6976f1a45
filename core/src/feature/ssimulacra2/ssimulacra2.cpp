// ssimulacra2: SSIMULACRA2 as libjxl's tool prints it for the PNG frames
// FFmpeg exports from the same pictures (ADR 0051). The CPU reference: the
// conversion is rgb_from_yuv's, the metric ssimulacra2_math's.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/ssimulacra2/ssimulacra2_description.h"
#include "feature/ssimulacra2/ssimulacra2_math.h"
#include "feature/ssimulacra2/ssimulacra2_setup.h"

namespace vmaf::ssimulacra2 {
namespace {

class Ssimulacra2 {
public:
    Ssimulacra2(const VmafExtractorSetup &setup, const Conversion &conversion)
        : key_(setup.feature_names[0]), conversion_(conversion), scorer_(conversion.w, conversion.h, setup.cpu_flags),
          linear_(linear_of_8bit())
    {
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        to_linear(*frame.ref, images_[0]);
        to_linear(*frame.dis, images_[1]);
        return vmaf_sink_append(sink, key_.c_str(), scorer_(images_[0], images_[1]), frame.index);
    }

private:
    void to_linear(const VmafPicture &pic, Image3 &out)
    {
        const void *planes[3] = {pic.data[0], pic.data[1], pic.data[2]};
        const ptrdiff_t strides[3] = {pic.stride[0], pic.stride[1], pic.stride[2]};
        rgb_.resize(static_cast<size_t>(conversion_.w) * static_cast<size_t>(conversion_.h) * 3);
        rgb_from_yuv(conversion_, planes, strides, rgb_.data(), scratch_);
        out.resize(conversion_.w, conversion_.h);
        const size_t n = static_cast<size_t>(conversion_.w) * static_cast<size_t>(conversion_.h);
        for (size_t i = 0; i < n; i++)
            for (int c = 0; c < 3; c++) out.p[c][i] = linear_[rgb_[3 * i + static_cast<size_t>(c)]];
    }

    std::string key_;
    Conversion conversion_;
    Scorer scorer_;
    std::array<float, 256> linear_;
    std::vector<uint8_t> rgb_;
    std::vector<int16_t> scratch_;
    Image3 images_[2];
};

int init(void **state, const VmafExtractorSetup *setup)
{
    Conversion conversion;
    if (int err = read_setup(*setup, "ssimulacra2", conversion)) return err;
    *state = new Ssimulacra2(*setup, conversion);
    return 0;
}

} // namespace
} // namespace vmaf::ssimulacra2

extern "C" constinit const VmafExtractor vmaf_extractor_ssimulacra2 =
    vmaf::extractor_entry<vmaf::ssimulacra2::Ssimulacra2>(vmaf::ssimulacra2::kDescription,
                                                          vmaf::ssimulacra2::init);
