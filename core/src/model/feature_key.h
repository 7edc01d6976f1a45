// Where a model finds each of its features: the output key the extractor
// writes for the model's options ("integer_adm2_egl_1").
#pragma once

#include <string>

#include "model/model.h"

namespace vmaf::model {

// Sets `feature.key` from its name and options; false with `error` when the
// name is unknown or an option does not apply.
bool resolve_feature_key(VmafModel::Feature &feature, std::string &error);

} // namespace vmaf::model
