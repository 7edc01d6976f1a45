// The extractor around an ADM engine, the same for adm and float_adm (and
// the reporting for adm_hip): the adm3 blend and its clip, and the keys each
// frame writes. A CPU engine is built for one picture size and has
//   AdmScores compute(const VmafPicture &ref, const VmafPicture &dis);
#pragma once

#include <cerrno>
#include <string>
#include <utility>
#include <vector>

#include "base/log.h"
#include "extractor/extractor.h"
#include "feature/adm/adm_options.h"
#include "feature/adm/adm_scores.h"
#include "base/first_error.h"

namespace vmaf::adm {

// How a frame's scores become keys.
struct AdmOutput {
    bool debug = false;
    // adm3 as the harmonic mean of adm2 and aim (float_adm's adm_apply_hm),
    // else as their dlm_weight blend.
    bool harmonic_mean = false;
    double dlm_weight = 0.5;
    // The lower clip of adm3. A blend at or below it, NaN included (Barten
    // weights can overflow integer ADM into NaN), is reported as min_val, as
    // the reference does.
    double min_val = 0.0;
};

// Writes a frame's keys from its scores: the adm3 blend and its clip, each
// scale's ratio and, with debug, the sums. Shared by every ADM extractor,
// CPU or HIP.
class AdmReporter {
public:
    // `feature_names` are the output keys by FeatureIndex.
    AdmReporter(const AdmOutput &output, const char *const *feature_names) : out_(output)
    {
        for (size_t k = 0; k < kFeatureCount; k++) keys_.emplace_back(feature_names[k]);
    }

    int report(const AdmScores &r, unsigned index, VmafFeatureSink *sink) const
    {
        // A scale with nothing to weigh is 0/0: not a score, an error.
        for (int s = 0; s < kScales; s++) {
            if (r.num_scale[s] == 0 && r.den_scale[s] == 0) {
                log_error("ADM scale {} is 0/0 at frame {}: with adm_noise_weight=0, flat "
                          "content leaves nothing to measure; set adm_noise_weight above 0",
                          s, index);
                return -EINVAL;
            }
        }
        const double blend = out_.harmonic_mean
                                 ? 2 * r.adm2 * r.aim / (r.adm2 + r.aim)
                                 : r.adm2 * out_.dlm_weight + (1 - r.aim) * (1 - out_.dlm_weight);
        int err = 0;
        auto put = [&](int key, double v) {
            err = first_error(err, vmaf_sink_append(sink, keys_[key].c_str(), v, index));
        };
        put(kAdm2, r.adm2);
        put(kAim, r.aim);
        put(kAdm3, blend > out_.min_val ? blend : out_.min_val);
        for (int s = 0; s < kScales; s++) put(kScale0 + s, r.num_scale[s] / r.den_scale[s]);
        if (!out_.debug) return err;
        put(kAdm, r.adm2);
        put(kNum, r.num);
        put(kDen, r.den);
        for (int s = 0; s < kScales; s++) {
            put(kNumScale0 + 2 * s, r.num_scale[s]);
            put(kNumScale0 + 2 * s + 1, r.den_scale[s]);
        }
        return err;
    }

private:
    AdmOutput out_;
    std::vector<std::string> keys_;
};

// A CPU ADM extractor: the engine scores each frame as it comes.
template <typename Engine> class AdmExtractor {
public:
    AdmExtractor(Engine engine, const AdmOutput &output, const char *const *feature_names)
        : engine_(std::move(engine)), reporter_(output, feature_names)
    {}

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        return reporter_.report(engine_.compute(*frame.ref, *frame.dis), frame.index, sink);
    }

private:
    Engine engine_;
    AdmReporter reporter_;
};

// Builds the extractor's state around the engine that make_engine() returns.
template <typename MakeEngine>
int create_adm_extractor(void **state, MakeEngine make_engine, const AdmOutput &output,
                         const char *const *feature_names)
{
    using Engine = decltype(make_engine());
    *state = new AdmExtractor<Engine>(make_engine(), output, feature_names);
    return 0;
}

} // namespace vmaf::adm
