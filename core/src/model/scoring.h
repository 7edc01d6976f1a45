// Model scores of a run's frames: features from its collector in, the
// model's score (and a collection's statistics) out, written back to the
// collector under the model's name so that the output writers see them.
// `subsample` is the run's (VmafConfiguration::n_subsample): pooling reads
// the frames it selects.
#pragma once

#include "extractor/collector.h"
#include "libvmaf/libvmaf.h"
#include "model/collection.h"
#include "model/model.h"

namespace vmaf::model {

// The score at `index`; computed and recorded unless already there.
int score_at_index(FeatureCollector &collector, const VmafModel &model, unsigned index,
                   double *score);

int collection_score_at_index(FeatureCollector &collector, const VmafModelCollection &mc,
                              unsigned index, VmafModelCollectionScore *score);

// Every selected frame of [low, high] scored, then pooled.
int score_pooled(FeatureCollector &collector, unsigned subsample, const VmafModel &model,
                 VmafPoolingMethod method, unsigned low, unsigned high, double *score);

int collection_score_pooled(FeatureCollector &collector, unsigned subsample,
                            const VmafModelCollection &mc, VmafPoolingMethod method, unsigned low,
                            unsigned high, VmafModelCollectionScore *score);

} // namespace vmaf::model
