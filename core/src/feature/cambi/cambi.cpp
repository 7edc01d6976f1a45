// cambi: Netflix's contrast-aware multiscale banding index, a no-reference
// measure of banding in the distorted picture (and, with full_ref, in the
// reference too). The CPU reference.
#include <algorithm>
#include <cerrno>
#include <memory>
#include <string>

#include "engine/log.h"
#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/cambi/cambi_config.h"
#include "feature/cambi/cambi_options.h"
#include "feature/cambi/cambi_scorer.h"
#include "feature/cambi/heatmap_files.h"
#include "feature/cambi/preprocess.h"

namespace vmaf::cambi {
namespace {

// Samples above the depth's range have no 10-bit code; the reference
// refuses the picture.
int check_range(const VmafPicture &pic, const char *side, unsigned frame)
{
    unsigned x = 0, y = 0, value = 0;
    if (!find_out_of_range(pic, x, y, value)) return 0;
    log_error("cambi: {} frame {}: luma sample {} at ({}, {}) is above {}, the largest of {}-bit "
              "input", side, frame, value, x, y, (1u << pic.bpc) - 1, pic.bpc);
    return -EINVAL;
}

class Cambi {
public:
    Cambi(const VmafExtractorSetup &setup, CambiConfig config,
          std::shared_ptr<HeatmapFiles> heatmaps)
        : config_(std::move(config)), scorer_(config_, setup.cpu_flags), heatmaps_(std::move(heatmaps))
    {
        for (int k = 0; k < 3; k++) keys_[k] = setup.feature_names[k];
    }

    int extract(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        const int err = score(frame, sink);
        if (err && heatmaps_) heatmaps_->abandon();
        return err;
    }

    int flush(VmafFeatureSink *) { return heatmaps_ ? heatmaps_->finish() : 0; }

private:
    int score(const VmafExtractorFrame &frame, VmafFeatureSink *sink)
    {
        if (int err = check_range(*frame.dis, "distorted", frame.index)) return err;
        double dis = 0;
        if (int err = scorer_.score(*frame.dis, config_.enc, heatmaps_.get(), frame.index, dis))
            return err;
        if (int err = append(sink, kScoreKey, dis, frame.index)) return err;
        if (!config_.full_ref) return 0;

        if (int err = check_range(*frame.ref, "reference", frame.index)) return err;
        double src = 0;
        if (int err = scorer_.score(*frame.ref, config_.src, nullptr, frame.index, src))
            return err;
        if (int err = append(sink, kSourceKey, src, frame.index)) return err;
        // Banding the distortion added: none where the source has more.
        return append(sink, kFullReferenceKey, std::max(0.0, dis - src), frame.index);
    }

    int append(VmafFeatureSink *sink, FeatureIndex key, double score, unsigned index)
    {
        return vmaf_sink_append(sink, keys_[key].c_str(), std::min(score, config_.max_val), index);
    }

    CambiConfig config_;
    CambiScorer scorer_;
    std::shared_ptr<HeatmapFiles> heatmaps_;
    std::string keys_[3];
};

int init(void **state, const VmafExtractorSetup *setup)
{
    CambiConfig config;
    if (int err = resolve_config(*setup, config)) return err;
    std::shared_ptr<HeatmapFiles> heatmaps;
    if (!config.heatmaps_path.empty()) {
        heatmaps = HeatmapFiles::open(config);
        if (!heatmaps) return -EIO;
    }
    *state = new Cambi(*setup, std::move(config), std::move(heatmaps));
    return 0;
}

} // namespace
} // namespace vmaf::cambi

// Luma only: no VMAF_EXTRACTOR_CHROMA, whatever the format. The full-reference
// keys carry no option suffixes, as in the reference.
extern "C" constinit const VmafExtractor vmaf_extractor_cambi =
    vmaf::extractor_entry<vmaf::cambi::Cambi>("cambi", vmaf::cambi::kOptions,
                                              VMAF_EXTRACTOR_ONE_SUFFIXED_KEY,
                                              vmaf::cambi::kFeatures, vmaf::cambi::init);
