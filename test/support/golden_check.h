// Shared golden-test steps: run extractors over a clip and compare chosen
// keys of a golden variant frame by frame.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "support/golden.h"

namespace vmaf::test {

struct FeatureUse {
    std::string name;
    std::vector<std::pair<std::string, std::string>> options;
};

// Scores `clip` with `features` (threads as given) and compares every key of
// golden `variant` for which `wanted(key)` is true, within `tolerance`.
// Returns how many values were compared (0 is a failure of the test itself).
size_t expect_golden(const std::string &clip, const std::string &variant,
                     const std::vector<FeatureUse> &features,
                     const std::function<bool(const std::string &)> &wanted, double tolerance,
                     unsigned threads = 0, unsigned subsample = 0);

} // namespace vmaf::test
