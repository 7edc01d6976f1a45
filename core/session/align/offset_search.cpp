#include "session/align/offset_search.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fmt/format.h>
#include <limits>

namespace vmaf::session {

namespace {

// Below this mean squared change from frame to frame (8-bit units), the
// reference is still: no offset can be told from another.
constexpr double kStill = 0.01;

template <typename T> void shrink(const VmafPicture &pic, unsigned f, Thumbnail &t)
{
    const float scale = static_cast<float>(1.0 / (double(f) * f * double(1u << (pic.bpc - 8))));
    const unsigned w = t.w * f;
    std::vector<uint32_t> columns(w);
    for (unsigned ty = 0; ty < t.h; ty++) {
        // The block's lines added column by column (straight through each
        // line), then each block's columns.
        std::fill(columns.begin(), columns.end(), 0u);
        for (unsigned y = ty * f; y < (ty + 1) * f; y++) {
            const T *row = reinterpret_cast<const T *>(static_cast<const uint8_t *>(pic.data[0]) +
                                                       ptrdiff_t(y) * pic.stride[0]);
            for (unsigned x = 0; x < w; x++) columns[x] += row[x];
        }
        for (unsigned tx = 0; tx < t.w; tx++) {
            uint32_t sum = 0;
            for (unsigned k = 0; k < f; k++) sum += columns[tx * f + k];
            t.luma[size_t(ty) * t.w + tx] = static_cast<float>(sum) * scale;
        }
    }
}

// Eight running sums in float (a row's squares are small enough), the rows
// added in double: the compiler keeps the eight in one vector register.
double frame_mse(const Thumbnail &a, const Thumbnail &b)
{
    double total = 0;
    const size_t w = a.w;
    for (size_t y = 0; y < a.h; y++) {
        const float *pa = a.luma.data() + y * w, *pb = b.luma.data() + y * w;
        float lanes[8] = {};
        size_t x = 0;
        for (; x + 8 <= w; x += 8)
            for (size_t k = 0; k < 8; k++) {
                const float d = pa[x + k] - pb[x + k];
                lanes[k] += d * d;
            }
        for (; x < w; x++) {
            const float d = pa[x] - pb[x];
            lanes[0] += d * d;
        }
        for (float l : lanes) total += l;
    }
    return total / double(a.luma.size());
}

} // namespace

unsigned thumbnail_factor(unsigned w, unsigned h)
{
    return std::max(1u, std::min(w, h) / 90);
}

Thumbnail make_thumbnail(const VmafPicture &pic, unsigned factor)
{
    Thumbnail t;
    t.w = std::max(1u, pic.w[0] / factor);
    t.h = std::max(1u, pic.h[0] / factor);
    factor = std::min({factor, pic.w[0], pic.h[0]});
    t.luma.resize(size_t(t.w) * t.h);
    if (pic.bpc > 8)
        shrink<uint16_t>(pic, factor, t);
    else
        shrink<uint8_t>(pic, factor, t);
    return t;
}

OffsetFound search_offset(const std::vector<Thumbnail> &ref, const std::vector<Thumbnail> &dis,
                          const OffsetSearch &how)
{
    OffsetFound out;
    struct Tried {
        int offset;
        double mse;
        unsigned pairs;
    };
    std::vector<Tried> tried;
    const long long nr = static_cast<long long>(ref.size()),
                    nd = static_cast<long long>(dis.size());
    for (int d = -how.window; d <= how.window; d++) {
        const long long first = std::max(0LL, -static_cast<long long>(d));
        const long long end = std::min(nr, nd - d);
        if (end - first < static_cast<long long>(how.min_pairs)) continue;
        double sum = 0;
        for (long long i = first; i < end; i++)
            sum += frame_mse(ref[size_t(i)], dis[size_t(i + d)]);
        tried.push_back({d, sum / double(end - first), static_cast<unsigned>(end - first)});
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
    for (size_t i = 1; i < ref.size(); i++) change += frame_mse(ref[i - 1], ref[i]);
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
