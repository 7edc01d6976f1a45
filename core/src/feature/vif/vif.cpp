// vif: integer Visual Information Fidelity over four scales, bit-exact with
// libvmaf's integer_vif.
#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/vif/vif_math.h"
#include "feature/common/edge.h"
#include "feature/vif/vif_options.h"
#include "feature/vif/vif_report.h"
#include "feature/vif/vif_rows.h"
#include "feature/vif/vif_setup.h"
#include "base/log.h"

namespace vmaf::vif {
namespace {

// A plane of samples with its row pitch in samples.
template <typename Sample>
struct PlaneView {
    const Sample *data;
    ptrdiff_t stride;
    unsigned w, h;
    const Sample *row(int y) const { return data + y * stride; }
};

class Vif {
public:
    Vif(const VmafExtractorSetup &setup)
        : bpc_(setup.bpc), w_(setup.w), h_(setup.h),
          gain_limit_(setup.options[kEnhnGainLimit].d), debug_(setup.options[kDebug].b),
          skip_scale0_(setup.options[kSkipScale0].b), kernels_(vif_row_kernels(setup.cpu_flags))
    {
        for (int i = 0; setup.feature_names[i]; i++) keys_.emplace_back(setup.feature_names[i]);
        const size_t padded = w_ + 2 * size_t{kRowPad};
        for (auto *row : {&mu1_, &mu2_, &xx_, &yy_, &xy_}) row->resize(padded);
        for (auto *row : {&sum_mu1_, &sum_mu2_, &sum_xx_, &sum_yy_, &sum_xy_, &wide_mu1_, &wide_mu2_})
            row->resize(w_);
        for (auto *row : {&wide_xx_, &wide_yy_, &wide_xy_}) row->resize(w_);
        // Decimated planes of scales 1..3, written each frame.
        for (auto *p : {&ref_small_, &dis_small_}) p->resize(size_t{w_ / 2} * (h_ / 2));
        for (auto *p : {&ref_next_, &dis_next_}) p->resize(size_t{w_ / 4} * (h_ / 4));
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        ScaleScore scores[kScales]{};
        if (bpc_ == 8) run<uint8_t>(frame, scores);
        else run<uint16_t>(frame, scores);
        return write(scores, frame.index, sink);
    }

private:
    template <typename Sample>
    void run(const VmafExtractorFrame &frame, ScaleScore scores[kScales])
    {
        const PlaneView<Sample> ref0{static_cast<const Sample *>(frame.ref->data[0]),
                                     frame.ref->stride[0] / static_cast<ptrdiff_t>(sizeof(Sample)), w_, h_};
        const PlaneView<Sample> dis0{static_cast<const Sample *>(frame.dis->data[0]),
                                     frame.dis->stride[0] / static_cast<ptrdiff_t>(sizeof(Sample)), w_, h_};
        if (!skip_scale0_) scores[0] = statistic(ref0, dis0, 0);

        // Scale s + 1 is scale s blurred with filter s + 1 and decimated by 2.
        PlaneView<uint16_t> ref = decimate(ref0, 0, ref_small_.data());
        PlaneView<uint16_t> dis = decimate(dis0, 0, dis_small_.data());
        for (int s = 1; s < kScales; s++) {
            scores[s] = statistic(ref, dis, s);
            if (s + 1 == kScales) break;
            // Decimate in place between two buffers: small -> next -> small.
            uint16_t *ref_out = (s % 2) ? ref_next_.data() : ref_small_.data();
            uint16_t *dis_out = (s % 2) ? dis_next_.data() : dis_small_.data();
            ref = decimate(ref, s, ref_out);
            dis = decimate(dis, s, dis_out);
        }
    }

