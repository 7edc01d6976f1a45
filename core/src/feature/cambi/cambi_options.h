// Options and keys of cambi: the reference's names, aliases, defaults and
// ranges, so that the same --feature string gives the same keys.
#pragma once

#include "base/option.h"
#include "extractor/description.h"

namespace vmaf::cambi {

enum OptionIndex {
    kMaxVal,
    kEncWidth,
    kEncHeight,
    kEncBitdepth,
    kSrcWidth,
    kSrcHeight,
    kWindowSize,
    kTopk,
    kCambiTopk,
    kTviThreshold,
    kVisLumThreshold,
    kMaxLogContrast,
    kHeatmapsPath,
    kFullRef,
    kEotf,
    kCambiEotf,
    kHighResSpeedup,
};

// The defaults that the reference compares against to let one of a pair of
// synonymous options win (topk over cambi_topk, cambi_eotf over eotf).
inline constexpr double kDefaultTopk = 0.6;
inline constexpr const char *kDefaultEotf = "bt1886";

inline constexpr uint64_t kParam = VMAF_OPT_FLAG_FEATURE_PARAM;

inline constexpr VmafOption kOptions[] = {
    {"cambi_max_val", "cmxv", "largest score; larger ones are clipped to it", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 1000.0, nullptr}, 0.0, 1000.0, kParam},
    {"enc_width", "encw", "width the video was encoded at (0: the picture's)", VMAF_OPT_TYPE_INT,
     {false, 0, 0, nullptr}, 180, 7680, kParam},
    {"enc_height", "ench", "height the video was encoded at (0: the picture's)", VMAF_OPT_TYPE_INT,
     {false, 0, 0, nullptr}, 150, 7680, kParam},
    {"enc_bitdepth", "encbd", "bit depth the video was encoded at (0: the picture's)",
     VMAF_OPT_TYPE_INT, {false, 0, 0, nullptr}, 6, 16, kParam},
    {"src_width", "srcw", "source width, for full_ref (0: the picture's)", VMAF_OPT_TYPE_INT,
     {false, 0, 0, nullptr}, 320, 7680, kParam},
    {"src_height", "srch", "source height, for full_ref (0: the picture's)", VMAF_OPT_TYPE_INT,
     {false, 0, 0, nullptr}, 200, 4320, kParam},
    {"window_size", "ws", "window at 4K (65 is about one degree), scaled to the picture",
     VMAF_OPT_TYPE_INT, {false, 65, 0, nullptr}, 15, 127, kParam},
    {"topk", nullptr, "share of the largest pixel values pooled, 0 < topk <= 1",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, kDefaultTopk, nullptr}, 0.0001, 1.0, kParam},
    {"cambi_topk", "ctpk", "share of the largest pixel values pooled (topk wins if set)",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, kDefaultTopk, nullptr}, 0.0001, 1.0, kParam},
    {"tvi_threshold", "tvit", "visibility threshold: a step dL is visible above tvi * L",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 0.019, nullptr}, 0.0001, 1.0, kParam},
    {"cambi_vis_lum_threshold", "vlt", "luminance (cd/m2) below which banding is not visible",
     VMAF_OPT_TYPE_DOUBLE, {false, 0, 0.0, nullptr}, 0.0, 300.0, kParam},
    {"max_log_contrast", "mlc", "largest contrast: 2^max_log_contrast 10-bit luma levels",
     VMAF_OPT_TYPE_INT, {false, 2, 0, nullptr}, 0, 5, kParam},
    {"heatmaps_path", nullptr, "folder to write each scale's per-pixel banding map to",
     VMAF_OPT_TYPE_STRING, {false, 0, 0, nullptr}, 0, 0, 0},
    {"full_ref", nullptr, "also score the reference and write cambi_source and "
     "cambi_full_reference", VMAF_OPT_TYPE_BOOL, {false, 0, 0, nullptr}, 0, 0, 0},
    {"eotf", nullptr, "transfer function of the visibility thresholds: bt1886 or pq",
     VMAF_OPT_TYPE_STRING, {false, 0, 0, kDefaultEotf}, 0, 0, kParam},
    {"cambi_eotf", "ceot", "transfer function: bt1886 or pq (wins over eotf if set)",
     VMAF_OPT_TYPE_STRING, {false, 0, 0, kDefaultEotf}, 0, 0, kParam},
    {"cambi_high_res_speedup", "hrs", "from this height (1080, 1440 or 2160) up, score at half "
     "size after the spatial mask (approximate); 0: never", VMAF_OPT_TYPE_INT,
     {false, 0, 0, nullptr}, 0, 2160, kParam},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};
static_assert(options_indexed(
    kOptions,
    {{kMaxVal, "cambi_max_val"}, {kEncWidth, "enc_width"}, {kEncHeight, "enc_height"},
     {kEncBitdepth, "enc_bitdepth"}, {kSrcWidth, "src_width"}, {kSrcHeight, "src_height"},
     {kWindowSize, "window_size"}, {kTopk, "topk"}, {kCambiTopk, "cambi_topk"},
     {kTviThreshold, "tvi_threshold"}, {kVisLumThreshold, "cambi_vis_lum_threshold"},
     {kMaxLogContrast, "max_log_contrast"}, {kHeatmapsPath, "heatmaps_path"},
     {kFullRef, "full_ref"}, {kEotf, "eotf"}, {kCambiEotf, "cambi_eotf"},
     {kHighResSpeedup, "cambi_high_res_speedup"}}));

// Order matters: the distorted picture's score, then (full_ref) the
// reference's and their difference.
enum FeatureIndex { kScoreKey, kSourceKey, kFullReferenceKey };
inline constexpr const char *kFeatures[] = {"Cambi_feature_cambi_score", "cambi_source",
                                            "cambi_full_reference", nullptr};


inline constexpr ExtractorDescription kDescription{"cambi", kOptions, VMAF_EXTRACTOR_ONE_SUFFIXED_KEY,
                                                   kFeatures};

} // namespace vmaf::cambi
