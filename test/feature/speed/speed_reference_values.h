// speed_chroma's and speed_temporal's values computed by libvmaf 3.2.0
// (Netflix/vmaf v3.2.0, its CLI built outside this repository for x86-64
// with its AVX2/AVX-512 code, on an AVX-512 machine) for every option, on
// the first three frames of golden clips.
//
// Provenance: each case's values are what this command printed (JSON,
// %.6f), CLIP being ../shared/clips/CLIP_{ref,dis}.y4m unpacked:
//   vmaf -r CLIP_ref.y4m -d CLIP_dis.y4m -q --json -n --frame_cnt 3
//        --feature EXTRACTOR[=OPTIONS]
// The reference crashes (exit 139) on a kernel scale outside its list, on
// an unknown prescale method and on speed_temporal with a prescale above 1
// (its frame buffers are allocated at the unscaled size); those are refused
// here instead (test_speed_options.cpp). Generated; do not edit by hand.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace vmaf::test {

struct SpeedReferenceCase {
    const char *clip;
    const char *extractor;
    const char *options; // "" for the defaults
    // Each key the reference printed, with its value at every frame.
    std::vector<std::pair<std::string, std::vector<double>>> expected;
};

inline const std::vector<SpeedReferenceCase> kSpeedReferenceCases = {
    {"box_960x540_420p8", "speed_chroma", "",
     {{"speed_chroma_u", {7.506386, 8.035316, 6.213289}}, {"speed_chroma_v", {10.555566, 9.069353, 9.097405}}, {"speed_chroma_uv", {9.030975, 8.552334, 7.655347}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_kernelscale=0.5",
     {{"speed_chroma_u_ks_0.5", {9.191068, 10.655325, 7.324601}}, {"speed_chroma_v_ks_0.5", {13.857453, 12.324165, 13.921749}}, {"speed_chroma_uv_ks_0.5", {11.524261, 11.489745, 10.623175}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_kernelscale=1.5",
     {{"speed_chroma_u_ks_1.5", {5.296003, 5.381487, 4.522984}}, {"speed_chroma_v_ks_1.5", {8.843621, 6.50917, 7.294387}}, {"speed_chroma_uv_ks_1.5", {7.069812, 5.945329, 5.908685}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_kernelscale=2",
     {{"speed_chroma_u_ks_2", {4.524271, 3.845117, 3.624713}}, {"speed_chroma_v_ks_2", {9.008185, 6.581631, 6.374212}}, {"speed_chroma_uv_ks_2", {6.766229, 5.213374, 4.999462}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_kernelscale=3",
     {{"speed_chroma_u_ks_3", {3.539723, 3.768586, 2.530446}}, {"speed_chroma_v_ks_3", {6.365541, 5.771091, 4.885775}}, {"speed_chroma_uv_ks_3", {4.952632, 4.769838, 3.70811}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_prescale=0.75",
     {{"speed_chroma_u_ps_0.75", {4.292373, 5.983596, 3.166868}}, {"speed_chroma_v_ps_0.75", {7.752152, 6.949674, 5.854446}}, {"speed_chroma_uv_ps_0.75", {6.022263, 6.466635, 4.510657}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_prescale=0.5:speed_prescale_method=bilinear",
     {{"speed_chroma_u_ps_0.5_psm_bilinear", {0.0, 0.0, 0.0}}, {"speed_chroma_v_ps_0.5_psm_bilinear", {0.0, 0.0, 0.0}}, {"speed_chroma_uv_ps_0.5_psm_bilinear", {0.0, 0.0, 0.0}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_prescale=1.5:speed_prescale_method=bicubic",
     {{"speed_chroma_u_ps_1.5_psm_bicubic", {13.410969, 8.92304, 8.291803}}, {"speed_chroma_v_ps_1.5_psm_bicubic", {13.384193, 12.812243, 13.274383}}, {"speed_chroma_uv_ps_1.5_psm_bicubic", {13.397581, 10.867641, 10.783092}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_prescale=2:speed_prescale_method=lanczos4",
     {{"speed_chroma_u_ps_2_psm_lanczos4", {17.809975, 16.967226, 14.449941}}, {"speed_chroma_v_ps_2_psm_lanczos4", {19.216593, 20.363123, 16.720575}}, {"speed_chroma_uv_ps_2_psm_lanczos4", {18.513283, 18.665174, 15.585258}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_prescale=0.6:speed_prescale_method=lanczos4",
     {{"speed_chroma_u_ps_0.6_psm_lanczos4", {4.567274, 4.006494, 4.570587}}, {"speed_chroma_v_ps_0.6_psm_lanczos4", {4.049603, 6.941032, 6.288255}}, {"speed_chroma_uv_ps_0.6_psm_lanczos4", {4.308438, 5.473763, 5.429421}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_sigma_nn=0.1",
     {{"speed_chroma_u_snn_0.1", {7.493612, 8.026102, 6.205173}}, {"speed_chroma_v_snn_0.1", {10.535329, 9.05149, 9.070155}}, {"speed_chroma_uv_snn_0.1", {9.014471, 8.538795, 7.637664}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_sigma_nn=2",
     {{"speed_chroma_u_snn_2", {7.638405, 8.171171, 6.322832}}, {"speed_chroma_v_snn_2", {10.922064, 9.415089, 9.487329}}, {"speed_chroma_uv_snn_2", {9.280234, 8.79313, 7.905081}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_nn_floor=0.2",
     {{"speed_chroma_u_nnf_0.2", {7.506386, 8.035316, 6.213289}}, {"speed_chroma_v_nnf_0.2", {10.555566, 9.069353, 9.097405}}, {"speed_chroma_uv_nnf_0.2", {9.030975, 8.552334, 7.655347}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_nn_floor=1",
     {{"speed_chroma_u_nnf_1", {7.48693, 8.029486, 6.211115}}, {"speed_chroma_v_nnf_1", {10.442689, 8.989825, 9.05937}}, {"speed_chroma_uv_nnf_1", {8.964809, 8.509655, 7.635242}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_max_val=1",
     {{"speed_chroma_u_mxv_1", {1.0, 1.0, 1.0}}, {"speed_chroma_v_mxv_1", {1.0, 1.0, 1.0}}, {"speed_chroma_uv_mxv_1", {1.0, 1.0, 1.0}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_max_val=0",
     {{"speed_chroma_u_mxv_0", {0.0, 0.0, 0.0}}, {"speed_chroma_v_mxv_0", {0.0, 0.0, 0.0}}, {"speed_chroma_uv_mxv_0", {0.0, 0.0, 0.0}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_weight_var_mode=1",
     {{"speed_chroma_u_wvm_1", {2.890879, 3.332326, 2.338805}}, {"speed_chroma_v_wvm_1", {4.522409, 4.206056, 3.366625}}, {"speed_chroma_uv_wvm_1", {3.706644, 3.769191, 2.852715}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_weight_var_mode=2",
     {{"speed_chroma_u_wvm_2", {2.687033, 3.141587, 2.165971}}, {"speed_chroma_v_wvm_2", {3.913079, 3.606595, 2.798188}}, {"speed_chroma_uv_wvm_2", {3.300056, 3.374091, 2.48208}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_weight_var_mode=3",
     {{"speed_chroma_u_wvm_3", {2.790081, 3.23787, 2.253157}}, {"speed_chroma_v_wvm_3", {4.223517, 3.912095, 3.088491}}, {"speed_chroma_uv_wvm_3", {3.506799, 3.574982, 2.670824}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_weight_var_mode=4",
     {{"speed_chroma_u_wvm_4", {4.818834, 5.217999, 4.239942}}, {"speed_chroma_v_wvm_4", {7.009312, 6.3317, 6.105555}}, {"speed_chroma_uv_wvm_4", {5.914073, 5.774849, 5.172749}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_weight_var_mode=5",
     {{"speed_chroma_u_wvm_5", {3.769906, 4.117298, 3.255291}}, {"speed_chroma_v_wvm_5", {5.709566, 5.200572, 4.616327}}, {"speed_chroma_uv_wvm_5", {4.739736, 4.658935, 3.935809}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_weight_var_mode=6",
     {{"speed_chroma_u_wvm_6", {6.146425, 6.447546, 5.225871}}, {"speed_chroma_v_wvm_6", {8.694167, 7.617172, 7.595375}}, {"speed_chroma_uv_wvm_6", {7.420296, 7.032359, 6.410623}}}},
    {"box_960x540_420p8", "speed_chroma", "speed_kernelscale=2:speed_prescale=0.75:speed_prescale_method=bicubic:speed_sigma_nn=0.19:speed_nn_floor=0.1:speed_max_val=45:speed_weight_var_mode=5",
     {{"speed_chroma_u_ks_2_mxv_45_nnf_0.1_ps_0.75_psm_bicubic_snn_0.19_wvm_5", {1.438117, 1.449462, 1.858219}}, {"speed_chroma_v_ks_2_mxv_45_nnf_0.1_ps_0.75_psm_bicubic_snn_0.19_wvm_5", {1.900658, 1.452626, 1.098939}}, {"speed_chroma_uv_ks_2_mxv_45_nnf_0.1_ps_0.75_psm_bicubic_snn_0.19_wvm_5", {1.669388, 1.451044, 1.478579}}}},
    {"box_960x540_420p8", "speed_temporal", "",
     {{"speed_temporal", {0.0, 10.877316, 11.703529}}}},
    {"box_960x540_420p8", "speed_temporal", "speed_kernelscale=0.5",
     {{"speed_temporal_ks_0.5", {0.0, 15.23165, 12.419918}}}},
    {"box_960x540_420p8", "speed_temporal", "speed_kernelscale=2",
     {{"speed_temporal_ks_2", {0.0, 9.773265, 9.919533}}}},
    {"box_960x540_420p8", "speed_temporal", "speed_prescale=0.5:speed_prescale_method=bilinear",
     {{"speed_temporal_ps_0.5_psm_bilinear", {0.0, 6.310315, 6.547637}}}},
    {"box_960x540_420p8", "speed_temporal", "speed_prescale=0.75:speed_prescale_method=lanczos4",
     {{"speed_temporal_ps_0.75_psm_lanczos4", {0.0, 6.065302, 7.503677}}}},
    {"box_960x540_420p8", "speed_temporal", "speed_sigma_nn=1.5",
     {{"speed_temporal_snn_1.5", {0.0, 11.040609, 11.882726}}}},
    {"box_960x540_420p8", "speed_temporal", "speed_nn_floor=0.5",
     {{"speed_temporal_nnf_0.5", {0.0, 10.780688, 11.593654}}}},
    {"box_960x540_420p8", "speed_temporal", "speed_max_val=1",
     {{"speed_temporal_mxv_1", {0.0, 10.877316, 11.703529}}}},
    {"box_960x540_420p8", "speed_temporal", "speed_use_ref_diff=true",
     {{"speed_temporal_urd", {0.0, 8.235017, 10.769572}}}},
    {"box_960x540_420p8", "speed_temporal", "speed_kernelscale=1.5:speed_prescale=0.75:speed_prescale_method=nearest:speed_sigma_nn=0.3:speed_nn_floor=0.05:speed_use_ref_diff=true",
     {{"speed_temporal_ks_1.5_nnf_0.05_ps_0.75_snn_0.3_urd", {0.0, 8.407883, 10.383904}}}},
    {"tree_640x360_420p10", "speed_chroma", "",
     {{"speed_chroma_u", {6.066186, 13.108823, 8.367331}}, {"speed_chroma_v", {12.953611, 15.33987, 13.388305}}, {"speed_chroma_uv", {9.509899, 14.224346, 10.877817}}}},
    {"tree_640x360_420p10", "speed_chroma", "speed_weight_var_mode=5:speed_prescale=0.5:speed_prescale_method=bilinear",
     {{"speed_chroma_u_ps_0.5_psm_bilinear_wvm_5", {0.0, 0.0, 0.0}}, {"speed_chroma_v_ps_0.5_psm_bilinear_wvm_5", {0.0, 0.0, 0.0}}, {"speed_chroma_uv_ps_0.5_psm_bilinear_wvm_5", {0.0, 0.0, 0.0}}}},
    {"tree_640x360_420p10", "speed_temporal", "",
     {{"speed_temporal", {0.0, 30.256636, 36.80822}}}},
    {"tree_640x360_420p10", "speed_temporal", "speed_use_ref_diff=true",
     {{"speed_temporal_urd", {0.0, 8.896161, 27.290352}}}},
    {"box_352x288_444p8", "speed_chroma", "",
     {{"speed_chroma_u", {8.188869, 11.465493, 10.65083}}, {"speed_chroma_v", {10.301191, 7.736942, 12.302684}}, {"speed_chroma_uv", {9.245029, 9.601217, 11.476757}}}},
    {"box_352x288_444p8", "speed_chroma", "speed_prescale=0.75:speed_prescale_method=bicubic",
     {{"speed_chroma_u_ps_0.75_psm_bicubic", {10.907364, 10.852855, 10.363034}}, {"speed_chroma_v_ps_0.75_psm_bicubic", {13.655952, 8.392892, 6.013808}}, {"speed_chroma_uv_ps_0.75_psm_bicubic", {12.281658, 9.622873, 8.188421}}}},
    {"box_352x288_444p8", "speed_temporal", "",
     {{"speed_temporal", {0.0, 32.844349, 27.350409}}}},
    {"box_352x288_444p8", "speed_temporal", "speed_kernelscale=0.5",
     {{"speed_temporal_ks_0.5", {0.0, 31.153526, 35.094189}}}},
};

} // namespace vmaf::test
