#include "feature/xpsnr/xpsnr_math.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace vmaf::xpsnr {
namespace {

constexpr uint64_t kGamma = 2; // the temporal term's gain

uint64_t block_sse(const int16_t *a, int a_stride, const int16_t *b, int b_stride, int bw, int bh)
{
    uint64_t sse = 0;
    for (int y = 0; y < bh; y++) {
        for (int x = 0; x < bw; x++) {
            const int64_t e = int64_t{a[y * a_stride + x]} - int64_t{b[y * b_stride + x]};
            sse += static_cast<uint64_t>(e * e);
        }
    }
    return sse;
}

// The high-pass on 2x2 sums, every second sample of the active area (pictures
// above 2048x1152).
uint64_t downsampled_activity(const int16_t *o, int s, int x0, int y0, int x1, int y1)
{
    auto at = [&](int y, int x) { return int{o[y * s + x]}; };
    uint64_t act = 0;
    for (int y = y0; y < y1; y += 2) {
        for (int x = x0; x < x1; x += 2) {
            const int f = 12 * (at(y, x) + at(y, x + 1) + at(y + 1, x) + at(y + 1, x + 1)) -
                          3 * (at(y - 1, x) + at(y - 1, x + 1) + at(y + 2, x) + at(y + 2, x + 1)) -
                          3 * (at(y, x - 1) + at(y, x + 2) + at(y + 1, x - 1) + at(y + 1, x + 2)) -
                          2 * (at(y - 1, x - 1) + at(y - 1, x + 2) + at(y + 2, x - 1) + at(y + 2, x + 2)) -
                          (at(y - 2, x - 1) + at(y - 2, x) + at(y - 2, x + 1) + at(y - 2, x + 2) +
                           at(y + 3, x - 1) + at(y + 3, x) + at(y + 3, x + 1) + at(y + 3, x + 2) +
                           at(y - 1, x - 2) + at(y, x - 2) + at(y + 1, x - 2) + at(y + 2, x - 2) +
                           at(y - 1, x + 3) + at(y, x + 3) + at(y + 1, x + 3) + at(y + 2, x + 3));
            act += static_cast<uint64_t>(std::abs(f));
        }
    }
    return act;
}

// The 3x3 high-pass of the active area (pictures up to 2048x1152). A row's
// sum fits 32 bits (|f| <= 20 * 2^15, at most 256 samples), so that the
// inner loop vectorises.
uint64_t activity(const int16_t *o, int s, int x0, int y0, int x1, int y1)
{
    uint64_t act = 0;
    for (int y = y0; y < y1; y++) {
        const int16_t *up = o + (y - 1) * s, *row = o + y * s, *down = o + (y + 1) * s;
        uint32_t sum = 0;
        for (int x = x0; x < x1; x++) {
            const int f = 12 * row[x] - 2 * (row[x - 1] + row[x + 1] + up[x] + down[x]) -
                          (up[x - 1] + up[x + 1] + down[x - 1] + down[x + 1]);
            sum += static_cast<uint32_t>(std::abs(f));
        }
        act += sum;
    }
    return act;
}

// A previous picture's sample, 0 where there is none yet.
int sample_or_zero(const PlaneView &p, int x, int y)
{
    return p.px ? int{p.px[y * p.stride + x]} : 0;
}

// The temporal activity of one row of a block, per sample: |o - m1|, or
// |o - 2 m1 + m2| (m null: zeros). A row's sum fits 32 bits.
uint32_t temporal_row(const int16_t *o, const int16_t *m1, const int16_t *m2, int n, bool second_order)
{
    uint32_t sum = 0;
    if (!second_order) {
        if (m1)
            for (int x = 0; x < n; x++) sum += static_cast<uint32_t>(std::abs(o[x] - m1[x]));
        else
            for (int x = 0; x < n; x++) sum += static_cast<uint32_t>(std::abs(int{o[x]}));
        return sum;
    }
    for (int x = 0; x < n; x++) {
        const int t = o[x] - 2 * (m1 ? int{m1[x]} : 0) + (m2 ? int{m2[x]} : 0);
        sum += static_cast<uint32_t>(std::abs(t));
    }
    return sum;
}

// The temporal activity of the block at (bx, by) against the last one or two
// frames: on 2x2 sums where `pairs`, else per sample.
uint64_t temporal_activity(const FrameInputs &in, int bx, int by, int bw, int bh, bool second_order,
                           bool pairs)
{
    const PlaneView &o = in.ref[0];
    auto row_of = [&](const PlaneView &p, int y) { return p.px ? p.px + y * p.stride + bx : nullptr; };
    uint64_t act = 0;
    if (!pairs) {
        for (int y = by; y < by + bh; y++)
            act += temporal_row(row_of(o, y), row_of(in.prev1, y), row_of(in.prev2, y), bw, second_order);
        return act * kGamma;
    }
    for (int y = by; y < by + bh; y += 2) {
        for (int x = bx; x < bx + bw; x += 2) {
            int t = 0;
            for (int dy = 0; dy < 2; dy++) {
                for (int dx = 0; dx < 2; dx++) {
                    const int now = o.px[(y + dy) * o.stride + x + dx];
                    const int m1 = sample_or_zero(in.prev1, x + dx, y + dy);
                    t += second_order ? now - 2 * m1 + sample_or_zero(in.prev2, x + dx, y + dy) : now - m1;
                }
            }
            act += static_cast<uint64_t>(std::abs(t));
        }
    }
    return act * kGamma;
}

// Small pictures: each block's weight lowered to the larger of its left and
// upper neighbours' where that is smaller, in the reference's order (the
// previous block as each block is weighed, the last block at the end).
void smooth(std::vector<double> &wt, size_t i, int x, int y, unsigned b, int w, int h, size_t row_blocks)
{
    const auto ub = static_cast<int>(b);
    double prev = 0;
    if (x == 0)
        prev = i > 1 ? wt[i - 2] : 0;
    else
        prev = x > ub ? std::max(wt[i - 2], wt[i]) : wt[i];
    if (i > row_blocks) prev = std::max(prev, wt[i - 1 - row_blocks]);
    if (i > 0 && wt[i - 1] > prev) wt[i - 1] = prev;
    if (x + ub >= w && y + ub >= h && i > row_blocks) {
        prev = std::max(wt[i - 1], wt[i - row_blocks]);
        if (wt[i] > prev) wt[i] = prev;
    }
}

uint64_t rounded(double wsse, double avg_act)
{
    return wsse <= 0.0 ? 0 : static_cast<uint64_t>(wsse * avg_act + 0.5);
}

uint32_t luma_pixels(const Layout &l)
{
    return static_cast<uint32_t>(l.w[0]) * static_cast<uint32_t>(l.h[0]);
}

} // namespace

