// Table-driven HIP parity tests. A twin's parity is declared as a
// TwinParity table: the base run (its CPU extractor, options and
// tolerance), the clips it scores, option sets on one clip each, runs with
// pageable pictures on worker threads, subsampling, synthetic noise of
// several sizes, depths and formats, flat pictures and very short videos.
// VMAF_HIP_PARITY_SUITES instantiates the generic suites over the table;
// each twin's test file keeps only its table and what is special to it.
// Every case skips, with the reason, where no GPU is usable (HipDeviceTest).
#pragma once

#include <gtest/gtest.h>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "hip/hip_parity.h"
#include "support/clips.h"

namespace vmaf::test {

// The clip of the single-clip runs: options, pageable pictures, subsampling.
inline constexpr const char *kSmallClip = "vtest_576x324_420p8";

// The base run on one clip, with more options (or, with `replace`, these
// options alone) and its own tolerance where `tolerance` is not negative.
struct OptionRun {
    std::string clip = kSmallClip;
    Options options = {};
    double tolerance = -1.0;
    bool replace = false;
};

// What a noise video is compared with.
enum class Against {
    kOtherNoise, // noise of another seed
    kItself,     // the same video
    kDistorted,  // itself with a little noise added (SSIM's terms in their usual range)
    kMidGrey,    // a flat picture at half the range
};

// One comparison of every noise case: against what, with which options
// added to the base run; `needs_chroma` skips 4:0:0 cases.
struct NoiseRun {
    Against against = Against::kOtherNoise;
    Options options = {};
    bool needs_chroma = false;
};

// Synthetic pictures of one format: uniform noise (or, kBanded, the
// smooth bands cambi looks for) of a size and depth, with options added to
// every run of the case (a forced scale, say).
struct SyntheticCase {
    VmafPixelFormat pix_fmt;
    unsigned bpc, w, h;
    Options options = {};
};
enum class Synthetic { kNoise, kBanded };

// Flat pictures: every sample `value` in the reference, `other` in the
// distorted; compared both ways and with themselves.
struct FlatCase {
    unsigned bpc, w, h, frames, value, other;
};

struct TwinParity {
    ParityRun base;
    // Every clip of ../shared/clips is scored but these (too small for the
    // twin, or scored with other options among `options`).
    std::vector<std::string> except_clips = {};
    // Each clip is scored once per entry: the base run with these options
    // added ({} for the base run alone).
    std::vector<Options> clip_runs = {{}};
    std::vector<OptionRun> options = {};
    std::vector<OptionRun> pageable = {{}};
    std::vector<unsigned> subsample = {};
    Synthetic synthetic = Synthetic::kNoise;
    std::vector<SyntheticCase> noise = {};
    std::vector<NoiseRun> noise_runs = {{}};
    unsigned noise_frames = 3;
    std::vector<FlatCase> flat = {};
    // Noise videos of these many frames (first and last frames, windows
    // that do not fill), 100x60 8-bit, scored with every noise run.
    std::vector<unsigned> short_videos = {};
};

// One case of a generic suite: the twin's table and the entry it runs.
struct TwinStep {
    const TwinParity *twin;
    size_t index;
    std::string name; // gtest's name of the case
};

// gtest prints a case's parameter by its name.
inline void PrintTo(const TwinStep &step, std::ostream *os) { *os << step.name; }

class HipTwinStep : public HipDeviceTestWithParam<TwinStep> {};

class HipTwinClips : public HipTwinStep {};
class HipTwinOptions : public HipTwinStep {};
class HipTwinPageable : public HipTwinStep {};
class HipTwinSubsample : public HipTwinStep {};
class HipTwinNoise : public HipTwinStep {};
class HipTwinFlat : public HipTwinStep {};
class HipTwinShortVideos : public HipTwinStep {};

std::vector<TwinStep> clip_steps(const TwinParity &t);
std::vector<TwinStep> option_steps(const TwinParity &t);
std::vector<TwinStep> pageable_steps(const TwinParity &t);
std::vector<TwinStep> subsample_steps(const TwinParity &t);
std::vector<TwinStep> noise_steps(const TwinParity &t);
std::vector<TwinStep> flat_steps(const TwinParity &t);
std::vector<TwinStep> short_video_steps(const TwinParity &t);

std::string step_name(const ::testing::TestParamInfo<TwinStep> &info);

} // namespace vmaf::test

// The generic suites over `table` (a TwinParity), named Name/... (the file
// says `using namespace vmaf::test`, as gtest pastes the suites' names): a suite
// whose entries the table leaves empty has no cases.
#define VMAF_HIP_PARITY_SUITES(Name, table)                                                        \
    INSTANTIATE_TEST_SUITE_P(Name, HipTwinClips, ::testing::ValuesIn(vmaf::test::clip_steps(table)), \
                             vmaf::test::step_name);                                               \
    INSTANTIATE_TEST_SUITE_P(Name, HipTwinOptions,                                                 \
                             ::testing::ValuesIn(vmaf::test::option_steps(table)),                 \
                             vmaf::test::step_name);                                               \
    INSTANTIATE_TEST_SUITE_P(Name, HipTwinPageable,                                                \
                             ::testing::ValuesIn(vmaf::test::pageable_steps(table)),               \
                             vmaf::test::step_name);                                               \
    INSTANTIATE_TEST_SUITE_P(Name, HipTwinSubsample,                                               \
                             ::testing::ValuesIn(vmaf::test::subsample_steps(table)),              \
                             vmaf::test::step_name);                                               \
    INSTANTIATE_TEST_SUITE_P(Name, HipTwinNoise, ::testing::ValuesIn(vmaf::test::noise_steps(table)), \
                             vmaf::test::step_name);                                               \
    INSTANTIATE_TEST_SUITE_P(Name, HipTwinFlat, ::testing::ValuesIn(vmaf::test::flat_steps(table)), \
                             vmaf::test::step_name);                                               \
    INSTANTIATE_TEST_SUITE_P(Name, HipTwinShortVideos,                                             \
                             ::testing::ValuesIn(vmaf::test::short_video_steps(table)),            \
                             vmaf::test::step_name)
