// The offset between a reference and its encode (--align auto): the mean
// squared difference of the thumbnails of every pair of frames an offset
// puts together, the offset where it is smallest, taken only where no other
// offset comes close (ADR 0059).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vmaf::session {

// The mean squared differences of pairs of frames' thumbnails (libvmaf's
// VmafThumbnails, on the CPU or a GPU): mse[i] of thumbnails a[i] and b[i];
// false where they could not be had.
using MeasurePairs = std::function<bool(const std::vector<unsigned> &a,
                                        const std::vector<unsigned> &b, std::vector<double> &mse)>;

// Offsets: the distorted's frame i + offset shows the reference's frame i (a
// positive offset: the encode has frames of its own first).
struct OffsetSearch {
    int window = 30;         // offsets from -window to +window
    double min_margin = 0.2; // the least margin an offset is taken with
    unsigned min_pairs = 4;  // offsets putting fewer frames together are not tried
};

struct OffsetFound {
    bool found = false;
    int offset = 0;
    // 1 - best / second best of the mean squared differences: 0 where two
    // offsets match alike, 1 where one matches exactly.
    double margin = 0;
    int runner_up = 0; // the second best offset
    double best_mse = 0, runner_up_mse = 0;
    unsigned pairs = 0; // frames compared at the offset taken
    // Why none was taken (found false): the reference hardly changes, the
    // inputs repeat, or two neighbouring offsets match alike.
    std::string why;
};

// ref[i] and dis[j]: the thumbnails of the reference's frame i and the
// distorted's frame j, compared with one call of `measure` (every pair an
// offset tried puts together, and the reference's neighbours, for the
// reason of a refusal). Nothing where `measure` failed.
std::optional<OffsetFound> search_offset(const std::vector<unsigned> &ref,
                                         const std::vector<unsigned> &dis, const OffsetSearch &how,
                                         const MeasurePairs &measure);

} // namespace vmaf::session
