#include "hip/parity_suites.h"

#include <algorithm>
#include <cctype>

#include "hip/ssim/distorted_video.h"

namespace vmaf::test {

namespace {

// Letters, digits and underscores only, as gtest names need.
std::string identifier(std::string text)
{
    for (char &c : text)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return text;
}

std::string options_name(const Options &options)
{
    // Appended piece by piece: GCC 12 warns of an overlap that is not there
    // in "_" + k + ... (its bug 105329).
    std::string name;
    for (const auto &[k, v] : options) {
        name += '_';
        name += k;
        name += '_';
        name += v;
    }
    return name;
}

ParityRun option_run(const TwinParity &t, const OptionRun &o)
{
    ParityRun run = o.replace ? ParityRun{t.base.feature, o.options, t.base.tolerance}
                              : t.base.with(o.options);
    if (o.tolerance >= 0) run.tolerance = o.tolerance;
    return run;
}

template <typename Name>
std::vector<TwinStep> steps(const TwinParity &t, size_t count, Name name)
{
    std::vector<TwinStep> out;
    for (size_t i = 0; i < count; i++) out.push_back({&t, i, identifier(name(i))});
    return out;
}

Video synthetic(const TwinParity &t, const SyntheticCase &c, unsigned frames, unsigned seed)
{
    return t.synthetic == Synthetic::kBanded ? banded_video(c.pix_fmt, c.bpc, c.w, c.h, frames, seed)
                                             : noise_video(c.pix_fmt, c.bpc, c.w, c.h, frames, seed);
}

// Every noise run of the table on videos of case `c`.
void expect_noise_runs(const TwinParity &t, const SyntheticCase &c, unsigned frames)
{
    Video ref = synthetic(t, c, frames, 1);
    for (const NoiseRun &r : t.noise_runs) {
        if (r.needs_chroma && c.pix_fmt == VMAF_PIX_FMT_YUV400P) continue;
        Video dis;
        switch (r.against) {
        case Against::kOtherNoise: dis = synthetic(t, c, frames, 2); break;
        case Against::kItself: dis = synthetic(t, c, frames, 1); break;
        case Against::kDistorted: dis = distorted(ref, 0.04, 2); break;
        case Against::kMidGrey:
            dis = flat_video(c.pix_fmt, c.bpc, c.w, c.h, frames, 1u << (c.bpc - 1));
            break;
        }
        Options options = c.options;
        options.insert(options.end(), r.options.begin(), r.options.end());
        expect_parity(ref, dis, t.base.with(options));
        dis.release();
    }
    ref.release();
}

// The clips the twin scores with its base run.
std::vector<std::string> clips_of(const TwinParity &t)
{
    std::vector<std::string> clips;
    for (const std::string &c : clip_names())
        if (std::find(t.except_clips.begin(), t.except_clips.end(), c) == t.except_clips.end())
            clips.push_back(c);
    return clips;
}

} // namespace

std::string step_name(const ::testing::TestParamInfo<TwinStep> &info) { return info.param.name; }

std::vector<TwinStep> clip_steps(const TwinParity &t)
{
    const std::vector<std::string> clips = clips_of(t);
    const size_t runs = t.clip_runs.size();
    return steps(t, clips.size() * runs, [&](size_t i) {
        return clips[i / runs] + options_name(t.clip_runs[i % runs]);
    });
}

TEST_P(HipTwinClips, MatchesCpu)
{
    const TwinStep &s = GetParam();
    const size_t runs = s.twin->clip_runs.size();
    expect_clip_parity(clips_of(*s.twin)[s.index / runs],
                       s.twin->base.with(s.twin->clip_runs[s.index % runs]));
}

std::vector<TwinStep> option_steps(const TwinParity &t)
{
    return steps(t, t.options.size(), [&](size_t i) {
        return std::to_string(i) + (t.options[i].replace ? "_alone" : "") +
               options_name(t.options[i].options);
    });
}

TEST_P(HipTwinOptions, MatchesCpu)
{
    const TwinStep &s = GetParam();
    const OptionRun &o = s.twin->options[s.index];
    expect_clip_parity(o.clip, option_run(*s.twin, o));
}

std::vector<TwinStep> pageable_steps(const TwinParity &t)
{
    return steps(t, t.pageable.size(), [&](size_t i) {
        return t.pageable[i].clip + options_name(t.pageable[i].options);
    });
}

// Pictures from vmaf_picture_alloc (pageable host memory, which the twins
// copy from as from pinned), three worker threads.
TEST_P(HipTwinPageable, MatchesCpu)
{
    const TwinStep &s = GetParam();
    const OptionRun &o = s.twin->pageable[s.index];
    ParityRun run = option_run(*s.twin, o);
    run.pooled = false;
    run.threads = 3;
    expect_clip_parity(o.clip, run);
}

std::vector<TwinStep> subsample_steps(const TwinParity &t)
{
    return steps(t, t.subsample.size(),
                 [&](size_t i) { return "every_" + std::to_string(t.subsample[i]); });
}

TEST_P(HipTwinSubsample, MatchesCpu)
{
    const TwinStep &s = GetParam();
    ParityRun run = s.twin->base;
    run.subsample = s.twin->subsample[s.index];
    expect_clip_parity(kSmallClip, run);
}

std::vector<TwinStep> noise_steps(const TwinParity &t)
{
    return steps(t, t.noise.size(), [&](size_t i) {
        const SyntheticCase &c = t.noise[i];
        return format_case_name(c.pix_fmt, c.bpc, c.w, c.h) + options_name(c.options);
    });
}

TEST_P(HipTwinNoise, MatchesCpu)
{
    const TwinStep &s = GetParam();
    expect_noise_runs(*s.twin, s.twin->noise[s.index], s.twin->noise_frames);
}

std::vector<TwinStep> flat_steps(const TwinParity &t)
{
    return steps(t, t.flat.size(), [&](size_t i) {
        const FlatCase &c = t.flat[i];
        return format_case_name(VMAF_PIX_FMT_YUV420P, c.bpc, c.w, c.h) + "_" +
               std::to_string(c.value) + "_" + std::to_string(c.other);
    });
}

// Zero variance everywhere: the terms' special cases.
TEST_P(HipTwinFlat, MatchesCpu)
{
    const TwinStep &s = GetParam();
    const FlatCase &c = s.twin->flat[s.index];
    Video a = flat_video(VMAF_PIX_FMT_YUV420P, c.bpc, c.w, c.h, c.frames, c.value);
    Video b = flat_video(VMAF_PIX_FMT_YUV420P, c.bpc, c.w, c.h, c.frames, c.other);
    expect_parity(a, b, s.twin->base);
    expect_parity(b, a, s.twin->base);
    expect_parity(a, a, s.twin->base);
    a.release();
    b.release();
}

std::vector<TwinStep> short_video_steps(const TwinParity &t)
{
    return steps(t, t.short_videos.size(),
                 [&](size_t i) { return "frames_" + std::to_string(t.short_videos[i]); });
}

TEST_P(HipTwinShortVideos, MatchesCpu)
{
    const TwinStep &s = GetParam();
    expect_noise_runs(*s.twin, {VMAF_PIX_FMT_YUV420P, 8, 100, 60}, s.twin->short_videos[s.index]);
}

} // namespace vmaf::test

// A twin's table may leave a suite empty.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HipTwinClips);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HipTwinOptions);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HipTwinPageable);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HipTwinSubsample);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HipTwinNoise);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HipTwinFlat);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HipTwinShortVideos);
