// Options and keys of psnr, shared by the CPU extractor and its HIP twin.
#pragma once

#include "base/option.h"
#include "extractor/description.h"

namespace vmaf::psnr {

enum OptionIndex { kEnableChroma, kEnableMse, kEnableApsnr, kReducedHbdPeak, kMinSse };

inline constexpr VmafOption kOptions[] = {
    {"enable_chroma", nullptr, "compute cb and cr too", VMAF_OPT_TYPE_BOOL,
     {true, 0, 0, nullptr}, 0, 0, 0},
    {"enable_mse", nullptr, "write mse_y/cb/cr", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, 0},
    {"enable_apsnr", nullptr, "write whole-clip apsnr_y/cb/cr", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, 0},
    {"reduced_hbd_peak", nullptr, "scale the 8-bit peak for deeper input", VMAF_OPT_TYPE_BOOL,
     {false, 0, 0, nullptr}, 0, 0, 0},
    {"min_sse", nullptr, "smallest sum of squared errors (caps PSNR)", VMAF_OPT_TYPE_DOUBLE,
     {false, 0, 0.0, nullptr}, 0.0, 1.7976931348623157e308, 0},
    {nullptr, nullptr, nullptr, VMAF_OPT_TYPE_BOOL, {}, 0, 0, 0},
};
static_assert(options_indexed(
    kOptions,
    {{kEnableChroma, "enable_chroma"}, {kEnableMse, "enable_mse"}, {kEnableApsnr, "enable_apsnr"},
     {kReducedHbdPeak, "reduced_hbd_peak"}, {kMinSse, "min_sse"}}));

// Order matters: provided_features index = plane + 3 * (is mse).
// Each plane's psnr then its mse: the reference's key order.
inline constexpr const char *kFeatures[] = {"psnr_y", "mse_y", "psnr_cb", "mse_cb",
                                            "psnr_cr", "mse_cr", nullptr};
inline constexpr const char *kAggregateKeys[] = {"apsnr_y", "apsnr_cb", "apsnr_cr"};


inline constexpr ExtractorDescription kDescription{
    "psnr", kOptions, VMAF_EXTRACTOR_TEMPORAL | VMAF_EXTRACTOR_CHROMA, kFeatures};

} // namespace vmaf::psnr
