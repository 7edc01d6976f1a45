#include "feature/cambi/cambi_config.h"

#include <algorithm>
#include <cerrno>
#include <string_view>

#include "base/excerpt.h"
#include "base/log.h"
#include "feature/cambi/cambi_options.h"
#include "feature/cambi/reciprocal_table.h"

namespace vmaf::cambi {
namespace {

// The window option is meant for 4K (3840 + 2160 = 6000 = 375 * 16): it is
// scaled by (w + h) / 6000, in integers as the reference does, halved with
// the high-resolution speed-up, and made odd.
int scaled_window(int window_option, int w, int h, bool high_res_speedup)
{
    int window = (window_option * (w + h)) / 375 >> 4;
    if (high_res_speedup) window = (window + 1) >> 1;
    return window | 1;
}

// Whether the speed-up applies: the option names the least resolution it
// applies from, by pixel count; any other value turns it off.
bool speedup_applies(int option, int enc_w, int enc_h)
{
    const long pixels = static_cast<long>(enc_w) * enc_h;
    switch (option) {
    case 1080: return pixels >= 1920L * 1080;
    case 1440: return pixels >= 2560L * 1440;
    case 2160: return pixels >= 3840L * 2160;
    default: return false;
    }
}

// The side of the fifth scale: halved four times, five with the speed-up
// (its first scale is already half the size), rounding up.
int coarsest_side(int side, bool high_res_speedup)
{
    if (high_res_speedup) side = (side + 1) >> 1;
    for (int s = 1; s < kScales; s++) side = (side + 1) >> 1;
    return side;
}

// The reference's window loops read rows and columns past the picture, and
// write c-values before its first row, where the coarsest scale is smaller
// than half the window (ADR 0014). Everywhere else they stay inside.
bool fits_window(int w, int h, int window_option, bool speedup)
{
    const int half = scaled_window(window_option, w, h, speedup) >> 1;
    return coarsest_side(w, speedup) >= half && coarsest_side(h, speedup) >= half;
}

// The least size from w x h up (growing the side that is short) whose
// coarsest scale holds half its window.
void least_fitting(int &w, int &h, int window_option, bool speedup)
{
    constexpr int kLargest = 1 << 15;
    while (w < kLargest && h < kLargest && !fits_window(w, h, window_option, speedup)) {
        const int half = scaled_window(window_option, w, h, speedup) >> 1;
        if (coarsest_side(h, speedup) < half) h++;
        if (coarsest_side(w, speedup) < half) w++;
    }
}

int check_side(std::string_view what, int w, int h)
{
    if (w >= kMinSide || h >= kMinSide) return 0;
    log_error("cambi: {} {}x{} is too small: cambi needs a width or a height of at least {}",
              what, w, h, kMinSide);
    return -EINVAL;
}

int check_window_fits(std::string_view what, const ScoredSize &size, int window_option,
                      bool speedup)
{
    if (fits_window(size.w, size.h, window_option, speedup)) return 0;
    int w = size.w, h = size.h;
    least_fitting(w, h, window_option, speedup);
    log_error("cambi: {} {}x{} is too small for its {}-pixel window: at the coarsest of the {} "
              "scales it is {}x{}, less than half the window; the least size that works is {}x{}",
              what, size.w, size.h, size.window, kScales, coarsest_side(size.w, speedup),
              coarsest_side(size.h, speedup), w, h);
    return -EINVAL;
}

} // namespace

int resolve_config(const VmafExtractorSetup &setup, CambiConfig &config)
{
    const VmafOptionValue *o = setup.options;
    const int pic_w = static_cast<int>(setup.w), pic_h = static_cast<int>(setup.h);

    config.enc_bitdepth = o[kEncBitdepth].i ? o[kEncBitdepth].i : static_cast<int>(setup.bpc);
    // An encoding size needs both sides; one larger than the picture means
    // the encode was upscaled, and it is scored at the picture's size.
    const bool enc_given = o[kEncWidth].i && o[kEncHeight].i;
    int enc_w = enc_given ? o[kEncWidth].i : pic_w, enc_h = enc_given ? o[kEncHeight].i : pic_h;
    const bool enc_larger = enc_w > pic_w || enc_h > pic_h;
    if (enc_larger) enc_w = pic_w, enc_h = pic_h;
    const bool src_given = o[kSrcWidth].i && o[kSrcHeight].i;
    const int src_w = src_given ? o[kSrcWidth].i : pic_w;
    const int src_h = src_given ? o[kSrcHeight].i : pic_h;
    const std::string_view enc_what =
        enc_given && !enc_larger ? "the encoding size (enc_width x enc_height)" : "the picture";
    const std::string_view src_what =
        src_given ? "the source size (src_width x src_height)" : "the picture";

    // The source size is checked with and without full_ref, as the reference does.
    if (int err = check_side(enc_what, enc_w, enc_h)) return err;
    if (int err = check_side(src_what, src_w, src_h)) return err;
    if ((src_w > enc_w && src_h < enc_h) || (src_w < enc_w && src_h > enc_h)) {
        log_error("cambi: the source size {}x{} and the encoding size {}x{} disagree: one is "
                  "wider, the other taller", src_w, src_h, enc_w, enc_h);
        return -EINVAL;
    }

    config.high_res_speedup = speedup_applies(o[kHighResSpeedup].i, enc_w, enc_h);
    const int window_option = o[kWindowSize].i;
    const bool speedup = config.high_res_speedup;
    config.enc = {enc_w, enc_h, scaled_window(window_option, enc_w, enc_h, speedup)};
    config.src = {src_w, src_h, scaled_window(window_option, src_w, src_h, speedup)};
    const int largest = std::max(config.enc.window, config.src.window);
    if (largest * largest >= kReciprocalCount) {
        log_error("cambi: window_size {} makes a {}x{} window at this size, larger than the "
                  "reference's largest (65x65, 4225 pixels); use a smaller window_size",
                  window_option, largest, largest);
        return -EINVAL;
    }

    config.full_ref = o[kFullRef].b;
    if (int err = check_window_fits(enc_what, config.enc, window_option, config.high_res_speedup))
        return err;
    if (config.full_ref) {
        if (int err = check_window_fits(src_what, config.src, window_option,
                                        config.high_res_speedup))
            return err;
    }

    // cambi_eotf wins where it is not the default, and topk where it is not.
    const std::string_view cambi_eotf = o[kCambiEotf].s ? o[kCambiEotf].s : "";
    const std::string_view eotf_name =
        cambi_eotf != kDefaultEotf ? cambi_eotf : (o[kEotf].s ? o[kEotf].s : "");
    const auto eotf = parse_eotf(eotf_name);
    if (!eotf) {
        log_error("cambi: unknown eotf '{}': expected bt1886 or pq", excerpt(eotf_name));
        return -EINVAL;
    }
    config.topk = o[kTopk].d != kDefaultTopk ? o[kTopk].d : o[kCambiTopk].d;
    config.max_val = o[kMaxVal].d;
    config.heatmaps_path = o[kHeatmapsPath].s ? o[kHeatmapsPath].s : "";
    config.levels = contrast_levels(o[kMaxLogContrast].i, o[kTviThreshold].d,
                                    o[kVisLumThreshold].d, *eotf);
    return 0;
}

} // namespace vmaf::cambi
