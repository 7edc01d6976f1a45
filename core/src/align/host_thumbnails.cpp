#include "align/host_thumbnails.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>

namespace vmaf::align {

namespace {

// A block's lines added column by column, straight through each line, then
// each block's columns.
template <typename T>
void shrink(const VmafPicture &pic, const ThumbnailShape &s, float *out,
            std::vector<uint64_t> &columns)
{
    const unsigned f = s.block, w = s.w * f;
    columns.assign(w, 0);
    for (unsigned ty = 0; ty < s.h; ty++) {
        std::fill(columns.begin(), columns.end(), 0);
        for (unsigned y = ty * f; y < (ty + 1) * f; y++) {
            const T *row = reinterpret_cast<const T *>(static_cast<const uint8_t *>(pic.data[0]) +
                                                       ptrdiff_t(y) * pic.stride[0]);
            for (unsigned x = 0; x < w; x++) columns[x] += row[x];
        }
        for (unsigned tx = 0; tx < s.w; tx++) {
            uint64_t sum = 0;
            for (unsigned k = 0; k < f; k++) sum += columns[tx * f + k];
            out[size_t(ty) * s.w + tx] = thumbnail_sample(sum, s.scale);
        }
    }
}

} // namespace

HostThumbnails::HostThumbnails(const ThumbnailShape &shape, unsigned capacity)
    : shape_(shape), luma_(size_t(capacity) * shape.w * shape.h)
{
}

const float *HostThumbnails::thumbnail(unsigned index) const
{
    return luma_.data() + size_t(index) * shape_.w * shape_.h;
}

int HostThumbnails::put(const VmafPicture &pic, unsigned index)
{
    float *out = luma_.data() + size_t(index) * shape_.w * shape_.h;
    std::vector<uint64_t> columns;
    if (pic.bpc > 8)
        shrink<uint16_t>(pic, shape_, out, columns);
    else
        shrink<uint8_t>(pic, shape_, out, columns);
    return 0;
}

int HostThumbnails::mse(const unsigned *a, const unsigned *b, size_t count, double *mse)
{
    for (size_t i = 0; i < count; i++)
        mse[i] = thumbnail_mse(thumbnail(a[i]), thumbnail(b[i]), shape_.w, shape_.h);
    return 0;
}

} // namespace vmaf::align
