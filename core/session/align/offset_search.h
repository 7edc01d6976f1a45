// The offset between a reference and its encode (--align auto): each frame's
// luma shrunk to a thumbnail, the mean squared difference of the thumbnails
// of every pair of frames an offset puts together, the offset where it is
// smallest, taken only where no other offset comes close (ADR 0059).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "libvmaf/picture.h"

namespace vmaf::session {

// A frame's luma averaged over blocks of factor x factor samples, in 8-bit
// units whatever the depth.
struct Thumbnail {
    unsigned w = 0, h = 0;
    std::vector<float> luma;
};

// The block size that shrinks a w x h frame to about 90 lines (1 for small
// frames).
unsigned thumbnail_factor(unsigned w, unsigned h);

Thumbnail make_thumbnail(const VmafPicture &pic, unsigned factor);

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

OffsetFound search_offset(const std::vector<Thumbnail> &ref, const std::vector<Thumbnail> &dis,
                          const OffsetSearch &how);

} // namespace vmaf::session