    // Filters both planes at `scale` and sums what every pixel contributes.
    template <typename Sample>
    ScaleScore statistic(const PlaneView<Sample> &ref, const PlaneView<Sample> &dis, int scale)
    {
        const uint16_t *f = kFilter[scale].data();
        const int fw = kFilterWidth[scale], half = fw / 2;
        const VerticalShift vs = vertical_shift(scale, bpc_);
        const int w = static_cast<int>(ref.w), h = static_cast<int>(ref.h);
        const MomentRows rows = moment_rows();
        const MomentRows sums{sum_mu1_.data(), sum_mu2_.data(), sum_xx_.data(), sum_yy_.data(),
                              sum_xy_.data()};
        const WideRows wide{wide_mu1_.data(), wide_mu2_.data(), wide_xx_.data(), wide_yy_.data(),
                            wide_xy_.data()};
        const auto vertical = vertical_kernel<Sample>();
        Accumulator acc;
        for (int i = 0; i < h; i++) {
            const Sample *rrows[17], *drows[17];
            for (int k = 0; k < fw; k++) {
                rrows[k] = ref.row(edge::reflect_about_sample(i - half + k, h));
                drows[k] = dis.row(edge::reflect_about_sample(i - half + k, h));
            }
            vertical(rrows, drows, f, fw, w, vs, rows, wide);
            kernels_.horizontal(rows, f, fw, w, sums, wide);
            kernels_.accumulate(sums, w, log2_.data(), gain_limit_, acc);
        }
        return score_of(acc);
    }

    // Blurs with the next scale's filter and keeps every second sample of
    // every second row (only those are computed).
    template <typename Sample>
    PlaneView<uint16_t> decimate(const PlaneView<Sample> &src, int scale, uint16_t *out)
    {
        const uint16_t *f = kFilter[scale + 1].data();
        const int fw = kFilterWidth[scale + 1], half = fw / 2;
        const VerticalShift vs = vertical_shift(scale, bpc_);
        const int w = static_cast<int>(src.w), h = static_cast<int>(src.h);
        const int ow = w / 2, oh = h / 2;
        for (int i = 0; i < oh; i++) {
            const Sample *rows[9];
            for (int k = 0; k < fw; k++) rows[k] = src.row(edge::reflect_about_sample(2 * i - half + k, h));
            decimate_kernel<Sample>()(rows, f, fw, w, vs, moment_rows().mu1,
                                      out + static_cast<ptrdiff_t>(i) * ow);
        }
        return {out, ow, static_cast<unsigned>(ow), static_cast<unsigned>(oh)};
    }

    template <typename Sample> auto vertical_kernel() const
    {
        if constexpr (sizeof(Sample) == 1) return kernels_.vertical8;
        else return kernels_.vertical16;
    }
    template <typename Sample> auto decimate_kernel() const
    {
        if constexpr (sizeof(Sample) == 1) return kernels_.decimate8;
        else return kernels_.decimate16;
    }

    MomentRows moment_rows()
    {
        return {mu1_.data() + kRowPad, mu2_.data() + kRowPad, xx_.data() + kRowPad, yy_.data() + kRowPad,
                xy_.data() + kRowPad};
    }

    int write(const ScaleScore (&scores)[kScales], unsigned index, VmafFeatureSink *sink) const
    {
        return report_integer(scores, skip_scale0_, debug_, [&](int key, double value) {
            return vmaf_sink_append(sink, keys_[key].c_str(), value, index);
        });
    }

    unsigned bpc_, w_, h_;
    double gain_limit_;
    bool debug_, skip_scale0_;
    const VifRowKernels &kernels_;
    std::vector<std::string> keys_;
    Log2Table log2_;
    std::vector<uint32_t> mu1_, mu2_, xx_, yy_, xy_;
    std::vector<uint32_t> sum_mu1_, sum_mu2_, sum_xx_, sum_yy_, sum_xy_, wide_mu1_, wide_mu2_;
    std::vector<uint64_t> wide_xx_, wide_yy_, wide_xy_;
    std::vector<uint16_t> ref_small_, dis_small_, ref_next_, dis_next_;
};

int init(void **state, const VmafExtractorSetup *setup)
{
    if (int err = check_picture_size(*setup, "vif")) return err;
    return create_state<Vif>(state, *setup);
}

} // namespace
} // namespace vmaf::vif

extern "C" constinit const VmafExtractor vmaf_extractor_vif =
    vmaf::extractor_entry<vmaf::vif::Vif>(vmaf::vif::kDescription, vmaf::vif::init);
