#include "hip/hip_parity.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iomanip>
#include <map>
#include <memory>
#include <optional>
#include <random>

#include "engine/context.h"
#include "extractor/registry.h"
#include "base/picture_memory.h"
#include "support/clips.h"

namespace vmaf::test {

namespace {

// Every score a run wrote.
struct Scores {
    std::vector<std::string> keys;
    unsigned frames = 0;
    std::map<std::string, std::vector<std::optional<double>>> values;
    std::map<std::string, double> aggregates;
};

// Runs the frames through one context: the CPU one, or the HIP one when
// `state` is set. Fatal gtest failures leave `scores` empty.
void score(const Video &ref, const Video &dis, const ParityRun &run, VmafHipState *state,
           Scores &scores)
{
    const char *side = state ? "HIP" : "CPU";
    VmafConfiguration cfg{};
    cfg.log_level = VMAF_LOG_LEVEL_ERROR;
    cfg.n_threads = run.threads;
    cfg.n_subsample = run.subsample;
    VmafContext *raw = nullptr;
    ASSERT_EQ(vmaf_init(&raw, cfg), 0);
    Context ctx(raw);
    if (state) {
        ASSERT_EQ(vmaf_hip_import_state(ctx.get(), state), 0);
    }

    VmafFeatureDictionary *dict = nullptr;
    for (const auto &[k, v] : run.options)
        ASSERT_EQ(vmaf_feature_dictionary_set(&dict, k.c_str(), v.c_str()), 0);
    const int used = vmaf_use_feature(ctx.get(), run.feature, dict);
    vmaf_feature_dictionary_free(&dict);
    ASSERT_EQ(used, 0) << side << ": vmaf_use_feature(" << run.feature << ")";
    const std::string cpu = run.feature, twin = cpu + "_hip";
    ASSERT_EQ(ctx->extractor_names(), std::vector<std::string>{state ? twin : cpu})
        << side << " run uses the wrong extractor";

    ASSERT_NO_FATAL_FAILURE(read_video(ctx.get(), ref, dis, run.pooled, state != nullptr,
                                       run.threads));

    const FeatureCollector &c = ctx->collector;
    scores.keys = c.keys();
    scores.frames = c.frame_count();
    for (const auto &key : scores.keys)
        for (unsigned i = 0; i < scores.frames; i++) scores.values[key].push_back(c.score(key, i));
    for (const auto &[key, value] : c.aggregates()) scores.aggregates[key] = value;
}

} // namespace

void read_video(VmafContext *ctx, const Video &ref, const Video &dis, bool pooled, bool hip,
                unsigned threads)
{
    const char *side = hip ? "HIP" : "CPU";
    if (pooled) {
        VmafPictureConfiguration pc{};
        pc.pic_params.w = ref.w;
        pc.pic_params.h = ref.h;
        pc.pic_params.bpc = ref.bpc;
        pc.pic_params.pix_fmt = ref.pix_fmt;
        pc.pic_cnt = 4 + 2 * threads;
        ASSERT_EQ(hip ? vmaf_hip_preallocate_pictures(ctx, pc) : vmaf_preallocate_pictures(ctx, pc),
                  0);
    }
    for (size_t i = 0; i < ref.frames.size(); i++) {
        VmafPicture r, d;
        ASSERT_EQ(next_picture(ctx, ref.frames[i], pooled, r), 0);
        ASSERT_EQ(next_picture(ctx, dis.frames[i], pooled, d), 0);
        ASSERT_EQ(vmaf_read_pictures(ctx, &r, &d, static_cast<unsigned>(i)), 0)
            << side << " frame " << i;
    }
    ASSERT_EQ(vmaf_read_pictures(ctx, nullptr, nullptr, 0), 0) << side << " flush";
}

namespace {

bool same(double cpu, double hip, double tolerance)
{
    if (std::isnan(cpu) || std::isnan(hip)) return std::isnan(cpu) && std::isnan(hip);
    return tolerance == 0.0 ? cpu == hip : std::fabs(cpu - hip) <= tolerance;
}

template <typename Sample>
Video synthetic_video(VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h,
                      unsigned frames, Sample next)
{
    Video v;
    v.w = w;
    v.h = h;
    v.bpc = bpc;
    v.pix_fmt = pix_fmt;
    for (unsigned f = 0; f < frames; f++) {
        VmafPicture pic;
        EXPECT_EQ(vmaf_picture_alloc(&pic, pix_fmt, bpc, w, h), 0);
        for (unsigned p = 0; p < 3; p++)
            for (unsigned y = 0; y < pic.h[p]; y++)
                for (unsigned x = 0; x < pic.w[p]; x++) {
                    auto *row = static_cast<uint8_t *>(pic.data[p]) + y * pic.stride[p];
                    if (bpc > 8)
                        reinterpret_cast<uint16_t *>(row)[x] = static_cast<uint16_t>(next());
                    else
                        row[x] = static_cast<uint8_t>(next());
                }
        v.frames.push_back(pic);
    }
    return v;
}

} // namespace

void expect_parity(const Video &ref, const Video &dis, const ParityRun &run)
{
    ASSERT_EQ(ref.frames.size(), dis.frames.size());
    ASSERT_FALSE(ref.frames.empty());
    const VmafExtractor *cpu = find_extractor(run.feature);
    ASSERT_NE(cpu, nullptr) << run.feature;
    ASSERT_NE(find_hip_twin(*cpu), nullptr) << run.feature << " has no HIP twin in this build";

    VmafHipState *raw_state = nullptr;
    ASSERT_EQ(vmaf_hip_state_init(&raw_state, VmafHipConfiguration{0}), 0);
    HipState state(raw_state);

    Scores want, got;
    ASSERT_NO_FATAL_FAILURE(score(ref, dis, run, nullptr, want));
    ASSERT_NO_FATAL_FAILURE(score(ref, dis, run, state.get(), got));

    ASSERT_FALSE(want.keys.empty());
    ASSERT_EQ(want.keys, got.keys);
    // Subsampled, a non-temporal extractor's scores end at the last frame
    // it scored.
    if (run.subsample > 1)
        ASSERT_LE(want.frames, ref.frames.size());
    else
        ASSERT_EQ(want.frames, ref.frames.size());
    ASSERT_EQ(want.frames, got.frames);
    // Enough to see a pattern without flooding the log.
    constexpr int kMaxReported = 20;
    int differences = 0;
    size_t compared = 0;
    double worst = 0.0;
    for (const auto &key : want.keys) {
        for (unsigned i = 0; i < want.frames; i++) {
            const auto &a = want.values[key][i], &b = got.values[key][i];
            ASSERT_EQ(a.has_value(), b.has_value()) << key << " frame " << i;
            if (!a) continue;
            compared++;
            if (std::isfinite(*a) && std::isfinite(*b)) worst = std::max(worst, std::fabs(*a - *b));
            if (same(*a, *b, run.tolerance)) continue;
            if (++differences <= kMaxReported)
                ADD_FAILURE() << std::setprecision(17) << key << " frame " << i << ": CPU " << *a << " HIP " << *b
                              << " (difference " << *b - *a << ", tolerance " << run.tolerance
                              << ")";
        }
    }
    EXPECT_EQ(differences, 0) << "per-frame values that differ";
    std::printf("parity %s %ux%u %u-bit: %zu values, worst difference %.3g\n", run.feature,
                ref.w, ref.h, ref.bpc, compared, worst);
    ASSERT_EQ(want.aggregates.size(), got.aggregates.size());
    for (const auto &[key, value] : want.aggregates) {
        ASSERT_TRUE(got.aggregates.count(key)) << "HIP run lacks aggregate " << key;
        EXPECT_TRUE(same(value, got.aggregates[key], run.tolerance))
            << std::setprecision(17) << key << ": CPU " << value << " HIP " << got.aggregates[key];
    }
}

Video noise_video(VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h, unsigned frames,
                  unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<unsigned> sample(0, (1u << bpc) - 1);
    return synthetic_video(pix_fmt, bpc, w, h, frames, [&] { return sample(rng); });
}

Video flat_video(VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h, unsigned frames,
                 unsigned value)
{
    return synthetic_video(pix_fmt, bpc, w, h, frames, [&] { return value; });
}

Video banded_video(VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h, unsigned frames,
                   unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> dither(-1, 1);
    const unsigned top = (1u << bpc) - 1, step = 1u << (bpc > 8 ? bpc - 8 : 0);
    Video v;
    v.w = w;
    v.h = h;
    v.bpc = bpc;
    v.pix_fmt = pix_fmt;
    for (unsigned f = 0; f < frames; f++) {
        VmafPicture pic;
        EXPECT_EQ(vmaf_picture_alloc(&pic, pix_fmt, bpc, w, h), 0);
        for (unsigned p = 0; p < 3; p++) {
            const unsigned pw = pic.w[p], ph = pic.h[p];
            for (unsigned y = 0; y < ph; y++) {
                auto *row = static_cast<uint8_t *>(pic.data[p]) + y * pic.stride[p];
                for (unsigned x = 0; x < pw; x++) {
                    // 40 bands of one 8-bit step across a diagonal ramp,
                    // moving with the frame; the right third dithered.
                    const unsigned band = (x + y / 2 + 3 * f) * 40 / (pw + ph / 2 + 1);
                    int value = static_cast<int>((64 + band) * step);
                    if (3 * x > 2 * pw) value += dither(rng) * static_cast<int>(step);
                    const auto s = static_cast<unsigned>(std::clamp(value, 0, static_cast<int>(top)));
                    if (bpc > 8) reinterpret_cast<uint16_t *>(row)[x] = static_cast<uint16_t>(s);
                    else row[x] = static_cast<uint8_t>(s);
                }
            }
        }
        v.frames.push_back(pic);
    }
    return v;
}

VmafPicture host_copy(const VmafPicture &pic)
{
    VmafPicture copy{};
    EXPECT_EQ(vmaf_picture_alloc(&copy, pic.pix_fmt, pic.bpc, pic.w[0], pic.h[0]), 0);
    copy_planes(pic, copy);
    return copy;
}

void copy_planes(const VmafPicture &src, VmafPicture &dst)
{
    const size_t sample = bytes_per_sample(src.bpc);
    for (unsigned p = 0; p < 3; p++)
        for (unsigned y = 0; y < src.h[p]; y++)
            std::memcpy(static_cast<uint8_t *>(dst.data[p]) + y * dst.stride[p],
                        static_cast<const uint8_t *>(src.data[p]) + y * src.stride[p],
                        src.w[p] * sample);
}

int next_picture(VmafContext *ctx, const VmafPicture &frame, bool pooled, VmafPicture &out)
{
    if (!pooled) {
        picture_ref(&out, &frame);
        return 0;
    }
    if (int err = vmaf_fetch_preallocated_picture(ctx, &out)) return err;
    copy_planes(frame, out);
    return 0;
}

std::string format_case_name(VmafPixelFormat pix_fmt, unsigned bpc, unsigned w, unsigned h)
{
    const char *fmt = pix_fmt == VMAF_PIX_FMT_YUV420P   ? "420"
                      : pix_fmt == VMAF_PIX_FMT_YUV422P ? "422"
                      : pix_fmt == VMAF_PIX_FMT_YUV444P ? "444"
                                                        : "400";
    return std::string("yuv") + fmt + "p" + std::to_string(bpc) + "_" + std::to_string(w) + "x" +
           std::to_string(h);
}

void expect_clip_parity(const std::string &clip, const ParityRun &run)
{
    Video ref = load_y4m(clip_path(clip, "ref"));
    Video dis = load_y4m(clip_path(clip, "dis"));
    expect_parity(ref, dis, run);
    ref.release();
    dis.release();
}

} // namespace vmaf::test
