#include "feature/xpsnr/xpsnr_setup.h"

#include <cerrno>

#include "base/log.h"
#include "feature/xpsnr/xpsnr_description.h"

namespace vmaf::xpsnr {

int read_setup(const VmafExtractorSetup &setup, const char *extractor, Layout &layout)
{
    const int w = static_cast<int>(setup.w), h = static_cast<int>(setup.h);
    if (!size_supported(w, h)) {
        log_error("{}: {}x{}: FFmpeg's xpsnr does not define pictures under 2025 luma samples (its "
                  "block size is 0) nor odd widths or heights above 2048x1152 (its 2x2 cells would "
                  "fall outside the picture)",
                  extractor, w, h);
        return -EINVAL;
    }
    int planes = setup.pix_fmt == VMAF_PIX_FMT_YUV400P ? 1 : 3;
    const int ss_x = setup.pix_fmt == VMAF_PIX_FMT_YUV444P ? 0 : 1;
    const int ss_y = setup.pix_fmt == VMAF_PIX_FMT_YUV420P ? 1 : 0;
    // The engine's pictures hold libvmaf's chroma planes, w >> 1 wide for an
    // odd width (h >> 1 tall for an odd height): FFmpeg's filter scores the
    // planes rounded up, whose last column or row they lack (ADR 0050).
    if (planes == 3 && ((ss_x && w % 2) || (ss_y && h % 2))) {
        log(VMAF_LOG_LEVEL_WARNING,
            "{}: {}x{}: chroma subsampled from an odd size is scored by FFmpeg's xpsnr on planes one "
            "sample wider or taller than the pictures here hold; only xpsnr_y is written",
            extractor, w, h);
        planes = 1;
    }
    int pw[3] = {w, 0, 0}, ph[3] = {h, 0, 0};
    for (int c = 1; c < planes; c++) {
        pw[c] = w >> ss_x;
        ph[c] = h >> ss_y;
    }
    layout = layout_of(planes, pw, ph, high_rate(setup.options[kFps].d));
    layout.temporal = setup.options[kTemporal].b;
    return 0;
}

} // namespace vmaf::xpsnr
