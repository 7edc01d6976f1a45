#include "feature/ssimulacra2/ssimulacra2_setup.h"

#include <cerrno>
#include <string_view>

#include "base/log.h"
#include "feature/ssimulacra2/ssimulacra2_description.h"
#include "feature/ssimulacra2/ssimulacra2_math.h"

namespace vmaf::ssimulacra2 {

int read_setup(const VmafExtractorSetup &setup, const char *extractor, Conversion &conversion)
{
    const int w = static_cast<int>(setup.w), h = static_cast<int>(setup.h);
    if (setup.pix_fmt == VMAF_PIX_FMT_YUV400P) {
        log_error("{}: 4:0:0 input has no colour, which SSIMULACRA2 scores (XYB of R'G'B')", extractor);
        return -EINVAL;
    }
    const int ss_x = setup.pix_fmt == VMAF_PIX_FMT_YUV444P ? 0 : 1;
    const int ss_y = setup.pix_fmt == VMAF_PIX_FMT_YUV420P ? 1 : 0;
    // The engine's pictures hold libvmaf's chroma planes, w >> 1 wide for an
    // odd width: FFmpeg's conversion reads one more column (or row).
    if ((ss_x && w % 2) || (ss_y && h % 2)) {
        log_error("{}: {}x{}: chroma subsampled from an odd size lacks the last column or row that "
                  "FFmpeg's conversion to R'G'B' reads; use 4:4:4 or an even size",
                  extractor, w, h);
        return -EINVAL;
    }
    if (w < kMinSize || h < kMinSize) {
        log_error("{}: {}x{}: its six scales (1:1 to 1:32, the last at least 8 samples) need at least "
                  "{}x{} samples",
                  extractor, w, h, kMinSize, kMinSize);
        return -EINVAL;
    }
    const std::string_view m = setup.options[kMatrix].s ? setup.options[kMatrix].s : "bt709";
    const std::string_view r = setup.options[kRange].s ? setup.options[kRange].s : "limited";
    Matrix matrix;
    if (m == "bt709")
        matrix = Matrix::kBt709;
    else if (m == "bt601")
        matrix = Matrix::kBt601;
    else if (m == "bt2020")
        matrix = Matrix::kBt2020;
    else {
        log_error("{}: matrix '{}': not bt709, bt601 or bt2020", extractor, m);
        return -EINVAL;
    }
    if (r != "limited" && r != "full") {
        log_error("{}: range '{}': not limited or full", extractor, r);
        return -EINVAL;
    }
    conversion = ssimulacra2::conversion(w, h, static_cast<int>(setup.bpc), ss_x, ss_y, matrix, r == "full");
    return 0;
}

} // namespace vmaf::ssimulacra2
