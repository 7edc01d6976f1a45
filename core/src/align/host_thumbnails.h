// Thumbnails in host memory, made and compared on the CPU.
#pragma once

#include <vector>

#include "align/thumbnail_math.h"
#include "align/thumbnail_store.h"

namespace vmaf::align {

class HostThumbnails final : public ThumbnailStore {
  public:
    HostThumbnails(const ThumbnailShape &shape, unsigned capacity);
    int put(const VmafPicture &pic, unsigned index) override;
    int mse(const unsigned *a, const unsigned *b, size_t count, double *mse) override;

  private:
    const float *thumbnail(unsigned index) const;

    ThumbnailShape shape_;
    std::vector<float> luma_; // capacity thumbnails, one after the other
};

} // namespace vmaf::align
