// vmaf: scores a distorted video against its reference.
#include <cstdio>
#include <filesystem>
#include <fmt/core.h>
#include <memory>
#include <unistd.h>

#include "cli_options.h"
#include "hip_session.h"
#include "libvmaf/libvmaf.h"
#include "model_set.h"
#include "video_input.h"

namespace {

using namespace vmaf::tools;

int fail(const std::string &message)
{
    fmt::print(stderr, "vmaf: {}\n", message);
    return 1;
}

struct ContextCloser {
    void operator()(VmafContext *ctx) const { vmaf_close(ctx); }
};
using ContextPtr = std::unique_ptr<VmafContext, ContextCloser>;

struct DictFree {
    void operator()(VmafFeatureDictionary *d) const { vmaf_feature_dictionary_free(&d); }
};

bool same_file(const std::string &a, const std::string &b)
{
    std::error_code ec;
    return std::filesystem::equivalent(a, b, ec);
}

// The inputs must describe the same pictures; say which property differs.
std::string format_mismatch(const VideoInput &ref, const VideoInput &dis)
{
    const VideoFormat &a = ref.format(), &b = dis.format();
    if (a.w != b.w || a.h != b.h)
        return fmt::format("reference is {}x{} but distorted is {}x{}", a.w, a.h, b.w, b.h);
    if (a.pix_fmt != b.pix_fmt)
        return fmt::format("reference is {} but distorted is {}", pix_fmt_text(a.pix_fmt),
                           pix_fmt_text(b.pix_fmt));
    if (a.bpc != b.bpc)
        return fmt::format("reference has {} bits per sample but distorted has {}", a.bpc, b.bpc);
    return {};
}

// Reads the next frame into a pooled picture; the caller owns it on Frame.
ReadStatus next_frame(VmafContext *ctx, VideoInput &in, VmafPicture &pic)
{
    if (vmaf_fetch_preallocated_picture(ctx, &pic)) return ReadStatus::Error;
    const ReadStatus status = in.read_frame(pic);
    if (status != ReadStatus::Frame) vmaf_picture_unref(&pic);
    return status;
}

bool skip_frames(VmafContext *ctx, VideoInput &in, unsigned n, std::string &error)
{
    for (unsigned i = 0; i < n; i++) {
        VmafPicture pic;
        const ReadStatus status = next_frame(ctx, in, pic);
        if (status == ReadStatus::Frame) {
            vmaf_picture_unref(&pic);
            continue;
        }
        error = status == ReadStatus::End
                    ? fmt::format("{}: cannot skip {} frames, it has only {}", in.path(), n, i)
                    : in.error();
        return false;
    }
    return true;
}

void show_progress(unsigned frames, double seconds)
{
    fmt::print(stderr, "\r{} frame{} {:.2f} FPS\033[K", frames, frames == 1 ? "" : "s",
               seconds > 0 ? frames / seconds : 0.0);
    std::fflush(stderr);
}

int run(const CliSettings &s)
{
    if (s.output && (same_file(*s.output, s.reference) || same_file(*s.output, s.distorted)))
        return fail(fmt::format("--output '{}' is one of the input videos; refusing to overwrite it",
                                *s.output));

    if (s.output && s.output->empty()) return fail("--output: the path is empty");
    if (s.reference == "-" && s.distorted == "-")
        return fail("--reference and --distorted cannot both be standard input ('-')");
    std::string error;
    auto ref = VideoInput::open(s.reference, s.raw, error);
    if (!ref) return fail(error);
    auto dis = VideoInput::open(s.distorted, s.raw, error);
    if (!dis) return fail(error);
    if (const std::string m = format_mismatch(*ref, *dis); !m.empty()) return fail(m);

    VmafConfiguration cfg{};
    cfg.log_level = s.log_level.value_or(s.backend == Backend::Hip ? VMAF_LOG_LEVEL_WARNING
                                                                    : VMAF_LOG_LEVEL_ERROR);
    cfg.n_threads = s.threads;
    cfg.n_subsample = s.subsample;
    HipSession hip; // declared before the context, which uses its state, to outlive it
    VmafContext *raw_ctx = nullptr;
    if (vmaf_init(&raw_ctx, cfg)) return fail("could not create a scoring context");
    ContextPtr ctx(raw_ctx);
    // Before the features, so that those with a HIP twin run on the GPU, and
    // before the picture pool, so that frames are read into pinned memory.
    if (s.backend == Backend::Hip && !hip.attach(ctx.get(), s.gpu, error)) return fail(error);

    // Without --model and -n, the reference's default model scores.
    ModelSet models;
    const std::vector<std::string> model_specs =
        s.models.empty() && !s.no_prediction ? std::vector<std::string>{"version=vmaf_v0.6.1"} : s.models;
    if (!models.load(ctx.get(), model_specs, error)) return fail(error);

    for (const auto &f : s.features) {
        VmafFeatureDictionary *dict = nullptr;
        for (const auto &[k, v] : f.options) vmaf_feature_dictionary_set(&dict, k.c_str(), v.c_str());
        std::unique_ptr<VmafFeatureDictionary, DictFree> owned(dict);
        if (vmaf_use_feature(ctx.get(), f.name.c_str(), dict))
            return fail(fmt::format("cannot use feature '{}' (see the message above)", f.name));
    }

    const VideoFormat &fmt_in = ref->format();
    VmafPictureConfiguration pic_cfg{};
    pic_cfg.pic_params.w = fmt_in.w;
    pic_cfg.pic_params.h = fmt_in.h;
    pic_cfg.pic_params.bpc = fmt_in.bpc;
    pic_cfg.pic_params.pix_fmt = fmt_in.pix_fmt;
    pic_cfg.pic_cnt = s.threads > 0 ? (s.threads + 1) * 2 + 1 : 4;
    if (vmaf_preallocate_pictures(ctx.get(), pic_cfg))
        return fail("could not allocate pictures (see the message above)");

    if (!skip_frames(ctx.get(), *ref, s.frame_skip_ref, error) ||
        !skip_frames(ctx.get(), *dis, s.frame_skip_dist, error))
        return fail(error);

    const bool progress = !s.quiet && isatty(fileno(stderr));
    const auto t0 = std::chrono::steady_clock::now();
    unsigned index = 0;
    for (; s.frame_cnt == 0 || index < s.frame_cnt; index++) {
        VmafPicture pr, pd;
        const ReadStatus a = next_frame(ctx.get(), *ref, pr);
        if (a == ReadStatus::Error) return fail(ref->error());
        const ReadStatus b = next_frame(ctx.get(), *dis, pd);
        if (b == ReadStatus::Error) {
            if (a == ReadStatus::Frame) vmaf_picture_unref(&pr);
            return fail(dis->error());
        }
        if (a == ReadStatus::End && b == ReadStatus::End) break;
        if (a != b) {
            const VideoInput &shorter = a == ReadStatus::End ? *ref : *dis;
            const VideoInput &longer = a == ReadStatus::End ? *dis : *ref;
            if (a == ReadStatus::Frame) vmaf_picture_unref(&pr);
            if (b == ReadStatus::Frame) vmaf_picture_unref(&pd);
            return fail(fmt::format("{} ended after {} frames but {} has more; the videos must "
                                    "have the same length (or use --frame_cnt)",
                                    shorter.path(), shorter.frames_read(), longer.path()));
        }
        if (vmaf_read_pictures(ctx.get(), &pr, &pd, index))
            return fail(fmt::format("scoring failed at frame {} (see the message above)", index));
        if (progress)
            show_progress(index + 1, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    if (progress) fmt::print(stderr, "\n");
    if (index == 0) return fail("no frames to score");
    if (vmaf_read_pictures(ctx.get(), nullptr, nullptr, 0))
        return fail("scoring failed (see the message above)");
    if (!s.no_prediction && !models.score(ctx.get(), index, s.quiet, error)) return fail(error);

    const char *out = s.output ? s.output->c_str() : nullptr;
    if (vmaf_write_output(ctx.get(), out, s.format))
        return fail("could not write the output (see the message above)");
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const ParseResult parsed = parse_cli(argc, argv);
    if (!parsed.ok) {
        fmt::print(stderr, "vmaf: {}\nRun 'vmaf --help' for the options.\n", parsed.message);
        return 2;
    }
    if (parsed.exit_now) {
        fmt::print("{}", parsed.message);
        return 0;
    }
    if (parsed.settings.version) {
        fmt::print("{}\n", vmaf_version());
        return 0;
    }
    return run(parsed.settings);
}