unsigned block_size(int w, int h)
{
    const double r = static_cast<double>(static_cast<uint32_t>(w) * static_cast<uint32_t>(h)) / (3840.0 * 2160.0);
    return static_cast<unsigned>(std::max(0, 4 * static_cast<int32_t>(32.0 * std::sqrt(r) + 0.5)));
}

bool size_supported(int w, int h)
{
    const auto pixels = static_cast<uint64_t>(w) * static_cast<uint64_t>(h);
    return block_size(w, h) >= 4 && (pixels <= 2048u * 1152u || (w % 2 == 0 && h % 2 == 0));
}

Layout layout_of(int planes, const int w[3], const int h[3], bool high_rate)
{
    Layout l{};
    l.planes = planes;
    const unsigned b = block_size(w[0], h[0]);
    for (int c = 0; c < planes; c++) {
        l.w[c] = w[c];
        l.h[c] = h[c];
        // Chroma blocks cover the same part of the picture as luma's.
        l.bw[c] = static_cast<int>(b * static_cast<unsigned>(w[c]) / static_cast<unsigned>(w[0]));
        l.bh[c] = static_cast<int>(b * static_cast<unsigned>(h[c]) / static_cast<unsigned>(h[0]));
        l.cols[c] = (w[c] + l.bw[c] - 1) / l.bw[c];
        l.rows[c] = (h[c] + l.bh[c] - 1) / l.bh[c];
    }
    l.edge = luma_pixels(l) > 2048u * 1152u ? 2 : 1;
    l.smoothed = luma_pixels(l) <= 640u * 480u;
    l.second_order = high_rate;
    l.temporal = true;
    return l;
}

ActiveArea active_area(const Layout &l, int col, int row)
{
    const int x = col * l.bw[0], y = row * l.bh[0];
    const int bw = std::min(l.bw[0], l.w[0] - x), bh = std::min(l.bh[0], l.h[0] - y);
    return {x > 0 ? 0 : l.edge, y > 0 ? 0 : l.edge, x + bw < l.w[0] ? bw : bw - l.edge,
            y + bh < l.h[0] ? bh : bh - l.edge};
}

