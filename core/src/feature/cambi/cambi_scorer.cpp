#include "feature/cambi/cambi_scorer.h"

#include "feature/cambi/preprocess.h"
#include "feature/cambi/topk_pooling.h"

namespace vmaf::cambi {

int CambiScorer::score(const VmafPicture &pic, const ScoredSize &size, HeatmapFiles *heatmaps,
                       unsigned frame, double &score)
{
    to_10bit(pic, size.w, size.h, image_);
    if (config_.enc_bitdepth < 10) undo_dithering(image_);
    // The mask is computed once, at full size, and halved with the image.
    spatial_mask_.compute(image_, mask_);

    double means[kScales];
    for (int scale = 0; scale < kScales; scale++) {
        if (scale > 0 || config_.high_res_speedup) {
            halve(image_);
            halve(mask_);
        }
        mode_filter_.apply(image_);
        c_values_.compute(image_, mask_, size.window, levels_, c_);
        if (heatmaps) {
            if (int err = heatmaps->write(scale, frame, c_)) return err;
        }
        means[scale] = topk_mean(c_.samples(), config_.topk);
    }
    score = weighted_score(means, size.window);
    return 0;
}

} // namespace vmaf::cambi
