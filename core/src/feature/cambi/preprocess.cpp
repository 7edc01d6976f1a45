#include "feature/cambi/preprocess.h"

#include <algorithm>
#include <vector>


namespace vmaf::cambi {
namespace {

template <typename Sample>
const Sample *luma_row(const VmafPicture &pic, unsigned y)
{
    return reinterpret_cast<const Sample *>(static_cast<const uint8_t *>(pic.data[0]) +
                                            static_cast<size_t>(y) * pic.stride[0]);
}

// The largest sample of a row: a reduction the compiler vectorises, where a
// search that stops at the first sample too large would not be.
template <typename Sample>
unsigned row_max(const Sample *row, unsigned w)
{
    Sample m = 0;
    for (unsigned x = 0; x < w; x++) m = std::max(m, row[x]);
    return m;
}

template <typename Sample>
bool find_above(const VmafPicture &pic, unsigned max, unsigned &x, unsigned &y, unsigned &value)
{
    for (y = 0; y < pic.h[0]; y++) {
        const Sample *row = luma_row<Sample>(pic, y);
        if (row_max(row, pic.w[0]) <= max) continue;
        for (x = 0; row[x] <= max; x++) {}
        value = row[x];
        return true;
    }
    return false;
}

// One row to 10 bits, as to_10bit_sample converts each sample, with the
// depth's shift chosen once so that the loops vectorise.
template <typename Sample>
void convert_row(const Sample *in, uint16_t *out, unsigned w, int bpc)
{
    if (bpc <= 10) {
        const unsigned up = static_cast<unsigned>(10 - bpc);
        for (unsigned x = 0; x < w; x++) out[x] = static_cast<uint16_t>(unsigned{in[x]} << up);
        return;
    }
    const unsigned down = static_cast<unsigned>(bpc - 10), half = 1u << (down - 1);
    for (unsigned x = 0; x < w; x++) out[x] = static_cast<uint16_t>((unsigned{in[x]} + half) >> down);
}

template <typename Sample>
void convert(const VmafPicture &pic, Plane<uint16_t> &out)
{
    const int bpc = static_cast<int>(pic.bpc);
    const unsigned w = static_cast<unsigned>(out.w), h = static_cast<unsigned>(out.h);
    if (w == pic.w[0] && h == pic.h[0]) {
        for (unsigned y = 0; y < h; y++)
            convert_row(luma_row<Sample>(pic, y), out.row(static_cast<int>(y)), w, bpc);
        return;
    }
    const std::vector<unsigned> xs = nearest_positions(pic.w[0], w);
    const std::vector<unsigned> ys = nearest_positions(pic.h[0], h);
    for (unsigned y = 0; y < h; y++) {
        const Sample *in = luma_row<Sample>(pic, ys[y]);
        uint16_t *o = out.row(static_cast<int>(y));
        for (unsigned x = 0; x < w; x++) o[x] = static_cast<uint16_t>(to_10bit_sample(in[xs[x]], bpc));
    }
}

} // namespace

// The source position of each output position along one side: the nearest
// sample to the output's centre, stepped in float as the reference steps
// (ratio = in / out, from ratio / 2 - 0.5). The accumulated float error can
// reach past the last sample, where the reference reads outside the row or
// plane; the last sample is taken instead (ADR 0014).
std::vector<unsigned> nearest_positions(unsigned in, unsigned out)
{
    std::vector<unsigned> pos(out);
    const float ratio = static_cast<float>(in) / static_cast<float>(out);
    float at = static_cast<float>(ratio / 2 - 0.5);
    for (unsigned i = 0; i < out; i++) {
        const auto nearest = static_cast<unsigned>(static_cast<int>(at + 0.5));
        pos[i] = std::min(nearest, in - 1);
        at += ratio;
    }
    return pos;
}

bool find_out_of_range(const VmafPicture &pic, unsigned &x, unsigned &y, unsigned &value)
{
    // Pictures are 8 to 16 bits: 8- and 16-bit samples use their whole type.
    if (pic.bpc == 8 || pic.bpc == 16) return false;
    return find_above<uint16_t>(pic, (1u << pic.bpc) - 1, x, y, value);
}

void to_10bit(const VmafPicture &pic, int w, int h, Plane<uint16_t> &out)
{
    out.resize(w, h);
    if (pic.bpc > 8)
        convert<uint16_t>(pic, out);
    else
        convert<uint8_t>(pic, out);
}

void undo_dithering(Plane<uint16_t> &plane)
{
    const int w = plane.w, h = plane.h;
    // Row by row, left to right: each sample reads only samples not yet
    // rewritten (its right and lower neighbours).
    for (int y = 0; y + 1 < h; y++) {
        uint16_t *row = plane.row(y);
        const uint16_t *below = plane.row(y + 1);
        for (int x = 0; x + 1 < w; x++)
            row[x] = mean4(row[x], row[x + 1], below[x], below[x + 1]);
        row[w - 1] = mean2(row[w - 1], below[w - 1]);
    }
    uint16_t *last = plane.row(h - 1);
    for (int x = 0; x + 1 < w; x++) last[x] = mean2(last[x], last[x + 1]);
}

} // namespace vmaf::cambi
