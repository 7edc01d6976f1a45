// cambi's values computed by libvmaf 3.2.0 (Netflix/vmaf v3.2.0, a release
// build of its CLI made outside this repository) on synthetic pictures, for
// the options, depths and formats the golden clips do not cover.
//
// Provenance. The pictures are banded_picture() (banded_pictures.h); the
// test writes them as raw YUV when run as
//   VMAF_CAMBI_WRITE_CLIPS=DIR build/test/test_cambi_reference
// (DIR/NAME_ref.yuv, the "source" pictures, and DIR/NAME_dis.yuv), and each
// case's values are what this command printed (JSON, %.6f):
//   vmaf -r DIR/NAME_ref.yuv -d DIR/NAME_dis.yuv -w W -h H -p FMT -b BPC -n -q
//        --feature cambi[=OPTIONS] --json -o NAME.json
// with W, H, FMT, BPC and OPTIONS of the case below. Generated from those
// files; do not edit by hand.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "libvmaf/picture.h"

namespace vmaf::test {

struct CambiReferenceCase {
    const char *name;
    VmafPixelFormat fmt;
    unsigned bpc, w, h, frames;
    const char *options; // the --feature cambi=... options, "" for none
    // Each key the reference printed, with its value at every frame.
    std::vector<std::pair<std::string, std::vector<double>>> expected;
};

inline const std::vector<CambiReferenceCase> kCambiReferenceCases = {
    {"p8_420", VMAF_PIX_FMT_YUV420P, 8, 320, 240, 3, "",
     {{"cambi", {17.266378, 17.27148, 17.265931}}}},
    {"p10_420", VMAF_PIX_FMT_YUV420P, 10, 320, 240, 3, "",
     {{"cambi", {15.699465, 15.70463, 15.712103}}}},
    {"p12_422", VMAF_PIX_FMT_YUV422P, 12, 320, 240, 3, "",
     {{"cambi", {15.69582, 15.701487, 15.705469}}}},
    {"p16_444", VMAF_PIX_FMT_YUV444P, 16, 320, 240, 3, "",
     {{"cambi", {16.691121, 16.736017, 16.708793}}}},
    {"window_33", VMAF_PIX_FMT_YUV420P, 8, 320, 240, 2, "window_size=33",
     {{"cambi_ws_33", {10.089478, 10.095398}}}},
    {"window_127", VMAF_PIX_FMT_YUV420P, 10, 320, 240, 2, "window_size=127",
     {{"cambi_ws_127", {19.018864, 19.022502}}}},
    {"topk", VMAF_PIX_FMT_YUV420P, 8, 320, 240, 2, "topk=0.2",
     {{"cambi_topk_0.2", {27.158286, 27.163205}}}},
    {"cambi_topk", VMAF_PIX_FMT_YUV420P, 8, 320, 240, 2, "cambi_topk=0.9",
     {{"cambi_ctpk_0.9", {12.86418, 12.875222}}}},
    {"topk_wins", VMAF_PIX_FMT_YUV420P, 8, 320, 240, 2, "topk=0.05:cambi_topk=0.9",
     {{"cambi_ctpk_0.9_topk_0.05", {29.648389, 29.650322}}}},
    {"tvi", VMAF_PIX_FMT_YUV420P, 10, 320, 240, 2, "tvi_threshold=0.01",
     {{"cambi_tvit_0.01", {15.699547, 15.704713}}}},
    {"vlt", VMAF_PIX_FMT_YUV420P, 10, 320, 240, 2, "cambi_vis_lum_threshold=10",
     {{"cambi_vlt_10", {13.793693, 13.862902}}}},
    {"mlc0", VMAF_PIX_FMT_YUV420P, 8, 320, 240, 2, "max_log_contrast=0",
     {{"cambi_mlc_0", {0.0, 0.0}}}},
    {"mlc5", VMAF_PIX_FMT_YUV420P, 10, 320, 240, 2, "max_log_contrast=5",
     {{"cambi_mlc_5", {16.006666, 15.996831}}}},
    {"eotf_pq", VMAF_PIX_FMT_YUV420P, 10, 320, 240, 2, "eotf=pq",
     {{"cambi_eotf_pq", {15.699547, 15.704713}}}},
    {"cambi_eotf_pq", VMAF_PIX_FMT_YUV420P, 10, 320, 240, 2, "cambi_eotf=pq",
     {{"cambi_ceot_pq", {15.699547, 15.704713}}}},
    {"max_val", VMAF_PIX_FMT_YUV420P, 8, 320, 240, 2, "cambi_max_val=0.05",
     {{"cambi_cmxv_0.05", {0.05, 0.05}}}},
    {"enc_size", VMAF_PIX_FMT_YUV420P, 8, 320, 240, 2, "enc_width=240:enc_height=180",
     {{"cambi_ench_180_encw_240", {16.261397, 16.244528}}}},
    {"enc_size_odd", VMAF_PIX_FMT_YUV420P, 10, 320, 240, 2, "enc_width=227:enc_height=171",
     {{"cambi_ench_171_encw_227", {15.521515, 15.49902}}}},
    {"enc_larger", VMAF_PIX_FMT_YUV420P, 8, 320, 240, 2, "enc_width=640:enc_height=480",
     {{"cambi_ench_480_encw_640", {17.266378, 17.27148}}}},
    {"enc_bitdepth_8", VMAF_PIX_FMT_YUV420P, 10, 320, 240, 2, "enc_bitdepth=8",
     {{"cambi_encbd_8", {15.561908, 15.577236}}}},
    {"enc_bitdepth_10", VMAF_PIX_FMT_YUV420P, 8, 320, 240, 2, "enc_bitdepth=10",
     {{"cambi_encbd_10", {17.35326, 17.36018}}}},
    {"full_ref", VMAF_PIX_FMT_YUV420P, 10, 320, 240, 3, "full_ref=true",
     {{"cambi", {15.699465, 15.70463, 15.712103}},
      {"cambi_source", {13.684098, 13.704269, 13.708865}},
      {"cambi_full_reference", {2.015367, 2.000361, 2.003238}}}},
    {"full_ref_8", VMAF_PIX_FMT_YUV420P, 8, 320, 240, 2, "full_ref=true",
     {{"cambi", {17.266378, 17.27148}},
      {"cambi_source", {15.524563, 15.542323}},
      {"cambi_full_reference", {1.741815, 1.729156}}}},
    {"full_ref_enc", VMAF_PIX_FMT_YUV420P, 8, 320, 240, 2, "full_ref=true:enc_width=240:enc_height=180",
     {{"cambi_ench_180_encw_240", {16.261397, 16.244528}},
      {"cambi_source", {15.524563, 15.542323}},
      {"cambi_full_reference", {0.736834, 0.702205}}}},
    {"full_ref_src_larger", VMAF_PIX_FMT_YUV420P, 8, 320, 240, 2, "full_ref=true:src_width=400:src_height=300",
     {{"cambi_srch_300_srcw_400", {17.266378, 17.27148}},
      {"cambi_source", {13.775714, 13.774017}},
      {"cambi_full_reference", {3.490664, 3.497463}}}},
    {"speedup_1080", VMAF_PIX_FMT_YUV420P, 8, 1920, 1080, 1, "cambi_high_res_speedup=1080",
     {{"cambi_hrs_1080", {16.133512}}}},
    {"speedup_off", VMAF_PIX_FMT_YUV420P, 10, 1920, 1080, 1, "cambi_high_res_speedup=1440",
     {{"cambi_hrs_1440", {14.234402}}}},
    {"combined", VMAF_PIX_FMT_YUV444P, 12, 352, 288, 2, "window_size=45:topk=0.3:tvi_threshold=0.03:max_log_contrast=3:cambi_eotf=pq",
     {{"cambi_ceot_pq_mlc_3_topk_0.3_tvit_0.03_ws_45", {19.586621, 19.621284}}}},
};

} // namespace vmaf::test
