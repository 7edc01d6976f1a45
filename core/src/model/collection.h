// VmafModelCollection: bootstrap models whose spread gives a confidence
// interval around their mean (the "bagging" score).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/model.h"

struct VmafModelCollection {
    std::string name; // prefix of its output keys: name_bagging, name_stddev, ...
    VmafModel::Type type = VmafModel::Type::BootstrapSvm;
    std::vector<std::unique_ptr<VmafModel>> models; // named name_0001, name_0002, ...
};
