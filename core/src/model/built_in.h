// The model files embedded at build time (meson options built_in_models,
// model_dir), by version: the file name without ".json".
#pragma once

#include <span>
#include <string_view>

namespace vmaf::model {

struct BuiltInModel {
    std::string_view version;
    std::string_view json;
};

std::span<const BuiltInModel> built_in_models();

const BuiltInModel *find_built_in(std::string_view version);

} // namespace vmaf::model
