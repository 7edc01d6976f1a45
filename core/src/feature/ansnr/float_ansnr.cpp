// float_ansnr: the reference's anti-noise SNR. The reference side is blurred
// by a 3x3 binomial filter, the distorted side by a 5x5 one, and the signal
// and noise energies of the two give float_ansnr (SNR) and float_anpsnr
// (PSNR). Luma only, samples centred on zero (offset -128).
#include <algorithm>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/common/edge.h"
#include "feature/ansnr/float_ansnr_math.h"
#include "feature/common/float_picture.h"
#include "base/first_error.h"
#include "feature/ansnr/float_ansnr_description.h"

namespace vmaf::float_ansnr {
namespace {

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
        luma_to_float(*frame.ref, ref_, kOffset);
        luma_to_float(*frame.dis, dis_, kOffset);
        filter2d(kRefTaps, kRefLen, ref_, ref_blur_, cols_, row_sum_);
        filter2d(kDisTaps, kDisLen, dis_, dis_blur_, cols_, row_sum_);
        const Scores s =
            scores(energies(ref_blur_, dis_blur_), static_cast<double>(ref_.w) * ref_.h, peak_);
        int err = vmaf_sink_append(sink, ansnr_key_.c_str(), s.ansnr, frame.index);
        err = first_error(err, vmaf_sink_append(sink, anpsnr_key_.c_str(), s.anpsnr, frame.index));
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
    if (int err = check_size("float_ansnr", setup->w, setup->h)) return err;
    return create_state<FloatAnsnr>(state, *setup);
}

} // namespace
} // namespace vmaf::float_ansnr

extern "C" constinit const VmafExtractor vmaf_extractor_float_ansnr =
    vmaf::extractor_entry<vmaf::float_ansnr::FloatAnsnr>(vmaf::float_ansnr::kDescription,
                                                         vmaf::float_ansnr::init);
