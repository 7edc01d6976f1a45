// cambi: Netflix's contrast-aware multiscale banding index, a no-reference
// measure of banding in the distorted picture (and, with full_ref, in the
// reference too). The CPU reference.
#include <array>
#include <cerrno>
#include <memory>
#include <string>

#include "base/log.h"
#include "extractor/extractor.h"
#include "extractor/extractor_state.h"
#include "feature/cambi/cambi_config.h"
#include "feature/cambi/cambi_options.h"
#include "feature/cambi/cambi_report.h"
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
    return out_of_range_error("cambi", side, frame, x, y, value, pic.bpc);
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
        double dis = 0, src = 0;
        if (int err = scorer_.score(*frame.dis, config_.enc, heatmaps_.get(), frame.index, dis))
            return err;
        if (config_.full_ref) {
            if (int err = check_range(*frame.ref, "reference", frame.index)) return err;
            if (int err = scorer_.score(*frame.ref, config_.src, nullptr, frame.index, src))
                return err;
        }
        return write_frame(keys_, config_.max_val, config_.full_ref, dis, src, frame.index, sink);
    }

    CambiConfig config_;
    CambiScorer scorer_;
    std::shared_ptr<HeatmapFiles> heatmaps_;
    std::array<std::string, 3> keys_;
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
    vmaf::extractor_entry<vmaf::cambi::Cambi>(vmaf::cambi::kDescription, vmaf::cambi::init);