void block_sums(const FrameInputs &in, const Layout &l, BlockSums &sums)
{
    for (int c = 0; c < l.planes; c++) {
        const PlaneView &ref = in.ref[c], &dis = in.dis[c];
        std::vector<uint64_t> &sse = sums.sse[c];
        sse.resize(static_cast<size_t>(l.cols[c]) * static_cast<size_t>(l.rows[c]));
        size_t i = 0;
        for (int y = 0; y < l.h[c]; y += l.bh[c]) {
            for (int x = 0; x < l.w[c]; x += l.bw[c], i++) {
                const int bw = std::min(l.bw[c], l.w[c] - x), bh = std::min(l.bh[c], l.h[c] - y);
                sse[i] = block_sse(ref.px + y * ref.stride + x, ref.stride, dis.px + y * dis.stride + x,
                                   dis.stride, bw, bh);
            }
        }
    }
    const size_t blocks = sums.sse[0].size();
    sums.spatial.assign(blocks, 0);
    sums.temporal.assign(blocks, 0);
    const PlaneView &o = in.ref[0];
    for (int row = 0, i = 0; row < l.rows[0]; row++) {
        for (int col = 0; col < l.cols[0]; col++, i++) {
            const ActiveArea a = active_area(l, col, row);
            if (a.empty()) continue;
            const int x = col * l.bw[0], y = row * l.bh[0];
            const int16_t *px = o.px + y * o.stride + x;
            // The reference leaves the activity at 0 for a downsampled block
            // of at most 12 active columns (it drops that call's result).
            if (l.edge > 1)
                sums.spatial[i] = a.x1 > 12 ? downsampled_activity(px, o.stride, a.x0, a.y0, a.x1, a.y1) : 0;
            else
                sums.spatial[i] = activity(px, o.stride, a.x0, a.y0, a.x1, a.y1);
            const int bw = std::min(l.bw[0], l.w[0] - x), bh = std::min(l.bh[0], l.h[0] - y);
            if (l.temporal) sums.temporal[i] = temporal_activity(in, x, y, bw, bh, l.second_order, l.edge > 1);
        }
    }
}

void weighted_sse(const BlockSums &sums, const Layout &l, unsigned depth, std::vector<double> &weight,
                  uint64_t wsse[3])
{
    for (int c = 0; c < 3; c++) wsse[c] = 0;
    const double r = static_cast<double>(luma_pixels(l)) / (3840.0 * 2160.0);
    const double avg_act =
        std::sqrt(16.0 * static_cast<double>(1 << (2 * depth - 9)) / std::sqrt(std::max(0.00001, r)));
    const double floor = static_cast<double>(1 << (depth - 6));
    const auto b = static_cast<unsigned>(l.bw[0]);
    weight.assign(sums.sse[0].size(), 0.0);
    for (int row = 0, i = 0; row < l.rows[0]; row++) {
        for (int col = 0; col < l.cols[0]; col++, i++) {
            const int x = col * l.bw[0], y = row * l.bh[0];
            const ActiveArea a = active_area(l, col, row);
            double ms_act = 1.0; // a block without an active area keeps a weight of 1
            if (!a.empty()) {
                const int bw = std::min(l.bw[0], l.w[0] - x), bh = std::min(l.bh[0], l.h[0] - y);
                ms_act = static_cast<double>(sums.spatial[i]) /
                         (static_cast<double>(a.x1 - a.x0) * static_cast<double>(a.y1 - a.y0));
                ms_act += static_cast<double>(sums.temporal[i]) / (static_cast<double>(bw) * static_cast<double>(bh));
                if (ms_act < floor) ms_act = floor;
                ms_act *= ms_act;
            }
            weight[i] = 1.0 / std::sqrt(ms_act);
            if (l.smoothed) smooth(weight, static_cast<size_t>(i), x, y, b, l.w[0], l.h[0], static_cast<size_t>(l.cols[0]));
        }
    }
    for (int c = 0; c < l.planes; c++) {
        double sum = 0.0;
        // A chroma block takes the weight of the luma block it covers.
        for (size_t k = 0; k < sums.sse[c].size(); k++) sum += static_cast<double>(sums.sse[c][k]) * weight[k];
        wsse[c] = rounded(sum, avg_act);
    }
}

double average_xpsnr(double sum_root_wsse, double sum_xpsnr, uint64_t frames, int w, int h, unsigned depth)
{
    if (frames == 0) return std::numeric_limits<double>::infinity();
    const auto n = static_cast<double>(frames);
    if (sum_root_wsse < n) return sum_xpsnr / n;
    const double mean_root = sum_root_wsse / n;
    const uint64_t top = (uint64_t{1} << depth) - 1;
    const uint64_t num = static_cast<uint64_t>(w) * static_cast<uint64_t>(h) * top * top;
    return 10.0 * std::log10(static_cast<double>(num) / (mean_root * mean_root));
}

double plane_xpsnr(uint64_t wsse, int w, int h, unsigned depth)
{
    return average_xpsnr(std::sqrt(static_cast<double>(wsse)), std::numeric_limits<double>::infinity(), 1, w,
                         h, depth);
}

} // namespace vmaf::xpsnr
