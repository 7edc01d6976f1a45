// libvmaf's JSON model format: one model ({"model_dict": ...}) or a
// collection of them ({"0": model, "1": model, ...}).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "model/collection.h"
#include "model/model.h"

namespace vmaf::model {

// `text` is the file's content; `source` names it in messages. Both throw
// LoadError.
std::unique_ptr<VmafModel> parse_model(std::string_view text, const VmafModelConfig &cfg,
                                       const std::string &source);

struct ParsedCollection {
    std::unique_ptr<VmafModel> first; // model "0", named as cfg says
    std::unique_ptr<VmafModelCollection> collection;
};
ParsedCollection parse_collection(std::string_view text, const VmafModelConfig &cfg,
                                  const std::string &source);

// The whole file; throws LoadError with the system's reason, or -EFBIG for a
// file (or device) that holds more than 32 MiB.
std::string read_model_file(const std::string &path);

} // namespace vmaf::model
