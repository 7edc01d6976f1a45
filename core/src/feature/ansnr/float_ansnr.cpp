// float_ansnr: the reference's anti-noise SNR. The reference side is blurred
// by a 3x3 binomial filter, the distorted side by a 5x5 one, and the signal
// and noise energies of the two give float_ansnr (SNR) and float_anpsnr
// (PSNR). Luma only, samples centred on zero (offset -128).
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/common/edge.h"
#include "feature/common/float_picture.h"
#include "engine/log.h"

namespace vmaf::float_ansnr {
namespace {

// The reference's filter taps, rounded to float as it stores them.
constexpr float kRefTaps[3 * 3] = {
    1.0 / 16.0, 2.0 / 16.0, 1.0 / 16.0, //
    2.0 / 16.0, 4.0 / 16.0, 2.0 / 16.0, //
    1.0 / 16.0, 2.0 / 16.0, 1.0 / 16.0,
};
constexpr float kDisTaps[5 * 5] = {
    2.0 / 571.0,  7.0 / 571.0,  12.0 / 571.0,  7.0 / 571.0,  2.0 / 571.0,  //
    7.0 / 571.0,  31.0 / 571.0, 52.0 / 571.0,  31.0 / 571.0, 7.0 / 571.0,  //
    12.0 / 571.0, 52.0 / 571.0, 127.0 / 571.0, 52.0 / 571.0, 12.0 / 571.0, //
    7.0 / 571.0,  31.0 / 571.0, 52.0 / 571.0,  31.0 / 571.0, 7.0 / 571.0,  //
    2.0 / 571.0,  7.0 / 571.0,  12.0 / 571.0,  7.0 / 571.0,  2.0 / 571.0,
};
constexpr int kMinSize = 3; // the 5-tap filter reflects two samples

// 2-D filter of len x len taps. Per pixel, each tap row is summed in float
// left to right and the row sums are added top to bottom, as the reference
// does; the loops run across the row so that the pixels are independent.
void filter2d(const float *taps, int len, const FloatPlane &src, FloatPlane &dst,
              std::vector<int> &cols, std::vector<float> &row_sum)
{
    const int w = src.w, h = src.h, half = len / 2;
    dst.resize(w, h);
    cols.resize(static_cast<size_t>(len) * static_cast<size_t>(w));
    row_sum.resize(static_cast<size_t>(w));
    for (int u = 0; u < len; u++)
        for (int x = 0; x < w; x++)
            cols[static_cast<size_t>(u) * w + x] = edge::reflect_sample_then_edge(x - half + u, w);
    for (int y = 0; y < h; y++) {
        float *out = dst.row(y);
        std::fill(out, out + w, 0.0f);
        for (int v = 0; v < len; v++) {
            const float *in = src.row(edge::reflect_sample_then_edge(y - half + v, h));
            std::fill(row_sum.begin(), row_sum.end(), 0.0f);
            for (int u = 0; u < len; u++) {
                const float tap = taps[v * len + u];
                const int *c = &cols[static_cast<size_t>(u) * w];
                for (int x = 0; x < w; x++) row_sum[x] += tap * in[c[x]];
            }
            for (int x = 0; x < w; x++) out[x] += row_sum[x];
        }
    }
}

struct Energies {
    float signal, noise;
};

// Summed in float, per row and then over rows, as the reference.
Energies energies(const FloatPlane &ref, const FloatPlane &dis)
{
    float signal = 0, noise = 0;
    for (int y = 0; y < ref.h; y++) {
        const float *r = ref.row(y), *d = dis.row(y);
        float row_signal = 0, row_noise = 0;
        for (int x = 0; x < ref.w; x++) {
            row_signal += r[x] * r[x];
            row_noise += (r[x] - d[x]) * (r[x] - d[x]);
        }
        signal += row_signal;
        noise += row_noise;
    }
    return {signal, noise};
}

class FloatAnsnr {
public:
    explicit FloatAnsnr(const VmafExtractorSetup &setup)
        : ansnr_key_(setup.feature_names[0]), anpsnr_key_(setup.feature_names[1]),
          peak_(float_peak(setup.bpc))
    {
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        luma_to_float(*frame.ref, ref_, -128.0f);
        luma_to_float(*frame.dis, dis_, -128.0f);
        filter2d(kRefTaps, 3, ref_, ref_blur_, cols_, row_sum_);
        filter2d(kDisTaps, 5, dis_, dis_blur_, cols_, row_sum_);
        const Energies e = energies(ref_blur_, dis_blur_);
        // The ratio in float, its logarithm in double: the reference's types
        // (std::log10 of a float would be the float logarithm).
        const double ansnr = e.noise == 0
                                 ? peak_.psnr_max
                                 : 10.0 * std::log10(static_cast<double>(e.signal / e.noise));
        const double n = static_cast<double>(ref_.w) * ref_.h;
        const double anpsnr = std::min(
            10 * std::log10(peak_.peak * peak_.peak * n / std::max<double>(e.noise, 1e-10)),
            peak_.psnr_max);
        int err = vmaf_sink_append(sink, ansnr_key_.c_str(), ansnr, frame.index);
        err |= vmaf_sink_append(sink, anpsnr_key_.c_str(), anpsnr, frame.index);
        return err;
    }

private:
    std::string ansnr_key_, anpsnr_key_;
    FloatPeak peak_;
    FloatPlane ref_, dis_, ref_blur_, dis_blur_;
    std::vector<int> cols_;
    std::vector<float> row_sum_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (setup->w < kMinSize || setup->h < kMinSize) {
        log_error("float_ansnr: {}x{} is too small: its 5x5 filter needs at least {}x{}",
                  setup->w, setup->h, kMinSize, kMinSize);
        return -EINVAL;
    }
    return create_state<FloatAnsnr>(state, *setup);
}

constexpr const char *kFeatures[] = {"float_ansnr", "float_anpsnr", nullptr};

} // namespace
} // namespace vmaf::float_ansnr

extern "C" constinit const VmafExtractor vmaf_extractor_float_ansnr =
    vmaf::extractor_entry<vmaf::float_ansnr::FloatAnsnr>("float_ansnr", nullptr, 0,
                                                         vmaf::float_ansnr::kFeatures,
                                                         vmaf::float_ansnr::init);
