#include "session/align/offset_search.h"

#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>

namespace vmaf::session {

namespace {

// Below this mean squared change from frame to frame (8-bit units), the
// reference is still: no offset can be told from another.
constexpr double kStill = 0.01;

} // namespace

std::optional<OffsetFound> search_offset(const std::vector<unsigned> &ref,
                                         const std::vector<unsigned> &dis, const OffsetSearch &how,
                                         const MeasurePairs &measure)
{
    OffsetFound out;
    struct Tried {
        int offset;
        double mse;
        unsigned pairs;
        size_t first_pair; // in the measured list
    };
    std::vector<Tried> tried;
    std::vector<unsigned> a, b;
    const long long nr = static_cast<long long>(ref.size()),
                    nd = static_cast<long long>(dis.size());
    for (int d = -how.window; d <= how.window; d++) {
        const long long first = std::max(0LL, -static_cast<long long>(d));
        const long long end = std::min(nr, nd - d);
        if (end - first < static_cast<long long>(how.min_pairs)) continue;
        tried.push_back({d, 0, static_cast<unsigned>(end - first), a.size()});
        for (long long i = first; i < end; i++) {
            a.push_back(ref[size_t(i)]);
            b.push_back(dis[size_t(i + d)]);
        }
    }
    const size_t neighbours = a.size();
    for (size_t i = 1; i < ref.size(); i++) {
        a.push_back(ref[i - 1]);
        b.push_back(ref[i]);
    }
    std::vector<double> mse(a.size());
    if (!a.empty() && !measure(a, b, mse)) return std::nullopt;
    for (Tried &t : tried) {
        double sum = 0;
        for (size_t i = 0; i < t.pairs; i++) sum += mse[t.first_pair + i];
        t.mse = sum / double(t.pairs);
    }
    if (tried.size() < 2) {
        out.why = fmt::format("too few frames to compare: {} of the reference and {} of the "
                              "distorted, and {} are compared at each offset at least",
                              nr, nd, how.min_pairs);
        return out;
    }
    // The best, then the best of the others; the earliest offset on a tie.
    std::stable_sort(tried.begin(), tried.end(),
                     [](const Tried &a, const Tried &b) { return a.mse < b.mse; });
    const Tried &best = tried[0], &next = tried[1];
    out.offset = best.offset;
    out.runner_up = next.offset;
    out.best_mse = best.mse;
    out.runner_up_mse = next.mse;
    out.pairs = best.pairs;
    out.margin = next.mse > 0 ? 1.0 - best.mse / next.mse : 0.0;
    if (out.margin >= how.min_margin) {
        out.found = true;
        return out;
    }
    double change = 0;
    for (size_t i = neighbours; i < mse.size(); i++) change += mse[i];
    change /= double(ref.size() - 1);
    if (change < kStill)
        out.why =
            fmt::format("the reference hardly changes over the {} frames compared (a still or "
                        "flat picture): every offset matches alike",
                        ref.size());
    else if (std::abs(best.offset - next.offset) > 1)
        out.why = fmt::format("offsets {} and {} match alike (margin {:.3f}): the video repeats "
                              "itself (a loop?)",
                              best.offset, next.offset, out.margin);
    else
        out.why = fmt::format("offsets {} and {} match almost alike (margin {:.3f}, {} needed): "
                              "too little motion to tell them apart",
                              best.offset, next.offset, out.margin, how.min_margin);
    return out;
}

} // namespace vmaf::session
