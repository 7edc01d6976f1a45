// The one golden comparer: the scores in a context against a golden variant,
// frame by frame, and the steps around it (run extractors over a clip).
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "support/golden.h"

namespace vmaf::test {

// Every value of golden `g` (every frame, every key for which `wanted(key)`
// is true) against the context's score within `tolerance`; a null golden
// value (not finite in the reference) must be non-finite here too. `label`
// names the clip in failures. Returns how many values were compared.
size_t expect_golden_frames(VmafContext *ctx, const nlohmann::json &g, const std::string &label,
                            const std::function<bool(const std::string &)> &wanted,
                            double tolerance);

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
