#include "model/built_in.h"

namespace vmaf::model {

const BuiltInModel *find_built_in(std::string_view version)
{
    for (const BuiltInModel &m : built_in_models())
        if (m.version == version) return &m;
    return nullptr;
}

} // namespace vmaf::model
